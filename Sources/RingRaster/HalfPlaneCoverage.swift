import RingCore

/// The points on the forward side of a line: a clip.
struct HalfPlaneCoverage: CoverageSource {
    let plane: HalfPlane
    let slope: EdgeSlope

    init(_ plane: HalfPlane) {
        self.plane = plane
        slope = EdgeSlope(plane.normal.x, plane.normal.y)
    }

    var rows: Range<Int> { .everyRow }

    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        // (p − point)·n = nx·x + (ny·(y − py) − nx·px)
        let n = plane.normal, p = plane.point
        let offset = n.y * (y - p.y) - n.x * p.x
        return (
            SpanSet.halfLine(slope: n.x, offset: offset + Coverage.reach),
            SpanSet.halfLine(slope: n.x, offset: offset - Coverage.reach)
        )
    }

    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let n = plane.normal, p = plane.point
        let nx = Float(n.x)
        let t0 = Float(n.x * (Double(range.lowerBound) + 0.5 - p.x) + n.y * (y - p.y))
        for x in range {
            out[x] = Coverage.halfPlane(inside: t0 + nx * Float(x - range.lowerBound), a: slope.a, b: slope.b)
        }
    }
}
