/// A table of premultiplied colours sampled evenly over a parameter range, read by nearest entry (conic paints,
/// whose tables are fine enough) or with linear interpolation (shadow profiles).
struct ColorTable {
    let entries: [SIMD4<Float>]
    /// `entries.count − 1` as a float, the scale from the unit parameter to an index.
    let last: Float

    /// `count` (≥ 2) samples of `color` at `0, 1/(count−1), …, 1`.
    init(count: Int, _ color: (Double) -> SIMD4<Float>) {
        let n = max(2, count)
        entries = (0..<n).map { color(Double($0) / Double(n - 1)) }
        last = Float(n - 1)
    }

    /// The entry nearest to `u` in 0…1 (clamped).
    @inline(__always)
    static func nearest(_ table: UnsafeBufferPointer<SIMD4<Float>>, last: Float, _ u: Float) -> SIMD4<Float> {
        table[nearestIndex(last: last, u)]
    }

    /// The index of the entry nearest to `u` in 0…1 (clamped) in a table whose last index is `last`.
    @inline(__always)
    static func nearestIndex(last: Float, _ u: Float) -> Int {
        Int(u.clampedToUnit * last + 0.5)
    }

    /// The colour at `u` in 0…1 (clamped).
    @inline(__always)
    static func lookup(_ table: UnsafeBufferPointer<SIMD4<Float>>, last: Float, _ u: Float) -> SIMD4<Float> {
        let idx = u.clampedToUnit * last
        let i = min(Int(idx), table.count - 2)
        let t = idx - Float(i)
        let a = table[i], b = table[i + 1]
        return a + (b - a) * t
    }
}
