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
