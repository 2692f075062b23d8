extension RingLayout {
    /// The scene of a badge: shields.io's shape (left part the label, right part a small ring and the value),
    /// as wide as its texts need.
    static func badgeScene(_ style: BadgeStyle, common: CommonOptions, text setter: (any TextSetter)?) -> Scene {
        let m = style.look.metrics
        let plan = BadgePlan(style, text: setter)
        let (label, message, leftWidth, width) = (plan.label, plan.message, plan.leftWidth, plan.width)
        let ringLeft = plan.ringLeft, messageLeft = plan.messageLeft
        let box = RoundedRect(rect: Rect(x: 0, y: 0, width: width, height: m.height), cornerRadius: m.cornerRadius)

        var items: [SceneItem] = []
        if label != nil {
            // The two parts as outlines that meet on a whole pixel without overlapping (translucent colours do
            // not mix there), each with its own outer corners.
            items.append(.shape(Shape(.path(badgePart(x: 0, width: leftWidth, height: m.height,
                                                       radius: m.cornerRadius, roundLeft: true, roundRight: false)),
                                      .solid(style.labelBackground))))
            items.append(.shape(Shape(.path(badgePart(x: leftWidth, width: width - leftWidth, height: m.height,
                                                       radius: m.cornerRadius, roundLeft: false, roundRight: true)),
                                      .solid(style.valueBackground))))
        } else {
            items.append(.shape(Shape(.roundedRect(box), .solid(style.valueBackground))))
        }
        if m.glossy {
            items += badgeGloss(box)
        } else if m.shaded {
            // shields' faint shade: darker towards the bottom, by 10 %.
            items.append(.shape(Shape(.roundedRect(box), .linear(LinearProfile(
                origin: Point(x: 0, y: 0), direction: Point(x: 0, y: 1), color: Color(hex: 0x000000),
                stops: [ProfileStop(distance: 0, alpha: 0), ProfileStop(distance: m.height, alpha: badgeShade)])))))
        }
        if let label {
            items += label.items(left: m.textMargin, metrics: m, on: style.labelBackground)
        }
        if style.drawsRing {
            items += badgeRing(style, left: ringLeft, metrics: m, animated: common.animation != nil)
        }
        items += message.items(left: messageLeft, metrics: m, on: style.valueBackground)
        return Scene(
            width: width, height: m.height, background: common.background, title: common.title, items: items,
            duration: common.animation != nil && items.contains { $0.hasMotion } ? common.animation?.duration : nil)
    }

    /// The small ring of a badge, its left edge at `left`.
    static func badgeRing(_ style: BadgeStyle, left ringLeft: Double, metrics m: BadgeMetrics, animated: Bool) -> [SceneItem] {
        let band = RingBand(
            center: Point(x: ringLeft + m.ringDiameter / 2, y: m.height / 2), radius: (m.ringDiameter - m.ringWidth) / 2,
            width: m.ringWidth, progress: style.progress, fill: style.fill, track: style.track,
            start: Angle.radians(degrees: -90), direction: 1, cap: style.cap, shadow: .off, shadowOpacity: 0,
            animated: animated)
        return band.items()
    }

    /// shields' plastic gloss (white at 70 % at the top, #aaa at 10 % a tenth down, black at 30 % nine tenths
    /// down, black at 50 % at the bottom) as a white layer under a black one: composited, the two give each of
    /// those stops exactly (#aaa at 10 % is white at 6.9 % under black at 3.3 %), linear between them.
    static func badgeGloss(_ box: RoundedRect) -> [SceneItem] {
        let h = box.rect.height
        func layer(_ color: Color, _ stops: [(Double, UInt8)]) -> SceneItem {
            .shape(Shape(.roundedRect(box), .linear(LinearProfile(
                origin: Point(x: 0, y: 0), direction: Point(x: 0, y: 1), color: color,
                stops: stops.map { ProfileStop(distance: $0.0 * h, alpha: $0.1) }))))
        }
        return [
            layer(Color(hex: 0xFFFFFF), [(0, 179), (0.1, 18), (0.9, 0)]),
            layer(Color(hex: 0x000000), [(0, 0), (0.1, 8), (0.9, 77), (1, 128)]),
        ]
    }

    /// The width in CSS pixels of `style`'s badge, its texts set with `text` (the decoder checks it against the
    /// pixel limit before anything is drawn).
    public static func badgeWidth(_ style: BadgeStyle, text setter: (any TextSetter)?) -> Double {
        BadgePlan(style, text: setter).width
    }

    /// Opacity (8-bit) of the black at the bottom of `flat`'s shade (shields' 10 %).
    static let badgeShade: UInt8 = 26

    /// Circle quadrants as cubics: the control distance for radius 1 (error below 0.03 % of the radius).
    static let quarterCircleKappa = 0.5522847498

    /// A rectangle with quarter-circle corners on its left or right side only: one part of a badge.
    static func badgePart(
        x: Double, width: Double, height: Double, radius: Double, roundLeft: Bool, roundRight: Bool
    ) -> FilledPath {
        let r = min(radius, width / 2, height / 2), k = r * quarterCircleKappa
        let (left, right) = (x, x + width)
        var e: [FilledPath.Element] = []
        let lr = roundLeft ? r : 0, rr = roundRight ? r : 0
        e.append(.move(Point(x: left + lr, y: 0)))
        e.append(.line(Point(x: right - rr, y: 0)))
        if rr > 0 {
            e.append(.cubic(Point(x: right - r + k, y: 0), Point(x: right, y: r - k), Point(x: right, y: r)))
            e.append(.line(Point(x: right, y: height - r)))
            e.append(.cubic(Point(x: right, y: height - r + k), Point(x: right - r + k, y: height), Point(x: right - r, y: height)))
        } else {
            e.append(.line(Point(x: right, y: height)))
        }
        e.append(.line(Point(x: left + lr, y: height)))
        if lr > 0 {
            e.append(.cubic(Point(x: left + r - k, y: height), Point(x: left, y: height - r + k), Point(x: left, y: height - r)))
            e.append(.line(Point(x: left, y: r)))
            e.append(.cubic(Point(x: left, y: r - k), Point(x: left + r - k, y: 0), Point(x: left + r, y: 0)))
        } else {
            e.append(.line(Point(x: left, y: 0)))
        }
        e.append(.close)
        return FilledPath(e)
    }
}

/// Where a badge's parts go across: the texts measured, the left part, the ring and the value text.
struct BadgePlan {
    let label: BadgeText?
    let message: BadgeText
    /// Width of the left part (0 without a label): the seam's x.
    let leftWidth: Double
    let ringLeft: Double
    let messageLeft: Double
    let width: Double

    init(_ style: BadgeStyle, text setter: (any TextSetter)?) {
        let m = style.look.metrics
        // Badge texts in shields' face where it is installed, not the labels' (TextSetter.badgeSetter).
        let setter = setter?.badgeSetter
        label = style.label.isEmpty ? nil : BadgeText(style.label, metrics: m, setter: setter)
        message = BadgeText(style.message, metrics: m, setter: setter)
        leftWidth = label.map { $0.slotWidth + 2 * m.textMargin } ?? 0
        ringLeft = leftWidth + m.ringMargin
        // A static badge is shields' own layout: the message in its margins, no ring.
        messageLeft = style.drawsRing ? ringLeft + m.ringDiameter + m.ringGutter : leftWidth + m.textMargin
        width = messageLeft + message.slotWidth + m.textMargin
    }
}

/// One text of a badge, set at the badge's size: outlines from the badge setter (DejaVu Sans, as shields sets its
/// texts where Verdana is absent, then the label faces), or strokes of the built-in stroke font when there is none.
struct BadgeText {
    private enum Glyphs {
        case outline(FilledPath)
        case stroke(TextRun)
    }

    private let glyphs: Glyphs
    /// Pen advance in pixels, without the tracking after the last character.
    let width: Double
    private let fontSize: Double

    /// Opacity (8-bit) of the text shadow of `flat` (shields' `fill-opacity=".3"`).
    static let shadowAlpha: UInt8 = 77
    /// Stroke width of the fallback stroke font, as a share of the capital height.
    static let strokeWeight = 0.14

    init(_ text: String, metrics m: BadgeMetrics, setter: (any TextSetter)?) {
        let text = m.upperCase ? text.uppercased() : text
        fontSize = m.fontSize
        if let setter, let line = setter.line(text, tabularDigits: false, tracking: m.tracking) {
            glyphs = .outline(line.path)
            width = max(0, line.advance - m.tracking) * m.fontSize
        } else {
            // No typeface (or a character it lacks; the decoder refuses those): the stroke font, capitals as tall
            // as the badge face's would be (0.727 em: Verdana's; DejaVu Sans' are 0.729).
            let run = StrokeFont.standard.layout(text)
            glyphs = .stroke(run)
            width = run.advance * Self.strokeCapHeight * m.fontSize
        }
    }

    /// `x` rounded to the tenth of a pixel (``gridStep``) that badge text outlines are drawn on.
    static func onGrid(_ x: Double) -> Double { (x * 10).rounded() / 10 }

    /// `path` (em) scaled by `scale` and moved to `origin`, on a grid of a tenth of a pixel, which the SVG writes
    /// exactly in half the digits: a badge's text is small enough that 0.05 px is invisible even at scale 4.
    ///
    /// A quadratic's control point that mirrors the previous one (TrueType's implied on-curve points: most of
    /// DejaVu Sans' curves) is kept mirrored on the grid when that is within a tenth of a pixel of where it
    /// belongs, moving the curve by at most half that, so the SVG writes it as a `t` with no control point:
    /// rounding each point alone would break most of those pairs by a tenth.
    static func placedOnGrid(_ path: FilledPath, origin: Point, scale: Double) -> FilledPath {
        func place(_ p: Point) -> Point { Point(x: origin.x + p.x * scale, y: origin.y + p.y * scale) }
        func grid(_ p: Point) -> Point { Point(x: onGrid(p.x), y: onGrid(p.y)) }
        var out: [FilledPath.Element] = []
        out.reserveCapacity(path.elements.count)
        var current = Point(x: 0, y: 0), start = current
        var control: Point?
        for element in path.elements {
            let previous = control
            control = nil
            switch element {
            case .move(let p):
                current = grid(place(p))
                start = current
                out.append(.move(current))
            case .line(let p):
                current = grid(place(p))
                out.append(.line(current))
            case .quad(let c, let p):
                let exact = place(c)
                var c = grid(exact)
                if let b = previous {
                    let mirrored = grid(Point(x: 2 * current.x - b.x, y: 2 * current.y - b.y))
                    if abs(mirrored.x - exact.x) <= gridStep, abs(mirrored.y - exact.y) <= gridStep { c = mirrored }
                }
                current = grid(place(p))
                control = c
                out.append(.quad(c, current))
            case .cubic(let c1, let c2, let p):
                current = grid(place(p))
                out.append(.cubic(grid(place(c1)), grid(place(c2)), current))
            case .close:
                current = start
                out.append(.close)
            }
        }
        return FilledPath(out)
    }

    /// The grid badge text outlines are drawn on (``onGrid(_:)``), in pixels.
    static let gridStep = 0.1

    /// Capital height (em) the stroke font is drawn at.
    static let strokeCapHeight = 0.727

    /// Width of the slot the text is centred in: whole pixels, odd, so a centred text of odd width sits on the
    /// pixel grid (shields' `roundUpToOdd`).
    var slotWidth: Double {
        let whole = Int(width.rounded(.down))
        return Double(whole % 2 == 0 ? whole + 1 : whole)
    }

    /// The text centred in its slot starting at `left`, in the colour shields picks for `background`, over a
    /// 1 px shadow in the shaded style.
    func items(left: Double, metrics m: BadgeMetrics, on background: Color) -> [SceneItem] {
        let colors = BadgeStyle.textColors(on: background)
        let x = left + (slotWidth - width) / 2
        var items: [SceneItem] = []
        if m.shaded {
            items += drawn(at: Point(x: x, y: m.baseline + 1), color: colors.shadow, opacity: Self.shadowAlpha)
        }
        items += drawn(at: Point(x: x, y: m.baseline), color: colors.text, opacity: 255)
        return items
    }

    private func drawn(at origin: Point, color: Color, opacity: UInt8) -> [SceneItem] {
        switch glyphs {
        case .outline(let path):
            guard !path.isEmpty else { return [] }
            let placed = Self.placedOnGrid(path, origin: origin, scale: fontSize)
            return [.shape(Shape(.path(placed), .solid(Color(r: color.r, g: color.g, b: color.b, a: opacity))))]
        case .stroke(let run):
            let capHeight = Self.strokeCapHeight * fontSize
            let placed = run.placed(origin: origin, scale: capHeight, strokeWidth: Self.strokeWeight * capHeight)
            guard !placed.isEmpty else { return [] }
            let strokes = placed.polylines.map {
                SceneItem.shape(Shape(.polyline(Polyline(points: $0, width: placed.strokeWidth)), .solid(color)))
            }
            // One layer, so crossing strokes do not darken the translucent shadow.
            return [.group(Group(strokes, opacity: Double(opacity) / 255))]
        }
    }
}
