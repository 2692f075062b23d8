import RingCore

/// A filled axis-aligned rectangle with circular corners.
///
/// Along the straight sides the exact coverage is the product of the pixel's overlaps with the rectangle in x
/// and in y (also exact at sharp corners); inside a corner's quarter circle the edge is a circle and the
/// half-plane coverage of its distance applies.
struct BoxCoverage: CoverageSource {
    let cx: Double, cy: Double
    /// Half the width and height.
    let hx: Double, hy: Double
    let radius: Double

    /// Corners this round or rounder use the circle's distance; below, the sharp rectangle is closer.
    static let minimumRoundCorner = 1.0

    init(center: Point, halfWidth: Double, halfHeight: Double, radius: Double) {
        cx = center.x
        cy = center.y
        hx = max(0, halfWidth)
        hy = max(0, halfHeight)
        self.radius = min(max(0, radius), min(hx, hy))
    }

    init(_ shape: RoundedRect) {
        self.init(
            center: shape.rect.center, halfWidth: shape.rect.width / 2, halfHeight: shape.rect.height / 2,
            radius: shape.cornerRadius)
    }

    var isEmpty: Bool { hx <= 0 || hy <= 0 }

    var rows: Range<Int> { isEmpty ? 0..<0 : .rows(minY: cy - hy, maxY: cy + hy) }

    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        (levelSet(y: y, offset: Coverage.reach), levelSet(y: y, offset: -Coverage.reach))
    }

    /// The section on the line `y` of the points whose signed distance is at most `offset`: a rectangle grown
    /// (or shrunk) by `offset` with corner radius `radius + offset` — or, once that is negative, sharp corners.
    func levelSet(y: Double, offset k: Double) -> SpanSet {
        guard !isEmpty else { return SpanSet() }
        let bx = hx - radius, by = hy - radius
        let rho = radius + k
        let dy = abs(y - cy)
        let half: Double
        if rho >= 0 {
            if dy <= by {
                half = bx + rho
            } else if dy <= by + rho {
                let e = dy - by
                half = bx + (rho * rho - e * e).squareRoot()
            } else {
                return SpanSet()
            }
        } else {
            guard dy <= by + rho else { return SpanSet() }
            half = bx + rho
        }
        return SpanSet(cx - half, cx + half)
    }

    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let local = Local(self)
        let py = Float(y - cy)
        let x0 = Float(Double(range.lowerBound) + 0.5 - cx)
        for x in range { out[x] = local.coverage(x0 + Float(x - range.lowerBound), py) }
    }

    /// Per-pixel constants relative to the centre, in single precision.
    struct Local {
        let hx: Float, hy: Float, radius: Float, round: Bool

        init(_ box: BoxCoverage) {
            hx = Float(box.hx)
            hy = Float(box.hy)
            radius = Float(box.radius)
            round = box.radius >= BoxCoverage.minimumRoundCorner
        }

        /// Coverage of the pixel centred at (`px`, `py`) from the centre.
        @inline(__always)
        func coverage(_ px: Float, _ py: Float) -> Float {
            let qx = abs(px) - (hx - radius), qy = abs(py) - (hy - radius)
            if round && qx > 0 && qy > 0 {
                let d = (qx * qx + qy * qy).squareRoot()
                return Coverage.halfPlane(inside: radius - d, nx: qx, ny: qy, length: d)
            }
            return Coverage.interval(px - 0.5, -hx, hx) * Coverage.interval(py - 0.5, -hy, hy)
        }
    }
}

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
