extension RingLayout {
    /// `/ring`: one band filling the image (seed 000: radius = size/2 − thickness/2).
    static func ringItems(_ style: RingStyle, size: Double, animated: Bool, shadow: Double) -> [SceneItem] {
        let width = style.thickness.resolved(in: size).clamped(to: 1...(size / 2))
        let band = RingBand(
            center: Point(x: size / 2, y: size / 2), radius: size / 2 - width / 2, width: width,
            progress: style.progress, fill: style.fill, track: style.track,
            start: Angle.radians(degrees: style.start), direction: style.direction == .cw ? 1 : -1,
            cap: style.cap, shadow: style.shadow, shadowOpacity: shadow, animated: animated
        )
        return band.items()
    }
}

/// Tip shadow constants (seeds 000 and 002).
public enum TipShadow {
    /// Blur standard deviation as a fraction of the band's half width. Seed 002 uses a shadow "radius" of half
    /// the line width; SwiftUI's radius is about 2σ… 2.5σ.
    public static let sigmaRatio = 0.42
    /// Peak opacity of the black shadow on a dark page: seed 002's opaque black, so a lap over a lap reads as
    /// depth on black (just ahead of the cap the band darkens by about 40 %, as in the seed's figures).
    public static let darkPageOpacity = 1.0
    /// On a light or transparent page: between seed 000's light shadow and seed 002's, so the overlap reads
    /// without a heavy smudge on a white page.
    public static let lightPageOpacity = 0.5
    /// Blur limits as fractions of the band's inner radius, by cap. The shadow is cast forward only, so its clip
    /// ends on a line through the ring's centre; on a thick band (a small hole) a shadow as wide as `sigmaRatio`
    /// asks would still be dark there and end in a crease across the far side. A round cap's shadow (a blurred
    /// disc) meets that line at least `2 · inner radius` beyond its disc, where at 2.5σ it is under 1 % dark; a
    /// butt end's (a blurred edge, clipped a quarter turn ahead) meets it at the inner radius itself. Bands up
    /// to about 30 % (butt) and 45 % (round) thickness keep the seed's blur; thicker ones get a tighter shadow.
    public static let innerRadiusSigmaRatio = (round: 0.8, butt: 0.4)
    /// The blur never drops below this fraction of the half width (bands with little or no hole): a shadow
    /// still, not a dark outline, at the price of a short edge near the centre.
    public static let minimumSigmaRatio = 0.125

    /// Blur standard deviation for a band of `halfWidth` around a hole of `innerRadius` (px) ending in `cap`.
    public static func sigma(halfWidth: Double, innerRadius: Double, cap: LineCap) -> Double {
        let limit = cap == .round ? innerRadiusSigmaRatio.round : innerRadiusSigmaRatio.butt
        return max(minimumSigmaRatio * halfWidth, min(sigmaRatio * halfWidth, limit * max(0, innerRadius)))
    }

    /// The shadow's opacity for the page the image sits on: dark when the theme is dark or the background is an
    /// opaque dark colour.
    public static func opacity(for common: CommonOptions) -> Double {
        if common.theme == .dark { return darkPageOpacity }
        if let bg = common.background, bg.isOpaque, bg.relativeLuminance < 0.5 { return darkPageOpacity }
        return lightPageOpacity
    }
}

/// One progress band — track, body, forward tip shadow, tip cap — shared by `/ring` and `/activity`.
struct RingBand {
    var center: Point
    /// Radius of the centre line.
    var radius: Double
    var width: Double
    var progress: Double
    var fill: Fill
    var track: Color?
    /// Angle of progress 0, radians.
    var start: Double
    /// +1 clockwise, −1 counter-clockwise.
    var direction: Double
    var cap: LineCap
    var shadow: ShadowMode
    /// Peak opacity of the tip's shadow (``TipShadow/opacity(for:)``).
    var shadowOpacity: Double
    var animated: Bool

    /// How far (px) the clipped tip cap reaches behind the tip, and the track under each end of the body.
    static let capOverlap = 1.0
    /// The moment before the end at which transient animation parts hand over to the still picture.
    static let lastInstant = Scene.handOverTime
    /// Number of keys used to sample motions that are not a single easing curve.
    static let sampledKeys = 24

    var halfWidth: Double { width / 2 }
    /// Angle swept by the tip, unsigned (may exceed a turn).
    var sweep: Double { Angle.fullTurn * progress }
    /// Angle of the tip.
    var tipAngle: Double { start + direction * sweep }
    var tip: Point { .polar(center: center, radius: radius, angle: tipAngle) }
    /// Unit tangent at the tip, pointing the way the ring grows.
    var forward: Point { Point(x: -Trig.sin(tipAngle), y: Trig.cos(tipAngle)) * direction }
    var laps: Bool { progress >= 1 }
    var showsShadow: Bool { progress > 0 && shadow.isShown(progress: progress) }
    /// A separate tip cap: over the shadow, closing the full band once the ring has come round, or on top of the
    /// start cap where the two round caps meet.
    var showsTipCap: Bool { cap == .round && (laps || showsShadow || capsMeet) }

    /// Whether the round caps of a band below one lap reach into each other's half of the gap between tip and
    /// start (with a pixel to spare for anti-aliasing). Colouring by angle cannot then tell the end cap from the
    /// start cap, so both become shapes of their own, decided here for both writers: the start cap under the
    /// body in the start colour, the end cap on top in the end colour (seed 002: the end lies over the start).
    var capsMeet: Bool {
        guard cap == .round, !laps, progress > 0 else { return false }
        let reach = halfWidth + Self.capOverlap
        // Angle a cap subtends on one side of its centre, seen from the ring's centre.
        guard reach < radius else { return true }
        let capAngle = Trig.asin(reach / radius)
        return Angle.fullTurn - sweep < 2 * capAngle
    }

    /// Shortest length of the gradient along the centre line, in band widths. Below it the gradient is spread
    /// over this length and the band shows only its beginning, so a tiny progress is a dot in the start colour
    /// rather than the whole gradient squeezed into a two-tone dot (seed 002 names it as the thing to fix).
    static let minimumGradientWidths = 3.0
    /// Angle the gradient spans (radians): the sweep, or the minimum length's angle if that is longer.
    var gradientSpan: Double {
        guard !laps, radius > 0 else { return sweep }
        return min(Angle.fullTurn, max(sweep, Self.minimumGradientWidths * width / radius))
    }
    /// The gradient parameter at the tip: 1 unless the gradient is spread over its minimum span.
    var tipParameter: Double { laps || gradientSpan <= 0 ? 1 : min(1, sweep / gradientSpan) }
    /// Colour of the band at its tip.
    func tipColor(_ fill: Fill) -> Color {
        guard case .gradient(let g) = fill, tipParameter < 1 else { return fill.endColor }
        return g.color(at: tipParameter)
    }

    func items() -> [SceneItem] {
        var out: [SceneItem] = []
        if let track { out += trackItems(track) }
        guard progress > 0 else { return out }

        // Uniformly translucent fills are drawn opaque inside one faded layer, so the caps, overlapping pieces
        // and shadow under them do not double-blend.
        let layerAlpha = fill.uniformAlpha
        let paintFill = layerAlpha < 255 ? fill.opaque : fill
        var layer: [SceneItem] = []
        if capsMeet { layer.append(.group(startCap(paintFill))) }
        if let laps = lapStack(paintFill) { layer.append(.group(laps)) }
        layer.append(.shape(body(paintFill)))
        if animated && cap == .round { layer.append(.group(movingCap(paintFill))) }
        if let tipGroup = tipGroup(paintFill) { layer.append(.group(tipGroup)) }
        if layerAlpha < 255 {
            out.append(.group(Group(layer, opacity: Double(layerAlpha) / 255)))
        } else {
            out += layer
        }
        return out
    }

    // MARK: Track

    /// The track: the part of the annulus the body leaves uncovered, reaching ``capOverlap`` under each end of
    /// the body. Drawing the whole annulus under an opaque body would put two anti-aliased edges on the same
    /// pixels all along the body's rims, and the track's colour would bleed through them as a fringe (a
    /// conflation artefact: browsers and librsvg composite the two edges differently, which is what made a
    /// 16 px ring disagree between renderers). Under a translucent body the whole track shows through, as it
    /// should. Animated, the track shrinks ahead of the growing body and is gone once a lapping ring comes round.
    ///
    /// Two parts, so that every end of a part lies under the body or inside the other part, never on a pixel it
    /// shares with the body's edge: the rest of the turn, from the start backwards to ``capOverlap`` under the tip,
    /// and a short static piece across the start, from ``capOverlap`` before it to ``capOverlap`` under the body.
    func trackItems(_ color: Color) -> [SceneItem] {
        let annulus = Shape(.ring(Ring(center: center, radius: radius, width: width)), .solid(color))
        guard progress > 0, radius > 0, fill.isOpaque else { return [.shape(annulus)] }
        let turn = Angle.fullTurn
        let overlap = Self.capOverlap / radius
        // The fraction of the turn left at rest, reaching under the tip; a lapping body covers everything.
        let rest = laps ? 0 : 1 - progress + overlap / turn
        guard rest < 1 else { return [.shape(annulus)] }
        // The whole annulus as a band running backwards from the start, trimmed to `rest`, so the still track is
        // exactly the animated one's last frame.
        let whole = ArcBand(
            center: center, radius: radius, width: width, start: start + direction * turn, sweep: -direction * turn,
            startCap: .butt, endCap: .butt)
        let remainder: Shape
        if animated {
            // Its end stays `capOverlap × eased progress` behind the tip (on the tip at the first frame, where
            // nothing else is drawn), so no background shows between them while the body grows.
            let shrink: Track<Double> =
                laps
                ? Track(firstLapTrack.keys.map { Key(time: $0.time, value: 1 - $0.value) })
                : .ramp(1, rest, easing: .easeInOut)
            remainder = Shape(.arc(whole), .solid(color), motions: [.trim(shrink, origin: 0)])
        } else {
            guard let visible = Primitive.arc(whole).trimmed(rest, origin: 0) else { return [] }
            remainder = Shape(visible, .solid(color))
        }
        guard !laps else { return [.shape(remainder)] }
        let acrossStart = ArcBand(
            center: center, radius: radius, width: width, start: start - direction * overlap,
            sweep: direction * 2 * overlap, startCap: .butt, endCap: .butt)
        return [.shape(Shape(.arc(acrossStart), .solid(color))), .shape(remainder)]
    }

    // MARK: Body

    /// The arc (below one lap) or the full band coloured by its last lap (from one lap on).
    func body(_ fill: Fill) -> Shape {
        let arc: ArcBand
        let range: ClosedRange<Double>
        if laps {
            // Start the band at the tip, one turn back, so the paint's seam sits under the tip cap.
            arc = ArcBand(
                center: center, radius: radius, width: width, start: tipAngle - direction * Angle.fullTurn,
                sweep: direction * Angle.fullTurn, startCap: .butt, endCap: .butt
            )
            range = (sweep - Angle.fullTurn) / sweep...1
        } else {
            // Where the caps meet, they are drawn as shapes of their own (``startCap(_:)``, the tip cap).
            let bodyCap = capsMeet ? ArcCap.butt : cap.arcCap
            arc = ArcBand(
                center: center, radius: radius, width: width, start: start, sweep: direction * sweep,
                startCap: bodyCap, endCap: bodyCap
            )
            // The gradient runs over `gradientSpan`: the band shows it up to the tip's parameter.
            range = 0...tipParameter
        }
        let paint: Paint
        switch fill {
        case .solid(let c): paint = .solid(c)
        case .gradient(let g):
            paint = .conic(ConicPaint(center: center, start: arc.start, sweep: arc.sweep, gradient: g, range: range))
        }
        guard animated else { return Shape(.arc(arc), paint) }
        // Below a lap the body is revealed with the eased sweep; from a lap on, the laps of ``lapStack(_:)`` draw
        // the sweep and the finished band only shows at rest.
        let motion: Motion = laps ? .opacity(Self.atRest) : .trim(.ramp(0, 1, easing: .easeInOut), origin: 0)
        return Shape(.arc(arc), paint, motions: [motion])
    }

    /// How much of the first lap is drawn: the eased sweep until it comes round.
    var firstLapTrack: Track<Double> {
        let lapTime = Easing.easeInOut.inverse(1 / progress)
        let n = Self.sampledKeys
        return Track(
            (0...n).map { k -> Key<Double> in
                let t = lapTime * Double(k) / Double(n)
                return Key(time: t, value: k == n ? 1 : min(1, Easing.easeInOut.value(at: t) * progress))
            })
    }

    /// While a lapping ring plays, it is drawn as one long stroke would be (seed 002 animating its progress):
    /// lap k covers positions k … k + 1 of the sweep (in turns from the start), coloured by the gradient anchored
    /// to the whole sweep (position / progress), each lap over the one before and revealed as the eased sweep
    /// passes it. The first lap starts on the round start cap; the moving cap rounds the front. When the
    /// sweep ends, the top lap at every angle is the last one over it, which is exactly the finished band (last-
    /// lap colours), so the hand-over to it shows no change. Hidden at rest. Nil unless animated and lapping.
    func lapStack(_ fill: Fill) -> Group? {
        guard animated, laps else { return nil }
        let count = Int(progress.rounded(.up))
        // The round start, in the start colour, under the laps (as where the caps meet, ``startCap(_:)``): by angle
        // alone it would take the colour of the lap's end, which lies at the same angles.
        var items: [SceneItem] = cap == .round ? [.group(startCap(fill))] : []
        for k in 0..<count {
            let length = min(1, progress - Double(k))
            guard length > 0 else { continue }
            let arc = ArcBand(
                center: center, radius: radius, width: width, start: start, sweep: direction * Angle.fullTurn * length,
                startCap: .butt, endCap: .butt)
            let paint: Paint
            switch fill {
            case .solid(let c): paint = .solid(c)
            case .gradient(let g):
                let range = (Double(k) / progress)...((Double(k) + length) / progress)
                paint = .conic(ConicPaint(center: center, start: start, sweep: arc.sweep, gradient: g, range: range))
            }
            items.append(.shape(Shape(.arc(arc), paint, motions: [.trim(lapTrack(k, length: length), origin: 0)])))
        }
        return Group(items, opacity: 0, motions: [.opacity(Self.whilePlaying)])
    }

    /// How much of lap `k` (of `length` turns) is drawn: the eased sweep's part of it, sampled where it moves.
    func lapTrack(_ k: Int, length: Double) -> Track<Double> {
        let begin = Easing.easeInOut.inverse(Double(k) / progress)
        let end = Easing.easeInOut.inverse(min(1, (Double(k) + length) / progress))
        let n = Self.sampledKeys
        var keys: [Key<Double>] = begin > 0 ? [Key(time: 0, value: 0)] : []
        keys += (0...n).map { i -> Key<Double> in
            let t = begin + (end - begin) * Double(i) / Double(n)
            let reached = Easing.easeInOut.value(at: t) * progress - Double(k)
            // Exact at both ends: 0 where the lap begins (a hair above would show it early), 1 where it is done.
            let value = i == 0 ? 0 : i == n ? 1 : min(1, max(0, reached / length))
            return Key(time: t, value: value)
        }
        return Track(keys)
    }

    /// Opacity of parts that only show while the animation plays.
    static let whilePlaying = Track([
        Key(time: 0, value: 1.0), Key(time: lastInstant, value: 1.0), Key(time: 1, value: 0.0),
    ])
    /// Opacity of parts that only show at rest (the finished band of a lapping ring).
    static let atRest = Track([
        Key(time: 0, value: 0.0), Key(time: lastInstant, value: 0.0), Key(time: 1, value: 1.0),
    ])

    // MARK: Tip

    /// Forward shadow and tip cap, rotating with the tip when animated; nil when neither is drawn.
    func tipGroup(_ fill: Fill) -> Group? {
        var items: [SceneItem] = []
        if showsShadow {
            let shadow = shadowGroup()
            if animated, let track = shadowOpacityTrack {
                items.append(.group(Group([.group(shadow)], motions: [.opacity(track)])))
            } else {
                items.append(.group(shadow))
            }
        }
        if showsTipCap {
            let disc = Primitive.disc(Disc(center: tip, radius: halfWidth))
            let endColor = tipColor(fill)
            var motions: [Motion] = []
            if animated, case .gradient = fill { motions.append(.color(tipColorTrack(fill))) }
            let cap = SceneItem.shape(Shape(disc, .solid(endColor), motions: motions))
            // Only the front half (seed 002 step 4): the back half would show the solid end colour as a faint
            // disc over the gradient behind the tip. The half starts a pixel behind the tip so the cap covers the
            // anti-aliased edge of the shadow's clip, which runs along the same radial line.
            let half = HalfPlane(point: tip - forward * Self.capOverlap, normal: forward)
            items.append(.group(Group([cap], clip: .halfPlane(half))))
        }
        guard !items.isEmpty else { return nil }
        return Group(items, motions: animated ? [tipRotation] : [])
    }

    /// How much of the eased sweep (a fraction of ``progress``) the shadow takes to fade in once the frame's own
    /// progress passes ``ShadowMode/autoThreshold``: a short fade rather than a one-frame pop, over 2 % of a turn.
    static let shadowFadeProgress = 0.02
    /// The shortest fade (a fraction of the duration), so the two keys never share a CSS keyframe percentage.
    static let shadowFadeMinimumTime = 0.002

    /// While an `auto` shadow's ring sweeps, the shadow shows only in frames whose own progress (the eased sweep
    /// times ``progress``) is past ``ShadowMode/autoThreshold`` — the rule the still picture applies to its
    /// progress, applied to each frame's. Before that the tip is far from the start, and a shadow would darken
    /// the empty track ahead of the moving head. Nil when the shadow shows from the first frame (`on`).
    var shadowOpacityTrack: Track<Double>? {
        guard shadow == .auto, progress > ShadowMode.autoThreshold else { return nil }
        let on = Easing.easeInOut.inverse(ShadowMode.autoThreshold / progress)
        let faded = Easing.easeInOut.inverse(min(1, (ShadowMode.autoThreshold + Self.shadowFadeProgress) / progress))
        let end = min(1, max(faded, on + Self.shadowFadeMinimumTime))
        guard on < end else { return nil }
        return Track([Key(time: 0, value: 0.0), Key(time: on, value: 0.0), Key(time: end, value: 1.0)])
    }

    /// The start cap where the caps meet: a disc in the start colour under the body, its front half reaching
    /// ``capOverlap`` under the body's butt start so no seam shows between them, its back half the round start.
    func startCap(_ fill: Fill) -> Group {
        let startPoint = Point.polar(center: center, radius: radius, angle: start)
        let along = Point(x: -Trig.sin(start), y: Trig.cos(start)) * direction
        let startColor: Color
        switch fill {
        case .solid(let c): startColor = c
        case .gradient(let g): startColor = g.color(at: 0)
        }
        let disc = Shape(.disc(Disc(center: startPoint, radius: halfWidth)), .solid(startColor))
        let back = HalfPlane(point: startPoint + along * Self.capOverlap, normal: along * -1)
        return Group([.shape(disc)], clip: .halfPlane(back))
    }

    /// Turns the tip from the start to its place, with the eased sweep.
    var tipRotation: Motion {
        .rotate(center: center, .ramp(-direction * sweep, 0, easing: .easeInOut))
    }

    /// While the ring sweeps, a whole disc at the moving tip gives the growing band its round front; it is
    /// hidden at rest (opacity 0), where the body's own end cap and the tip group take over, so the last frame
    /// is exactly the still picture.
    func movingCap(_ fill: Fill) -> Group {
        var motions: [Motion] = []
        if case .gradient = fill { motions.append(.color(tipColorTrack(fill))) }
        let disc = Shape(.disc(Disc(center: tip, radius: halfWidth)), .solid(tipColor(fill)), motions: motions)
        return Group([.shape(disc)], opacity: 0, motions: [tipRotation, .opacity(Self.whilePlaying)])
    }

    /// Keys of the moving cap's colour: between keys the straight-line blend strays from the band's colour by
    /// about 10 · rate / n² levels (rate: the gradient's steepest change, levels per unit of progress), so n is
    /// chosen for about a level, within these bounds.
    static let tipColorKeys = 24...192

    /// Colour of the moving tip cap: the gradient anchored to the whole sweep, so at the eased progress E(t) the
    /// tip shows the gradient at E(t) — the colour of the band it is drawing. Keys sit at equal steps of E (not
    /// of time), where the colour changes evenly, and at every gradient stop, where it bends; sampled evenly in
    /// time, the cap strayed 3–6 levels from the band mid-sweep and showed as a faint disc (issue 16 item 6).
    func tipColorTrack(_ fill: Fill) -> Track<Color> {
        guard case .gradient(let g) = fill else { return Track([Key(time: 0, value: fill.endColor)]) }
        let segments = Double(g.stops.count - 1)
        let steepest = zip(g.stops, g.stops.dropFirst()).map { a, b in
            max(abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)))
        }.max() ?? 0
        let rate = Double(steepest) * segments * tipParameter
        let n = Int((10 * rate).squareRoot().rounded(.up)).clamped(to: Self.tipColorKeys)
        var progress = (0...n).map { Double($0) / Double(n) }
        let stops = g.stops.count
        if stops > 2 { progress += (1..<(stops - 1)).map { Double($0) / Double(stops - 1) / max(tipParameter, 1e-9) } }
        let keys = Set(progress.filter { $0 >= 0 && $0 <= 1 }).sorted().map { e -> Key<Color> in
            Key(time: Easing.easeInOut.inverse(e), value: g.color(at: e * tipParameter))
        }
        return Track(keys)
    }

    /// The shadow the tip casts forward, clipped to the band in front of the radial line through the tip
    /// (seed 002 step 4): the cap's round shadow for round caps, an edge shadow for butt caps.
    func shadowGroup() -> Group {
        let inner = max(0, radius - halfWidth), outer = radius + halfWidth
        let sigma = TipShadow.sigma(halfWidth: halfWidth, innerRadius: inner, cap: cap)
        let reach = halfWidth + 3 * sigma
        var span = forwardSpan(reach: reach, inner: inner, outer: outer)
        // A butt end's shadow is a blurred edge: its darkness depends on the distance from the line through the
        // end face, which passes through the centre. Beyond a quarter turn that line is the far side's, so a
        // thick band would show a dark crease across the far side of the hole.
        if cap == .butt { span = min(span, .pi / 2) }
        let clip = AnnularSector(
            center: center, innerRadius: inner, outerRadius: outer, start: tipAngle, sweep: direction * span)
        let shape: Shape
        switch cap {
        case .round:
            let stops = ShadowProfile.discStops(radius: halfWidth, sigma: sigma, opacity: shadowOpacity)
            let paint = RadialProfile(center: tip, color: .black, stops: stops)
            shape = Shape(.disc(Disc(center: tip, radius: paint.radius)), .radial(paint))
        case .butt:
            let stops = ShadowProfile.edgeStops(sigma: sigma, opacity: shadowOpacity)
            let paint = LinearProfile(origin: tip, direction: forward, color: .black, stops: stops)
            // The clip bounds the shadow; this sector is just the region the profile covers.
            let wedge = Wedge(center: center, radius: outer, start: tipAngle, sweep: clip.sweep)
            shape = Shape(.wedge(wedge), .linear(paint))
        }
        return Group([.shape(shape)], clip: .annularSector(clip))
    }

    /// Angle ahead of the tip that holds every band point within `reach` of the tip, at most half a turn (the
    /// forward half-plane).
    func forwardSpan(reach: Double, inner: Double, outer: Double) -> Double {
        func span(_ r: Double) -> Double {
            guard r > 0 else { return .pi }
            let c = (radius * radius + r * r - reach * reach) / (2 * radius * r)
            return c <= -1 ? .pi : Trig.acos(min(1, c))
        }
        return min(.pi, max(span(inner), span(outer)) * 1.05 + 0.01)
    }
}

extension LineCap {
    var arcCap: ArcCap { self == .round ? .round : .butt }
}

extension Fill {
    /// The alpha shared by every colour of the fill, or 255 when they differ (then no layer can undo the overlap).
    var uniformAlpha: UInt8 {
        let alphas: [UInt8]
        switch self {
        case .solid(let c): alphas = [c.a]
        case .gradient(let g): alphas = g.stops.map(\.a)
        }
        return alphas.allSatisfy { $0 == alphas[0] } ? alphas[0] : 255
    }

    /// True when every colour of the fill is opaque.
    var isOpaque: Bool {
        switch self {
        case .solid(let c): c.isOpaque
        case .gradient(let g): g.stops.allSatisfy(\.isOpaque)
        }
    }

    /// The fill with every colour made opaque.
    var opaque: Fill {
        switch self {
        case .solid(let c): .solid(c.opaque)
        case .gradient(let g): .gradient(Gradient(stops: g.stops.map(\.opaque)) ?? g)
        }
    }
}
