import RingCore

/// All points within half a width of a rounded rectangle's outline: the rectangle grown by the half width
/// (corner radius `r + w/2`) minus the rectangle shrunk by it (corner radius `max(0, r − w/2)`, sharp below).
/// The hole lies inside the outer shape, so coverage is the difference of the two exact coverages — sharp inner
/// corners of square outlines included.
struct OutlineCoverage: CoverageSource {
    let outer: BoxCoverage
    let hole: BoxCoverage

    init(_ outline: RoundedRectOutline) {
        let box = BoxCoverage(outline.shape)
        let hw = max(0, outline.width / 2)
        outer = BoxCoverage(
            center: Point(x: box.cx, y: box.cy), halfWidth: box.hx + hw, halfHeight: box.hy + hw,
            radius: box.radius + hw)
        hole = BoxCoverage(
            center: Point(x: box.cx, y: box.cy), halfWidth: box.hx - hw, halfHeight: box.hy - hw,
            radius: box.radius - hw)
    }

    var rows: Range<Int> { outer.rows }

    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        let o = outer.spans(y: y), h = hole.spans(y: y)
        return (o.touched.subtracting(h.covered), o.covered.subtracting(h.touched))
    }

    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let o = BoxCoverage.Local(outer), h = BoxCoverage.Local(hole)
        let hasHole = !hole.isEmpty
        let py = Float(y - outer.cy)
        let x0 = Float(Double(range.lowerBound) + 0.5 - outer.cx)
        for x in range {
            let px = x0 + Float(x - range.lowerBound)
            let c = o.coverage(px, py)
            out[x] = hasHole ? max(0, c - h.coverage(px, py)) : c
        }
    }
}
