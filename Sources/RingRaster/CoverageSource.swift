/// A region with exact anti-aliased coverage, rasterized one row at a time.
///
/// Rows are described by two span sets: where coverage may be non-zero, and where it is certainly 1. The
/// rasterizer fills the second without per-pixel distance work and asks ``coverage(y:range:into:)`` only for
/// the pixels in between, which lie within about a pixel of an edge.
protocol CoverageSource {
    /// Pixel rows that may have non-zero coverage (possibly beyond the image; callers clip).
    var rows: Range<Int> { get }

    /// On the row whose pixel centres lie at `y`: where coverage may be non-zero (`touched`) and where it is 1
    /// (`covered`, a subset).
    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet)

    /// Writes the coverage (0…1) of each pixel in `range` on the row at `y` to `out[x]`.
    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>)
}

extension Range where Bound == Int {
    /// The pixel rows a shape reaching from `minY` to `maxY` can touch, with a pixel of anti-aliasing.
    static func rows(minY: Double, maxY: Double) -> Range<Int> {
        guard minY.isFinite, maxY.isFinite, minY <= maxY else { return 0..<0 }
        let lo = (minY - Coverage.reach - 0.5).rounded(.down)
        let hi = (maxY + Coverage.reach - 0.5).rounded(.up) + 1
        let clampedLo = Int(lo.clamped(to: -1...Double(Int32.max)))
        let clampedHi = Int(hi.clamped(to: -1...Double(Int32.max)))
        return clampedLo..<Swift.max(clampedLo, clampedHi)
    }

    /// Every row.
    static let everyRow: Range<Int> = Int(Int32.min)..<Int(Int32.max)
}
