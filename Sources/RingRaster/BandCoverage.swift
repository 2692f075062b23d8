import RingCore

/// An annulus or a disc, optionally cut to an angular sector, with optional round ends: the coverage of rings,
/// arcs, discs, pie wedges and the shadow's annular-sector clip.
///
/// - Whole annulus or disc: one radial distance per pixel.
/// - Arc with two round caps: the exact signed distance to the centre-line arc (radial inside the sector, to the
///   nearer end point outside it) minus the half width: a round-capped stroke is the centre line grown by a disc.
/// - Otherwise (butt ends, wedges, clips): the product of the band's and the sector's coverage, which is exact
///   wherever only one edge crosses the pixel and a close approximation at the right-angled corners of butt
///   ends; a single round end unites with its cap disc by the larger coverage.
final class BandCoverage: CoverageSource {
    let cx: Double, cy: Double
    /// Inner radius; 0 for a disc.
    let inner: Double
    let outer: Double
    /// Nil for the whole annulus.
    let sector: AngularSector?
    /// Centres of the round caps (absolute), each a disc of ``capRadius``.
    let caps: [Point]
    /// Half the band width: the cap radius.
    let capRadius: Double
    /// The per-pixel constants, set up once (a row asks for coverage a few pixels at a time).
    private let band: Band
    /// The band cut to its sector with its caps, when there is a sector.
    private let shape: Shape?
    /// Circles this small bend noticeably within a pixel: their pixels are split into sub-pixels.
    private let smallBand: Bool
    /// Caps this small are resolved in sub-pixels near their centres (within ``capReach``).
    private let smallCaps: Bool
    private let capReach: Float

    /// A whole annulus (`inner > 0`) or disc (`inner ≤ 0`).
    convenience init(center: Point, inner: Double, outer: Double) {
        self.init(center: center, inner: inner, outer: outer, sector: nil)
    }

    /// `roundStart`/`roundEnd` put a cap of half the band width on the sector's start/end line (the lines in
    /// clockwise order, whatever the sign of the sweep the sector was made from).
    init(
        center: Point, inner: Double, outer: Double, sector: AngularSector?, roundStart: Bool = false,
        roundEnd: Bool = false
    ) {
        cx = center.x
        cy = center.y
        self.inner = max(0, inner)
        self.outer = max(0, outer)
        self.sector = sector
        let hw = (self.outer - self.inner) / 2
        capRadius = hw
        var caps: [Point] = []
        if let sector {
            let r = (self.inner + self.outer) / 2
            if roundStart { caps.append(Point(x: center.x + sector.u0x * r, y: center.y + sector.u0y * r)) }
            if roundEnd { caps.append(Point(x: center.x + sector.u1x * r, y: center.y + sector.u1y * r)) }
        }
        self.caps = caps
        let localCaps = caps.map { SIMD2(Float($0.x - center.x), Float($0.y - center.y)) }
        let band = Band(inner: Float(self.inner), outer: Float(self.outer))
        self.band = band
        shape = sector.map { Shape(band: band, wedge: $0.local, caps: localCaps, hw: Float(hw)) }
        smallBand = band.outer < Supersampling.minimumRadius
            || (band.inner > 0 && band.inner < Supersampling.minimumRadius)
        smallCaps = !localCaps.isEmpty && Float(hw) < Supersampling.minimumRadius
        capReach = Float(hw) + 1.5
    }

    /// The band of an arc primitive (already in device pixels).
    convenience init(_ arc: ArcBand) {
        let hw = max(0, arc.width / 2)
        let inner = arc.radius - hw, outer = arc.radius + hw
        if arc.isFullCircle {
            self.init(center: arc.center, inner: inner, outer: outer)
            return
        }
        // The sector runs clockwise: a counter-clockwise arc's end is the sector's start.
        let (first, last) = arc.sweep < 0 ? (arc.endCap, arc.startCap) : (arc.startCap, arc.endCap)
        self.init(
            center: arc.center, inner: inner, outer: outer,
            sector: AngularSector(center: arc.center, start: arc.start, sweep: arc.sweep),
            roundStart: first == .round, roundEnd: last == .round)
    }

    /// The rows of the band's bounding box: the whole circle's, or for a sector the extent of its corners, of
    /// the circle's top or bottom where the sector holds that direction, and of its caps. A short arc (a
    /// track's piece across the start, a tip's shadow clip) is then not visited on every row of its circle.
    var rows: Range<Int> {
        guard let sector else { return .rows(minY: cy - outer, maxY: cy + outer) }
        var lo = Double.infinity, hi = -Double.infinity
        func include(_ y: Double) {
            lo = min(lo, y)
            hi = max(hi, y)
        }
        for r in [inner, outer] {
            include(cy + r * sector.u0y)
            include(cy + r * sector.u1y)
        }
        if sector.contains(0, 1) { include(cy + outer) }
        if sector.contains(0, -1) { include(cy - outer) }
        for cap in caps {
            include(cap.y - capRadius)
            include(cap.y + capRadius)
        }
        return .rows(minY: lo, maxY: hi)
    }

    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        let reach = Coverage.reach
        var touched = SpanSet.annulus(cx: cx, cy: cy, inner: inner - reach, outer: outer + reach, y: y)
        var covered = SpanSet()
        if outer - reach > inner + reach {
            covered = SpanSet.annulus(cx: cx, cy: cy, inner: inner > 0 ? inner + reach : 0, outer: outer - reach, y: y)
        }
        guard let sector else { return (touched, covered) }
        // The shape is the band within the sector, united with the cap discs (which may reach across either
        // radial line: a start cap crosses the end line's extension when the sweep is near half a turn).
        switch sector.limit(y: y, margin: -reach) {
        case .keep(let lo, let hi): touched = touched.clipped(to: lo, hi)
        case .remove(let lo, let hi): touched = touched.removing(lo, hi, growing: true)
        }
        switch sector.limit(y: y, margin: reach) {
        case .keep(let lo, let hi): covered = covered.clipped(to: lo, hi)
        case .remove(let lo, let hi): covered = covered.removing(lo, hi, growing: false)
        }
        for cap in caps {
            let outer = SpanSet.chord(cx: cap.x, cy: cap.y, radius: capRadius + reach, y: y)
            if !outer.isEmpty { touched.insertGrowing(outer.lower(0), outer.upper(0)) }
            let inner = SpanSet.chord(cx: cap.x, cy: cap.y, radius: capRadius - reach, y: y)
            if !inner.isEmpty { covered.insertIfRoom(inner.lower(0), inner.upper(0)) }
        }
        return (touched, covered)
    }

    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let band = band, smallBand = smallBand
        let vy = Float(y - cy)
        let x0 = Float(Double(range.lowerBound) + 0.5 - cx)
        guard let shape else {
            for x in range {
                let vx = x0 + Float(x - range.lowerBound)
                out[x] = smallBand
                    ? Supersampling.average(vx, vy) { band.coverage($0, $1, scale: $2) } : band.coverage(vx, vy, scale: 1)
            }
            return
        }
        let smallCaps = smallCaps, capReach = capReach
        for x in range {
            let vx = x0 + Float(x - range.lowerBound)
            var fine = smallBand
            if smallCaps && !fine {
                for k in 0..<shape.capCount {
                    let cap = shape.cap(k)
                    if abs(vx - cap.x) < capReach && abs(vy - cap.y) < capReach { fine = true }
                }
            }
            out[x] = fine ? Supersampling.average(vx, vy) { shape.coverage($0, $1, scale: $2) } : shape.coverage(vx, vy, scale: 1)
        }
    }

    /// A band cut to a sector with round caps, per pixel.
    struct Shape {
        let band: Band
        let wedge: AngularSector.Local
        /// The caps' centres relative to the band's centre (``capCount`` of them, at most two), held inline so
        /// per-pixel work touches no array.
        let capCount: Int
        private let cap0: SIMD2<Float>, cap1: SIMD2<Float>
        let hw: Float

        init(band: Band, wedge: AngularSector.Local, caps: [SIMD2<Float>], hw: Float) {
            precondition(caps.count <= 2, "a band has at most two caps")
            self.band = band
            self.wedge = wedge
            capCount = caps.count
            cap0 = caps.first ?? .zero
            cap1 = caps.count > 1 ? caps[1] : .zero
            self.hw = hw
        }

        /// Cap `k` (0 or 1).
        @inline(__always) func cap(_ k: Int) -> SIMD2<Float> { k == 0 ? cap0 : cap1 }

        /// Coverage of the square of side `1/scale` centred at (`vx`, `vy`) from the centre.
        @inline(__always)
        func coverage(_ vx: Float, _ vy: Float, scale: Float) -> Float {
            if capCount == 2 {
                // Round-capped arc: the exact distance to the centre line.
                if wedge.contains(vx, vy) {
                    let r = (vx * vx + vy * vy).squareRoot()
                    let radius = (band.inner + band.outer) / 2
                    return Coverage.halfPlane(inside: (hw - abs(r - radius)) * scale, nx: vx, ny: vy, length: r)
                }
                let p = cap0, q = cap1
                let px = vx - p.x, py = vy - p.y, qx = vx - q.x, qy = vy - q.y
                let dp = px * px + py * py, dq = qx * qx + qy * qy
                let (nx, ny, d2) = dp <= dq ? (px, py, dp) : (qx, qy, dq)
                let d = d2.squareRoot()
                return Coverage.halfPlane(inside: (hw - d) * scale, nx: nx, ny: ny, length: d)
            }
            var c = band.coverage(vx, vy, scale: scale)
            if c > 0 { c *= wedge.coverage(vx, vy, scale: scale) }
            for k in 0..<capCount {
                let cap = cap(k)
                let px = vx - cap.x, py = vy - cap.y
                let d = (px * px + py * py).squareRoot()
                let capCoverage = Coverage.halfPlane(inside: (hw - d) * scale, nx: px, ny: py, length: d)
                // Two partly covering pieces unite to more than the larger: resolve the pixel in sub-pixels.
                if scale == 1 && c > 0 && c < 1 && capCoverage > 0 && capCoverage < 1 {
                    return Supersampling.average(vx, vy) { coverage($0, $1, scale: $2) }
                }
                c = max(c, capCoverage)
            }
            return c
        }
    }

    /// Radial coverage of an annulus or disc in single precision.
    struct Band {
        let inner: Float, outer: Float

        /// Coverage of the square of side `1/scale` centred at (`vx`, `vy`) from the centre.
        @inline(__always)
        func coverage(_ vx: Float, _ vy: Float, scale: Float) -> Float {
            let r = (vx * vx + vy * vy).squareRoot()
            let t = (inner > 0 ? min(r - inner, outer - r) : outer - r) * scale
            let reach = Float(Coverage.reach)
            if t >= reach { return 1 }
            if t <= -reach { return 0 }
            return Coverage.halfPlane(inside: t, nx: vx, ny: vy, length: r)
        }
    }
}
