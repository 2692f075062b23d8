import RingCore

/// All points within a half width of a polyline (round caps and joins): capsules, checkmarks, glyph strokes.
///
/// The signed distance is the minimum over the segments' distances minus the half width, so overlapping
/// segments and joins are one set: a translucent stroke never blends twice where its segments meet.
struct StrokeCoverage: CoverageSource {
    /// One segment, absolute, with its precomputed direction.
    struct Segment {
        var a: Point
        var b: Point
        var minY: Double
        var maxY: Double
    }

    let segments: [Segment]
    let halfWidth: Double
    /// Vertices where the line turns by more than ``sharpTurn``, with how far from them the join's concave inner
    /// corner lies (plus a margin): there one edge's distance does not describe the pixel, so pixels that near
    /// are sampled finely.
    let sharpVertices: [(point: Point, reach: Double)]

    /// Turns sharper than this (radians) make a corner worth sub-pixel sampling; gentler ones (flattened curves
    /// of glyphs) are all but straight.
    static let sharpTurn = 0.5
    /// Segment data relative to ``origin`` in single precision: (ax, ay, dx, dy, 1/|d|²).
    private let local: [SIMD8<Float>]
    private let origin: Point

    /// The stroke of `points` (one point is a dot) with `width`.
    init(points: [Point], width: Double) {
        halfWidth = max(0, width / 2)
        let pts = points.isEmpty ? [] : (points.count == 1 ? [points[0], points[0]] : points)
        segments = zip(pts, pts.dropFirst()).map { a, b in
            Segment(a: a, b: b, minY: min(a.y, b.y), maxY: max(a.y, b.y))
        }
        origin = pts.first ?? .zero
        var sharp: [(Point, Double)] = []
        for (s0, s1) in zip(segments, segments.dropFirst()) {
            let d0 = s0.b - s0.a, d1 = s1.b - s1.a
            let l0 = d0.length, l1 = d1.length
            guard l0 > 0, l1 > 0 else { continue }
            let cosTurn = (d0.dot(d1) / (l0 * l1)).clamped(to: -1...1)
            guard cosTurn < Trig.cos(Self.sharpTurn) else { continue }
            // The offset edges meet hw / sin(interior angle / 2) from the vertex, never beyond the shorter segment.
            let halfInterior = (Double.pi - Trig.acos(cosTurn)) / 2
            let corner = min(halfWidth / max(Trig.sin(halfInterior), 1e-3), max(l0, l1) + halfWidth)
            sharp.append((s0.b, corner + 2))
        }
        sharpVertices = sharp
        local = segments.map { [origin] s in
            let d = s.b - s.a
            let len2 = d.dot(d)
            return SIMD8(
                Float(s.a.x - origin.x), Float(s.a.y - origin.y), Float(d.x), Float(d.y),
                len2 > 0 ? Float(1 / len2) : 0, 0, 0, 0)
        }
    }

    var rows: Range<Int> {
        guard !segments.isEmpty else { return 0..<0 }
        let lo = segments.map(\.minY).min() ?? 0, hi = segments.map(\.maxY).max() ?? 0
        return .rows(minY: lo - halfWidth, maxY: hi + halfWidth)
    }

    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        let reach = Coverage.reach
        var touched = SpanSet(), covered = SpanSet()
        let outerRadius = halfWidth + reach, innerRadius = halfWidth - reach
        for s in segments where y >= s.minY - outerRadius && y <= s.maxY + outerRadius {
            if let (lo, hi) = Self.chord(s.a, s.b, radius: outerRadius, y: y) { touched.insertGrowing(lo, hi) }
            if innerRadius > 0, let (lo, hi) = Self.chord(s.a, s.b, radius: innerRadius, y: y) {
                covered.insertIfRoom(lo, hi)
            }
        }
        return (touched, covered)
    }

    /// The section of the capsule around `a`–`b` of `radius` on the line `y`: one interval, as the capsule is
    /// convex — the union of its end discs' chords and the chord of the rectangle between them.
    static func chord(_ a: Point, _ b: Point, radius: Double, y: Double) -> (Double, Double)? {
        var lo = Double.infinity, hi = -Double.infinity
        func add(_ span: SpanSet) {
            guard !span.isEmpty else { return }
            lo = min(lo, span.lower(0))
            hi = max(hi, span.upper(0))
        }
        add(SpanSet.chord(cx: a.x, cy: a.y, radius: radius, y: y))
        add(SpanSet.chord(cx: b.x, cy: b.y, radius: radius, y: y))
        let d = b - a
        let length = d.length
        if length > 0 {
            let ux = d.x / length, uy = d.y / length
            let dy = y - a.y
            // Along the segment s = (x − a.x)·ux + dy·uy ∈ [0, L]; across it q = −(x − a.x)·uy + dy·ux ∈ [−r, r].
            let along = between(slope: ux, offset: -a.x * ux + dy * uy, 0, length)
            let across = between(slope: -uy, offset: a.x * uy + dy * ux, -radius, radius)
            add(along.intersection(across, growing: true))
        }
        return lo <= hi ? (lo, hi) : nil
    }

    /// `{x : lo ≤ slope·x + offset ≤ hi}`.
    private static func between(slope: Double, offset: Double, _ lo: Double, _ hi: Double) -> SpanSet {
        SpanSet.halfLine(slope: slope, offset: offset - lo)
            .intersection(SpanSet.halfLine(slope: -slope, offset: hi - offset), growing: true)
    }

    /// Coverage of the square of side `1/scale` centred at (`px`, `py`) (relative to ``origin``).
    @inline(__always)
    private static func coverage(
        _ segments: UnsafeBufferPointer<SIMD8<Float>>, _ hw: Float, _ px: Float, _ py: Float, scale: Float
    ) -> Float {
        var best = Float.infinity, bx: Float = 0, by: Float = 0
        for s in segments {
            let wx = px - s[0], wy = py - s[1]
            let t = ((wx * s[2] + wy * s[3]) * s[4]).clampedToUnit
            let ex = wx - t * s[2], ey = wy - t * s[3]
            let d2 = ex * ex + ey * ey
            if d2 < best {
                best = d2
                bx = ex
                by = ey
            }
        }
        let d = best.squareRoot()
        return Coverage.halfPlane(inside: (hw - d) * scale, nx: bx, ny: by, length: d)
    }

    func coverage(y: Double, range: Range<Int>, into out: UnsafeMutablePointer<Float>) {
        let hw = Float(halfWidth)
        let reach = halfWidth + Coverage.reach
        let py = Float(y - origin.y)
        let x0 = Float(Double(range.lowerBound) + 0.5 - origin.x)
        // Only segments near this row can be nearest to a pixel that has coverage.
        withUnsafeTemporaryAllocation(of: SIMD8<Float>.self, capacity: local.count) { active in
            var n = 0
            for (i, s) in segments.enumerated() where y >= s.minY - reach && y <= s.maxY + reach {
                active[n] = local[i]
                n += 1
            }
            guard n > 0 else {
                out.update(repeating: 0, count: range.count, at: range.lowerBound)
                return
            }
            let segments = UnsafeBufferPointer(rebasing: active[0..<n])
            // Thin strokes end in tight circles: sample their pixels finely; so are pixels at sharp joins.
            let thin = hw < Supersampling.minimumRadius
            let corners = sharpVertices.filter { abs($0.point.y - y) < $0.reach }.map {
                SIMD3(Float($0.point.x - origin.x), Float($0.point.y - origin.y), Float($0.reach))
            }
            for x in range {
                let px = x0 + Float(x - range.lowerBound)
                var fine = thin
                for c in corners where !fine && abs(c.x - px) < c.z && abs(c.y - py) < c.z { fine = true }
                out[x] = fine
                    ? Supersampling.average(px, py) { Self.coverage(segments, hw, $0, $1, scale: $2) }
                    : Self.coverage(segments, hw, px, py, scale: 1)
            }
        }
    }
}
