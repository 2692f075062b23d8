import RingCore

/// SVG has no conic paint (docs/design.md §Conic gradients): a conic-painted band becomes N stroked arc pieces, each painted
/// by a `linearGradient` along its chord, with the round caps drawn underneath in the end colours.
extension SVGDocument {
    /// Colour error budget of the chord approximation, in 8-bit levels.
    static let conicTolerance = 0.5
    /// Pieces per turn, whatever the bound says (the brief's 24…36).
    static let piecesPerTurn = 24.0...36.0
    /// Very thick bands (the chord error grows with half width / radius) may use up to this many pieces per turn
    /// when the bound asks for them: a 45 % ring asks for ~300 per turn; with 36 its gradient strays ~9 levels
    /// from the conic near the hole, with 160 ~1.5 (3 after librsvg's 8-bit roundings), and with the bound
    /// honoured under 0.5 (2 after librsvg). Only such bands pay the extra bytes.
    static let thickBandPiecesPerTurn = 360.0
    /// Short arcs may use up to this many pieces when the bound asks for them.
    static let shortArcPieces = 12
    /// Each piece runs on under the next by at least this much (px): 1 px hides the anti-aliasing seam at
    /// 1:1 (docs/design.md §Conic gradients).
    static let pieceOverlap = 1.0
    /// Radius per pixel of overlap beyond the minimum: big images are often shown scaled down (a 1024 px ring
    /// in a 256 px slot), where a 1 px overlap shrinks below a device pixel and seams reappear. Overlap hides
    /// under the next piece, so growing it with the radius costs nothing visible at 1:1.
    static let radiusPerOverlapPixel = 64.0

    /// Overlap in pixels for pieces of `arc`.
    static func overlap(for arc: ArcBand) -> Double {
        max(pieceOverlap, arc.radius / radiusPerOverlapPixel)
    }

    /// How far (px) the pieces are stroked beyond each side of the band, which a mask of the exact annulus then
    /// trims. Where pieces overlap, two anti-aliased edges on the same pixels cover them twice: a bead at every
    /// boundary, up to 60 levels on dark backgrounds. Stroked wider, the pieces cover the band's edge pixels
    /// fully and the mask, applied once to the composited pieces, gives the band its one anti-aliased edge.
    /// (A `clip-path` would not do: renderers clip each piece separately, so overlaps still double up.) Twice
    /// the overlap puts the strokes' own edges more than a pixel outside the band.
    static func edgeMargin(for arc: ArcBand) -> Double {
        2 * overlap(for: arc)
    }

    /// A `mask` of the whole annulus of `arc` (white, even-odd), which trims the pieces' long edges; returns its
    /// id. The ends are left to the pieces' butt ends and the caps.
    mutating func defineAnnulusMask(_ arc: ArcBand) -> String {
        let inner = arc.radius - arc.width / 2, outer = arc.radius + arc.width / 2
        var path = SVGPath.arc(center: arc.center, radius: outer, start: 0, sweep: Angle.fullTurn)
        path.close()
        var d = path.d
        if inner > 0.005 {
            var hole = SVGPath.arc(center: arc.center, radius: inner, start: 0, sweep: Angle.fullTurn)
            hole.close()
            d += hole.d
        }
        let f = SVGWriter.fmt
        let side = 2 * outer + 2
        var rest = " maskUnits=\"userSpaceOnUse\" x=\"\(f(arc.center.x - outer - 1))\""
        rest += " y=\"\(f(arc.center.y - outer - 1))\" width=\"\(f(side))\" height=\"\(f(side))\">"
        rest += "<path fill=\"#fff\" fill-rule=\"evenodd\" d=\"\(d)\"/></mask>"
        return define("k", element: "mask", rest)
    }

    /// Pieces for `arc` painted with `paint`: the error of a chord gradient is `hw/(2R)` of one piece's colour
    /// step (docs/design.md §Conic gradients), so `N ≥ 255 · rate · hw / (2R · tolerance)`; then 24…36 per turn, at least
    /// one piece and no piece shorter than 2 px.
    static func pieceCount(_ arc: ArcBand, _ paint: ConicPaint) -> Int {
        let turns = min(1, abs(arc.sweep) / Angle.fullTurn)
        let halfWidth = arc.width / 2
        let bound = 255 * paint.maxChannelRate * halfWidth / (2 * max(arc.radius, 1e-9) * conicTolerance)
        let needed = Int(bound.rounded(.up))
        let lower = Int((piecesPerTurn.lowerBound * turns).rounded(.up))
        let thick = Int((thickBandPiecesPerTurn * turns).rounded(.up))
        let upper = max(Int((piecesPerTurn.upperBound * turns).rounded(.up)), min(needed, max(shortArcPieces, thick)))
        let byLength = max(1, Int(arc.length / 2))
        return max(1, min(max(needed, lower), upper, byLength))
    }

    /// Piece boundaries as fractions of the sweep: `n` even pieces, also split where the gradient passes one
    /// of its stops. A chord gradient is linear, so a piece straddling a stop would round off the gradient's kink
    /// there (several levels between strongly different stops); even boundaries within a quarter piece of a stop
    /// give way to it.
    static func pieceBounds(count n: Int, _ paint: ConicPaint) -> [Double] {
        let stops = paint.gradient.stops.count
        let lo = paint.range.lowerBound, hi = paint.range.upperBound
        var kinks: [Double] = []
        if stops > 2 && hi != lo {
            for i in 1..<(stops - 1) {
                let f = (Double(i) / Double(stops - 1) - lo) / (hi - lo)
                if f > 0 && f < 1 { kinks.append(f) }
            }
        }
        let margin = 0.25 / Double(n)
        var bounds = kinks
        for k in 0...n {
            let b = Double(k) / Double(n)
            let nearKink = kinks.contains { abs($0 - b) < margin }
            if k == 0 || k == n || !nearKink { bounds.append(b) }
        }
        return bounds.sorted()
    }

    /// How far (px) the run-on pieces' ends stay from the tip's edge at the band's inner radius. They end halfway
    /// through the last piece, on a radial line, and radial lines meet at the centre: where they come within a
    /// pixel of the tip, every run-on end anti-aliases the tip's pixels too and their coverages compound, so a
    /// thick band's tip came out stair-stepped in librsvg and Chromium (within 68 px of the centre of a 1024 px
    /// band with no hole, whose last piece spans 1.7°).
    static let tipClearance = 2.0
    /// Widest span (radians) given to the last piece for ``tipClearance``: within `tipClearance / 0.125` = 16 px
    /// of a hole-less band's centre the clearance is then less than 2 px (at 8 px, 1 px).
    static let maxTipSpan = 0.25
    /// Largest colour change (8-bit levels) across a widened last piece. A chord gradient strays from the conic by
    /// up to half its piece's change near the centre (a point there projects to the chord's middle), so this
    /// keeps the widened piece within a level of the PNG; steep gradients then keep a narrower piece.
    static let tipColourStep = 2.0

    /// `bounds` with the last piece widened (the bounds inside it dropped) so that its middle, where the run-ons
    /// end, lies at least ``tipClearance`` from the tip at the inner radius, within ``maxTipSpan`` and
    /// ``tipColourStep``.
    static func clearingTip(_ bounds: [Double], _ arc: ArcBand, _ paint: ConicPaint, sweep: Double) -> [Double] {
        guard bounds.count > 2, abs(sweep) > 1e-9 else { return bounds }
        let inner = max(arc.radius - arc.width / 2, 0)
        // The middle's distance from the tip at the inner radius is inner · sin(span / 2) ≈ inner · span / 2.
        let needed = 2 * tipClearance / max(inner, 1e-9)
        let byColour = tipColourStep * abs(sweep) / max(255 * paint.maxChannelRate, 1e-9)
        let last = 1 - min(needed, maxTipSpan, byColour) / abs(sweep)
        guard bounds[bounds.count - 2] > last else { return bounds }
        let kept = bounds.dropLast().filter { $0 <= last }
        return kept.isEmpty ? [0, 1] : kept + [1]
    }

    mutating func writeConic(_ primitive: Primitive, _ paint: ConicPaint, motions: [Motion]) {
        let arc: ArcBand
        switch primitive {
        case .arc(let a): arc = a
        case .ring(let r):
            arc = ArcBand(center: r.center, radius: r.radius, width: r.width, start: paint.start, sweep: paint.sweep)
        default:
            // Conic paints only describe bands; anything else takes the start colour.
            writeElement(primitive, SVGPaint(paint.color(atFraction: 0)), motions: motions)
            return
        }
        let trim = motions.trim
        let others = motions.filter { if case .trim = $0 { false } else { true } }
        let wrapper = animationClass(others, paintProperty: nil)
        if let wrapper { body += "<g class=\"\(wrapper)\">" }
        if paint.gradient.stops.allSatisfy(\.isOpaque) {
            writePieces(arc, paint, trim: trim, tint: { $0 })
        } else if trim == nil, arc.isFullCircle, let (band, seamPaint) = Self.seamWithATop(arc, paint) {
            // A full band's seam between paint of different alphas: under one alpha mask the seam's pixels came
            // out as (mixed colour) × (mixed alpha), off by up to a quarter of the alphas' difference times the
            // colours'. The more opaque side's piece goes on top instead, over the rest (whose first piece reaches
            // under it), which is exact for an opaque top; both under one trim to the band, so its rims are
            // anti-aliased once.
            body += "<g mask=\"url(#\(defineAnnulusMask(band)))\">"
            writeMaskedPieces(band, seamPaint, trim: nil, selection: .allButLast, trimsToBand: false)
            writePieces(band, seamPaint, trim: nil, tint: { $0 }, selection: .lastOnly, trimsToBand: false)
            body += "</g>"
        } else {
            writeMaskedPieces(arc, paint, trim: trim, selection: .all)
        }
        if wrapper != nil { body += "</g>" }
    }

    /// Which of a band's pieces `writePieces` draws.
    enum PieceSelection {
        case all, allButLast, lastOnly
    }

    /// Pieces of a band with translucent stops: overlapping pieces (and caps over the pieces' ends) would each add
    /// their alpha, a dark spoke at every overlap. So the pieces are drawn opaque, where overlaps are harmless, and
    /// the alpha comes from a luminance mask of the same pieces in greys (grey = alpha, opaque, so overlaps are
    /// harmless there too). Browsers and librsvg take a mask's luminance from sRGB values as they are.
    private mutating func writeMaskedPieces(
        _ arc: ArcBand, _ paint: ConicPaint, trim: (track: Track<Double>, origin: Double)?, selection: PieceSelection,
        trimsToBand: Bool = true
    ) {
        let drawn = body
        body = ""
        writePieces(
            arc, paint, trim: trim, tint: { c in Color(r: c.a, g: c.a, b: c.a) }, alphaMask: true, selection: selection)
        let alpha = body
        body = drawn
        let outer = arc.radius + arc.width / 2 + Self.edgeMargin(for: arc)
        let f = SVGWriter.fmt
        var rest = " maskUnits=\"userSpaceOnUse\" x=\"\(f(arc.center.x - outer - 1))\""
        rest += " y=\"\(f(arc.center.y - outer - 1))\" width=\"\(f(2 * outer + 2))\" height=\"\(f(2 * outer + 2))\">"
        let mask = define("o", element: "mask", rest + alpha + "</mask>")
        body += "<g mask=\"url(#\(mask))\">"
        writePieces(arc, paint, trim: trim, tint: \.opaque, selection: selection, trimsToBand: trimsToBand)
        body += "</g>"
    }

    /// Most levels the paint under a seam's top piece (`seamWithATop`) may show through it: the run-ons of the
    /// pieces beside it lie under half its width, so a top of alpha α lets 255 − α levels through over an area,
    /// not along a line (a top of alpha 234 put 48 pixels of a 64 px ring over 16 levels, against 18 along the
    /// seam under one mask).
    static let seamTopShowThrough = 8.0

    /// For a still full band with translucent stops: the band and paint to draw so that the more opaque side of
    /// its seam is the last piece (reversed when that is the first), or nil when one alpha mask does better.
    /// Under one mask the seam is off by up to a quarter of the two sides' alpha difference times their colour
    /// difference; with a top piece the paint under it shows through by up to the top's transparency
    /// (``seamTopShowThrough``).
    static func seamWithATop(_ arc: ArcBand, _ paint: ConicPaint) -> (ArcBand, ConicPaint)? {
        func topAlpha(_ arc: ArcBand, _ paint: ConicPaint) -> Double {
            let bounds = stillBounds(arc, paint)
            return Double(min(paint.color(atFraction: bounds[bounds.count - 2]).a, paint.color(atFraction: 1).a))
        }
        // Reversed: a full band's seam lies at its start either way, so only the direction and the stops turn.
        var band = arc
        band.sweep = -arc.sweep
        var reversed = paint
        reversed.sweep = -paint.sweep
        reversed.range = (1 - paint.range.upperBound)...(1 - paint.range.lowerBound)
        guard let stops = Gradient(stops: paint.gradient.stops.reversed()) else { return nil }
        reversed.gradient = stops
        let start = paint.color(atFraction: 0), end = paint.color(atFraction: 1)
        let colours = [abs(Int(start.r) - Int(end.r)), abs(Int(start.g) - Int(end.g)), abs(Int(start.b) - Int(end.b))]
        let seamError = abs(Double(start.a) - Double(end.a)) / 255 * Double(colours.max() ?? 0) / 4
        let (endTop, startTop) = (topAlpha(arc, paint), topAlpha(band, reversed))
        let showThrough = 255 - max(endTop, startTop)
        guard showThrough <= seamTopShowThrough, showThrough < seamError else { return nil }
        return endTop >= startTop ? (arc, paint) : (band, reversed)
    }

    /// Piece boundaries of a still band (fractions of the sweep), its last piece widened as `clearingTip` says.
    static func stillBounds(_ arc: ArcBand, _ paint: ConicPaint) -> [Double] {
        let sweep = arc.isFullCircle ? (arc.sweep < 0 ? -Angle.fullTurn : Angle.fullTurn) : arc.sweep
        return clearingTip(pieceBounds(count: pieceCount(arc, paint), paint), arc, paint, sweep: sweep)
    }

    /// The pieces (and round caps) of `arc`, every colour passed through `tint` (the paint's own colours, their
    /// opaque versions, or greys standing for their alpha). For an `alphaMask` the shapes' outer edges must not
    /// anti-alias a second time (the drawn layer's edges already do): the pieces are left untrimmed and the caps
    /// reach a pixel further out.
    private mutating func writePieces(
        _ arc: ArcBand, _ paint: ConicPaint, trim: (track: Track<Double>, origin: Double)?, tint: (Color) -> Color,
        alphaMask: Bool = false, selection: PieceSelection = .all, trimsToBand: Bool = true
    ) {
        let capRadius = arc.width / 2 + (alphaMask ? 1 : 0)
        let full = arc.isFullCircle
        let sweep = full ? (arc.sweep < 0 ? -Angle.fullTurn : Angle.fullTurn) : arc.sweep
        if !full, trim == nil, arc.startCap == .round, arc.endCap == .round,
            arc.length <= 2 * Self.overlap(for: arc)
        {
            writeDot(arc, paint, radius: capRadius, tint: tint)
            return
        }
        // A still band widens its last piece where the run-ons' ends would come too close to the tip.
        let bounds = trim == nil ? Self.stillBounds(arc, paint) : Self.pieceBounds(count: Self.pieceCount(arc, paint), paint)
        let origin = trim.map { Angle.normalized($0.origin * Angle.fullTurn) / Angle.fullTurn } ?? 0

        // Round caps first, in the end colours, so the pieces' butt ends land on same-coloured paint.
        // Each cap is the half-disc beyond its end plus a 1 px strip under the pieces: a tiny arc then splits its
        // dot between the two colours, as the nearest-point rule says, instead of the end cap hiding the start.
        if !full {
            let direction: Double = sweep < 0 ? -1 : 1
            if arc.startCap == .round {
                let back = Self.tangent(at: arc.start, direction: direction) * -1
                body += "<path d=\"\(Self.capPath(arc.startPoint, outward: back, radius: capRadius, overlap: Self.overlap(for: arc)).d)\""
                body += SVGPaint(tint(paint.color(atFraction: 0))).fill + "/>"
            }
            // The end cap belongs to the finished arc: while revealing, it shows once the reveal has reached it —
            // left out when that is only at the hand-over, where the still picture's own cap takes over.
            let done = trim.map { $0.track.time(reaching: 1) }
            if arc.endCap == .round, (done ?? 0) < Scene.handOverTime {
                let ahead = Self.tangent(at: arc.end, direction: direction)
                body += "<path d=\"\(Self.capPath(arc.endPoint, outward: ahead, radius: capRadius, overlap: Self.overlap(for: arc)).d)\""
                body += SVGPaint(tint(paint.color(atFraction: 1))).fill
                if let done, let cls = animationClass([.opacity(Self.appearing(at: done))], paintProperty: nil) {
                    body += " class=\"\(cls)\""
                }
                body += "/>"
            }
        }

        // The overlap is an angle: measured at the inner edge, where it is shortest, so thick bands with small
        // holes keep it there too.
        let innerEdge = max(arc.radius - arc.width / 2, Self.pieceOverlap)
        let overlap = Self.overlap(for: arc) / max(abs(sweep) * innerEdge, 1e-9)
        // How far the mask runs past butt ends, as a fraction of the sweep: a pixel on the centre line, but at most
        // half the gap between the tip and the start, so it never reaches the other end's paint.
        let gap = max(0, Angle.fullTurn - abs(sweep))
        let ends = min(1 / max(abs(sweep) * arc.radius, 1e-9), 0.5 * gap / max(abs(sweep), 1e-9))
        let strokeWidth = arc.width + 2 * Self.edgeMargin(for: arc)
        var group = alphaMask || !trimsToBand ? "" : " mask=\"url(#\(defineAnnulusMask(arc)))\""
        group += " fill=\"none\" stroke-width=\"\(SVGWriter.fmt(strokeWidth))\""
        if trim != nil {
            group += " class=\"" + sharedRule("t", ".${stroke-dasharray:1 2}") + "\""
            _ = sharedRule("d", "@keyframes ${0%{stroke-dashoffset:1}100%{stroke-dashoffset:0}}")
        }
        body += "<g\(group)>"
        let last = bounds.count - 2
        let lastMiddle = 0.5 * (bounds[last] + bounds[last + 1])
        // A thick still band at least a quarter turn long with a straight tip keeps its pieces off a strip along
        // the tip (the pieces drawn as sectors reach the centre, and so does that tip's edge; a round tip is a cap
        // under the pieces, in the end colour).
        let tipFrame: TipFrame? =
            trim == nil && abs(sweep) >= Double.pi / 2 && (full || arc.endCap != .round)
                && arc.radius + arc.width / 2 >= TipFrame.minOuterRadius
            ? TipFrame(
                center: arc.center, tip: arc.start + sweep, direction: sweep < 0 ? -1 : 1,
                levelsPerRadian: 255 * paint.maxChannelRate / abs(sweep))
            : nil
        for k in 0...last {
            switch selection {
            case .all: break
            case .allButLast: if k == last { continue }
            case .lastOnly: if k < last { continue }
            }
            let a = bounds[k], b = bounds[k + 1]
            // Run on under the next piece; for a full band the first piece also reaches back under the last,
            // whose end (the tip) then lies on paint rather than on the background.
            var from = (full && k == 0) ? a - overlap : a
            // Never past the end of the sweep: where the band's hole is tiny the overlap angle is wide, and a
            // piece running on beyond the tip would show its colour in the gap ahead of the tip.
            // Nor onto the tip's edge: pieces ending on one edge each anti-alias it, and their coverages
            // compound (a thick band's wide overlap angle ran a dozen pieces to the tip, whose edge came out
            // solid). Run-ons stop halfway through the last piece — on a full band too, whose tip is the seam
            // between the last lap's end and the paint under it (thick bands past one lap showed that seam
            // stair-stepped in librsvg and Chromium while the PNG's was smooth).
            var to = k < last ? min(b + overlap, max(b, lastMiddle)) : b
            if alphaMask && !full && trim == nil {
                // The mask reaches a pixel past the band's butt ends, so they are anti-aliased once, by the drawn
                // layer: a mask ending where the drawn piece ends would square the coverage there (a band a
                // fraction of a pixel long, p = 0.001, came out at a sixth of its strength instead of two fifths).
                if k == 0 { from -= ends }
                if k == last { to += ends }
            }
            func arcPath(_ from: Double, _ to: Double) -> String {
                SVGPath.arc(
                    center: arc.center, radius: arc.radius, start: arc.start + sweep * from, sweep: sweep * (to - from)
                ).d
            }
            // A piece (or half piece) whose reveal would start only at the hand-over is left out: the still
            // picture shows it from there.
            var reveals: [(path: String, cls: String?, filled: Bool)] = []
            if let trim {
                // A full band's reveal may start inside a piece: its two halves then grow at the start and at the
                // end of the reveal.
                let split = full && a < origin - 1e-9 && origin < b - 1e-9
                for (x, y) in split ? [(from, origin + overlap), (origin, to)] : [(from, to)] {
                    if let cls = pieceReveal(from: max(x, a), to: min(y, b), origin: origin, track: trim.track) {
                        reveals.append((arcPath(x, y), cls, false))
                    }
                }
            } else if SVGPath.prefersSector(radius: arc.radius, width: arc.width, sweep: sweep * (to - from)) {
                // A still piece of a band wider than its radius, or too short for an arc: its sector, filled
                // (reaching past the band's edges like the strokes, for the annulus mask to trim).
                let margin = Self.edgeMargin(for: arc)
                let outer = arc.radius + arc.width / 2 + margin
                if let tip = tipFrame {
                    // Pieces reach the centre (the annulus mask trims any hole).
                    let near = abs(sweep) * (1 - to), far = abs(sweep) * (1 - from)
                    let paths = k == last
                        ? [tip.lastPiece(near: near, far: far, outer: outer)]
                        : tip.pieceClearOfTip(near: near, far: far, outer: outer)
                    reveals += paths.map { ($0.d, nil, true) }
                } else {
                    let sector = SVGPath.sector(
                        center: arc.center, inner: max(0, arc.radius - arc.width / 2 - margin), outer: outer,
                        start: arc.start + sweep * from,
                        sweep: sweep * (to - from))
                    reveals.append((sector.d, nil, true))
                }
            } else {
                reveals.append((arcPath(from, to), nil, false))
            }
            guard !reveals.isEmpty else { continue }
            let p0 = Point.polar(center: arc.center, radius: arc.radius, angle: arc.start + sweep * a)
            let p1 = Point.polar(center: arc.center, radius: arc.radius, angle: arc.start + sweep * b)
            var gradient = " gradientUnits=\"userSpaceOnUse\" x1=\"\(SVGWriter.fmt(p0.x))\""
            gradient += " y1=\"\(SVGWriter.fmt(p0.y))\" x2=\"\(SVGWriter.fmt(p1.x))\" y2=\"\(SVGWriter.fmt(p1.y))\">"
            gradient += stop(nil, tint(paint.color(atFraction: a))) + stop(1, tint(paint.color(atFraction: b)))
            gradient += "</linearGradient>"
            let id = define("g", element: "linearGradient", gradient)
            for (path, cls, filled) in reveals {
                if filled {
                    body += "<path d=\"\(path)\" fill=\"url(#\(id))\"/>"
                    continue
                }
                body += "<path d=\"\(path)\" stroke=\"url(#\(id))\""
                if let cls { body += " pathLength=\"1\" class=\"\(cls)\"" }
                body += "/>"
            }
        }
        body += "</g>"
    }

    /// A round-capped band no longer than its caps' strips under the pieces (twice the overlap, 1–16 px) as one
    /// shape: the two half-discs joined along the chord, filled with a linear gradient from the start colour at the
    /// start point to the end colour at the end point, which is the nearest-point rule of the PNG (start colour
    /// behind the start, end colour ahead of the end). Drawn as two caps and a piece, the caps overlapped over the
    /// whole band and every edge pixel took two anti-aliased coverages: a p = 0.001 dot's rim came out up to 53
    /// levels brighter than the PNG's in librsvg (the rim of a disc drawn twice).
    private mutating func writeDot(_ arc: ArcBand, _ paint: ConicPaint, radius: Double, tint: (Color) -> Color) {
        let a = arc.startPoint, b = arc.endPoint
        let chord = b - a
        let direction: Double = arc.sweep < 0 ? -1 : 1
        let u = chord.length > 1e-6 ? chord * (1 / chord.length) : Self.tangent(at: arc.start, direction: direction)
        let side = Point(x: -u.y, y: u.x) * radius
        var path = SVGPath()
        path.move(to: a + side)
        path.line(to: b + side)
        // Through the point ahead of the end (as `capPath`), then back along the other side and round the start.
        path.arc(center: b, radius: radius, start: side.angle(from: .zero), sweep: -.pi)
        path.line(to: a - side)
        path.arc(center: a, radius: radius, start: (side * -1).angle(from: .zero), sweep: -.pi)
        path.close()
        let from = tint(paint.color(atFraction: 0)), to = tint(paint.color(atFraction: 1))
        guard from != to, chord.length > 1e-6 else {
            body += "<path d=\"\(path.d)\"" + SVGPaint(to).fill + "/>"
            return
        }
        let f = SVGWriter.fmt
        var gradient = " gradientUnits=\"userSpaceOnUse\" x1=\"\(f(a.x))\" y1=\"\(f(a.y))\" x2=\"\(f(b.x))\""
        gradient += " y2=\"\(f(b.y))\">" + stop(nil, from) + stop(1, to) + "</linearGradient>"
        body += "<path d=\"\(path.d)\" fill=\"url(#\(define("g", element: "linearGradient", gradient)))\"/>"
    }

    /// Opacity 0 until `done` (when a reveal is complete), then 1: parts of the finished picture that the reveal
    /// would otherwise show too early.
    static func appearing(at done: Double) -> Track<Double> {
        Track([Key(time: 0, value: 0), Key(time: done, value: 0), Key(time: min(done + 0.001, 1), value: 1)])
    }

    /// Unit tangent of a circle at `angle`, pointing along `direction` (+1 clockwise on screen).
    static func tangent(at angle: Double, direction: Double) -> Point {
        Point(x: -Trig.sin(angle), y: Trig.cos(angle)) * direction
    }

    /// The half-disc of `radius` on the `outward` side of `center`, extended by `overlap` px the other way.
    static func capPath(_ center: Point, outward: Point, radius: Double, overlap: Double = pieceOverlap) -> SVGPath {
        let side = Point(x: -outward.y, y: outward.x) * radius
        let back = outward * -overlap
        let angle = side.angle(from: .zero)
        var path = SVGPath()
        path.move(to: center + side + back)
        path.line(to: center + side)
        // From `side` through `outward` to `−side` (counter-clockwise on screen, as `side` is `outward` turned
        // clockwise).
        path.arc(center: center, radius: radius, start: angle, sweep: -.pi)
        path.line(to: center - side + back)
        path.close()
        return path
    }

    /// A class that reveals one piece while the trim track passes over it; nil when the reveal would start only
    /// at the hand-over to the still picture. Within one eased segment of the track the piece is timed by that
    /// segment's own piece of the curve, so its end keeps pace with the cap riding on it (a linear reveal led
    /// or lagged the cap by up to 3 px at 1024 px, issue 16 item 6); otherwise linearly.
    private mutating func pieceReveal(from a: Double, to b: Double, origin: Double, track: Track<Double>) -> String? {
        let start = Angle.normalized((a - origin) * Angle.fullTurn) / Angle.fullTurn
        let end = min(1, start + (b - a))
        let t0 = track.time(reaching: start), t1 = track.time(reaching: end)
        guard t0 < Scene.handOverTime else { return nil }
        var timing = "linear"
        let keys = track.keys
        if let k = keys.indices.dropLast().first(where: { keys[$0].value <= start && keys[$0 + 1].value >= end }),
            keys[k + 1].value > keys[k].value
        {
            let span = keys[k + 1].value - keys[k].value
            if let c = keys[k].easing.piece(from: (start - keys[k].value) / span, to: (end - keys[k].value) / span) {
                let f = NumberFormatting.fraction
                timing = "cubic-bezier(\(f(c.x1)),\(f(c.y1)),\(f(c.x2)),\(f(c.y2)))"
            }
        }
        let total = duration ?? 0
        let cls = newID("m")
        css += ".\(cls){animation:\(prefix)-d \(seconds(t1 - t0, total))s \(timing) \(seconds(t0, total))s both}"
        return cls
    }

    private func seconds(_ fraction: Double, _ total: Double) -> String {
        NumberFormatting.fraction(max(0, fraction) * total)
    }

    /// `<stop>` with an optional offset (omitted = 0), colour and opacity.
    func stop(_ offset: Double?, _ color: Color) -> String {
        var s = "<stop"
        if let offset { s += " offset=\"\(NumberFormatting.fraction(offset))\"" }
        s += " stop-color=\"\(color.svgHex)\""
        if !color.isOpaque { s += " stop-opacity=\"\(NumberFormatting.alpha(color.a))\"" }
        return s + "/>"
    }
}
