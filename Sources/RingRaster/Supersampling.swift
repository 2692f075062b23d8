/// Coverage of pixels near tightly curved edges: the half-plane formula treats an edge as straight across the
/// pixel, which is exact to a fraction of a level for radii of several pixels (docs/design.md §Coverage) but not for a
/// 1 px cap of a 16 px ring or a thin glyph stroke's round end. There each pixel is split into sub-pixels, each
/// with its own half-plane coverage (the curve is 4× straighter at sub-pixel scale).
enum Supersampling {
    /// Edges curving with a radius below this (px) are sampled finely.
    static let minimumRadius: Float = 3
    /// Sub-pixels per side.
    static let subdivisions = 4

    /// The mean of `coverage(x, y, scale)` over the sub-pixels of the pixel centred at (`vx`, `vy`), where
    /// `coverage` measures a square of side `1/scale` centred at (`x`, `y`).
    @inline(__always)
    static func average(_ vx: Float, _ vy: Float, _ coverage: (Float, Float, Float) -> Float) -> Float {
        let k = subdivisions
        let step = 1 / Float(k)
        let first = -0.5 + step / 2
        var sum: Float = 0
        for j in 0..<k {
            let y = vy + first + Float(j) * step
            for i in 0..<k { sum += coverage(vx + first + Float(i) * step, y, Float(k)) }
        }
        return sum / Float(k * k)
    }
}
