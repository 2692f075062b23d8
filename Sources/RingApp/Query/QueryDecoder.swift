import RingCore
import RingFetch

/// Query → validated ``RingSpec`` with every default applied (docs/design.md §The URL contract). Runs once per request;
/// everything after it (layout, writers) cannot fail.
public enum QueryDecoder {
    /// Default colours that depend on the theme.
    enum Defaults {
        static func track(_ theme: Theme) -> Color {
            theme != .dark ? Color(hex: 0xF2F2F7) : Color(hex: 0x1C1C1E)  // systemGray6 light / dark
        }
        static func label(_ theme: Theme) -> Color {
            theme != .dark ? Color(hex: 0x1C1C1E) : Color(hex: 0xF2F2F7)
        }
        /// WCAG's contrast for body text (AA): the least a default label keeps against an opaque background.
        static let labelContrast = 4.5

        /// The page default colours are chosen for: an opaque background by its luminance — dark pictures on
        /// light backgrounds, light ones on dark — whatever the theme; a transparent one by the theme. The side is
        /// the one whose label contrasts more with the background.
        static func tone(_ theme: Theme, on background: Color?) -> Theme {
            guard let bg = background, bg.isOpaque else { return theme }
            return label(.light).contrastRatio(with: bg) >= label(.dark).contrastRatio(with: bg) ? .light : .dark
        }

        /// The default label colour: the theme's on a transparent background; on an opaque one the tone's, or
        /// pure black or white where that would fall under ``labelContrast`` (mid tones: near-black and
        /// near-white both stay under 4.5:1 on backgrounds of luminance 0.1…0.4, while black or white always
        /// reach 4.58:1 on one side).
        static func label(_ theme: Theme, on background: Color?) -> Color {
            guard let bg = background, bg.isOpaque else { return label(theme) }
            let chosen = label(tone(theme, on: bg))
            guard chosen.contrastRatio(with: bg) < labelContrast else { return chosen }
            let black = Color(hex: 0x000000), white = Color(hex: 0xFFFFFF)
            return black.contrastRatio(with: bg) >= white.contrastRatio(with: bg) ? black : white
        }

        /// A petals label (seed 001: `foregroundColor(Color.gray)`): the system grey darkened only as far as 4.5:1
        /// on white needs (#767676) on light pages, systemGray (#8E8E93, 5.2:1 on #1C1C1E) on dark ones; on an
        /// opaque background where that grey would fall under ``labelContrast``, the contrast rule's colour.
        static func petalsLabel(_ theme: Theme, on background: Color?) -> Color {
            let grey = tone(theme, on: background) != .dark ? Color(hex: 0x767676) : Color(hex: 0x8E8E93)
            guard let bg = background, bg.isOpaque, grey.contrastRatio(with: bg) < labelContrast else { return grey }
            return label(theme, on: bg)
        }

        /// A static badge's right part when `color` is not given: shields' `lightgrey` (its last fallback).
        static let staticBadgeColor = Color(hex: 0x9F9F9F)
        /// Opacity (8-bit) of a badge ring's default track: the value text's colour at 30 %.
        static let badgeTrackAlpha: UInt8 = 77
        /// Activity ring paints after move, exercise and stand: the seed-000 palette.
        static let extraRingPaints = ["lightBlue", "lightOrange", "lightPurple", "lightYellow", "lightRed"]
    }

    /// The spec `query` asks `route` for, validated through `table` (the server's table unless a test gives another),
    /// with labels checked against what `typeface` can draw.
    public static func decode(
        route: ImageRoute, query: QueryString, table: ParameterTable = .standard, typeface: Typeface = .system
    ) throws(QueryError) -> RingSpec {
        let q = QueryReader(route: route, query: query, table: table, typeface: typeface)
        let spec = try decode(q, route: route, theme: nil)
        guard spec.common.theme == .auto else { return spec }
        // theme=auto: the light picture, carrying the dark one; every other parameter means the same in both.
        var light = try decode(q, route: route, theme: .light)
        light.darkVariant = try decode(q, route: route, theme: .dark)
        light.common.theme = .auto
        return light
    }

    /// Whether `query` asks for strict answers (`strict=1`): 400 text for any bad parameter, and unread parameters
    /// refused. The one place `strict` is read (through the table's flag syntax); a malformed value is not strict,
    /// and decoding then refuses it.
    static func isStrict(_ query: QueryString, route: ImageRoute, table: ParameterTable = .standard) -> Bool {
        (try? QueryReader(route: route, query: query, table: table).flag("strict")) ?? false
    }

    /// The spec `q` asks for, with `theme` in place of the query's own when given.
    static func decode(_ q: QueryReader, route: ImageRoute, theme: Theme?) throws(QueryError) -> RingSpec {
        var common = try decodeCommon(q, theme: theme)
        let style: RingSpec.Style
        switch route {
        case .ring: style = .ring(try decodeRing(q, common))
        case .activity: style = .activity(try decodeActivity(q, common))
        case .petals:
            style = .petals(try decodePetals(q))
            if (try q.color("labelColor") ?? nil) == nil {
                common.labelColor = Defaults.petalsLabel(common.theme, on: common.background)
            }
        case .pie: style = .pie(try decodePie(q))
        case .check: style = .check(try decodeCheck(q))
        case .badge:
            let badge = try decodeBadge(q, common)
            style = .badge(badge)
            // The badge's texts and colours are its own; the common label stays none (nothing else is drawn).
            common.label = .none
            common.labelColor = Defaults.label(common.theme)
            common.size = badge.look.metrics.height
            let width = RingLayout.badgeWidth(badge, text: q.typeface.setter)
            if width * Double(common.scale) > Double(RingLimits.maxPixelSide) {
                let culprit = q.isGiven("message") ? "message" : "label"
                throw q.error(culprit, q.query[culprit] ?? "",
                              "text short enough for a badge of at most \(RingLimits.maxPixelSide) pixels across at scale \(common.scale) (this one is \(fmt((width * Double(common.scale)).rounded(.up))))")
            }
        }
        if common.title.trimmingCharacters(in: " ").isEmpty { common.title = defaultTitle(for: style) }
        return RingSpec(style: style, common: common)
    }

    static func decodeCommon(_ q: QueryReader, theme: Theme? = nil) throws(QueryError) -> CommonOptions {
        var c = CommonOptions()
        c.size = q.route.omittedCommonParameters.contains("size") ? 20 : try q.need(q.number("size"), "size")
        c.scale = try q.need(q.integer("scale"), "scale")
        if Double(c.scale) * c.size > Double(RingLimits.maxPixelSide) {
            throw q.error("scale", q.query["scale"] ?? "", "size × scale at most \(RingLimits.maxPixelSide) pixels")
        }
        c.background = try q.color("bg") ?? nil
        let asked = try q.need(q.choice("theme", as: Theme.self), "theme")
        c.theme = theme ?? asked
        if let label = try q.text("label") {
            switch label.lowercased() {
            case "none", "": c.label = .none
            case "auto": c.label = .auto
            default: c.label = .text(label)
            }
        }
        c.labelColor = (try q.color("labelColor") ?? nil) ?? Defaults.label(c.theme, on: c.background)
        c.title = try q.text("title") ?? ""
        let animate = try q.need(q.flag("animate"), "animate")
        let duration = try q.need(q.number("duration"), "duration")
        c.animation = animate ? Animation(duration: duration) : nil
        _ = try q.choice("format", as: OutputFormat.self)
        _ = try q.flag("strict")  // its meaning is isStrict's; here its value is checked like every other
        try checkSourceSyntax(q)
        return c
    }

    /// `src`, `query` and `max` are used before decoding (``SourceQuery``); here their syntax is checked like every
    /// other parameter's, so the decoder alone says which values the table accepts (docs/design.md §The URL contract).
    static func checkSourceSyntax(_ q: QueryReader) throws(QueryError) {
        if let src = q.query["src"], !src.isEmpty, src.lowercased() != "none", (try? SourceURL(parsing: src)) == nil {
            throw q.error("src", src)
        }
        if let path = q.query["query"], !path.isEmpty, path.lowercased() != "none", (try? JSONPath(parsing: path)) == nil {
            throw q.error("query", path)
        }
        _ = try q.number("max")
    }

    /// `p`, or `value` with `total`.
    static func decodeProgress(_ q: QueryReader) throws(QueryError) -> Double {
        if let p = try q.progress("p") {
            if q.isGiven("value") || q.isGiven("total") {
                throw q.error("value", q.query["value"] ?? q.query["total"] ?? "", "either p or value with total, not both")
            }
            return p
        }
        if let value = try q.number("value") {
            guard let total = try q.number("total") else {
                throw q.error("total", "", "a total to go with value (p = value / total)")
            }
            let p = ValueSyntax.canonical(value / total)
            // The same range as p, quoted from p's row.
            let range = if case .progress(let r) = q.row("p").kind { r } else { RingLimits.progress }
            guard range.contains(p) else {
                throw q.error("value", q.query["value"] ?? "", "value / total within \(fmt(range.lowerBound))…\(fmt(range.upperBound))")
            }
            return p
        }
        if q.isGiven("total") { throw q.error("value", "", "a value to go with total (p = value / total)") }
        throw q.error("p", "", q.row("p").kind.expectation + ", or value and total")
    }

    static func decodeRing(_ q: QueryReader, _ common: CommonOptions) throws(QueryError) -> RingStyle {
        let progress = try decodeProgress(q)
        let color = try q.paint("color")
        let gradient = try q.need(q.paint("gradient"), "gradient")
        if color != nil && q.isGiven("gradient") {
            throw q.error("gradient", q.query["gradient"] ?? "", "either color or gradient, not both")
        }
        let fill = color ?? gradient
        let track = try q.color("track") ?? Defaults.track(Defaults.tone(common.theme, on: common.background))
        let thickness = try q.need(q.length("thickness"), "thickness")
        try checkFits(q, "thickness", thickness, common.size, limit: 0.5)
        return RingStyle(
            progress: progress, fill: fill, track: track, thickness: thickness,
            start: try q.need(q.number("start"), "start"), direction: try q.need(q.choice("dir", as: Direction.self), "dir"),
            cap: try q.need(q.choice("cap", as: LineCap.self), "cap"),
            shadow: try q.need(q.choice("shadow", as: ShadowMode.self), "shadow"))
    }

    static func decodeActivity(_ q: QueryReader, _ common: CommonOptions) throws(QueryError) -> ActivityStyle {
        var progresses: [Double]
        if let list = try q.progressList("p") {
            if let named = ["move", "exercise", "stand"].first(where: q.isGiven) {
                throw q.error(named, q.query[named] ?? "", "either p or move/exercise/stand, not both")
            }
            progresses = list
        } else {
            let named = [try q.progress("move"), try q.progress("exercise"), try q.progress("stand")]
            guard named.contains(where: { $0 != nil }) else {
                throw q.error("p", "", q.row("p").kind.expectation + ", or move, exercise and stand")
            }
            progresses = named.map { $0 ?? 0 }
        }
        let n = progresses.count
        let paints = try q.paintList("colors")
        if let paints, paints.count != n {
            throw q.error("colors", q.query["colors"] ?? "", "\(n) entries, one per ring")
        }
        let tracks = try q.colorList("tracks")
        if let tracks, tracks.count != n {
            throw q.error("tracks", q.query["tracks"] ?? "", "\(n) entries, one per ring")
        }
        let defaults = ["move", "exercise", "stand"] + Defaults.extraRingPaints
        // Derived tracks follow the page as the ring's does: pale tints on light pages, dark shades on dark ones.
        let onDarkPage = Defaults.tone(common.theme, on: common.background) == .dark
        var rings: [ActivityRing] = []
        for i in 0..<n {
            let fill = paints?[i]
                ?? ValueSyntax.paint(defaults[i], separator: ",", stops: RingLimits.gradientStops)!
            let track: Color? = tracks.map { $0[i] } ?? fill.endColor.activityTrack(onDarkPage: onDarkPage)
            rings.append(ActivityRing(progress: progresses[i], fill: fill, track: track))
        }
        let gap = try q.need(q.length("gap"), "gap")
        // Default thickness: 10 % of the size, or less so the rings fill at most 76 % of the radius and leave a
        // centre hole (Apple's rings leave about a quarter of the radius open).
        let gapPixels = gap.resolved(in: common.size)
        let room = 0.5 * 0.76 * common.size - Double(n - 1) * gapPixels
        let autoThickness = min(0.1, room / Double(n) / common.size)
        let thickness = try q.length("thickness") ?? .fraction(ValueSyntax.canonical(max(autoThickness, 0.005)))
        let used = Double(n) * thickness.resolved(in: common.size) + Double(n - 1) * gap.resolved(in: common.size)
        if used > common.size / 2 {
            throw q.error(q.isGiven("thickness") ? "thickness" : "gap", q.query["thickness"] ?? q.query["gap"] ?? "",
                          "\(n) rings × thickness + gaps within half the size (\(fmt(common.size / 2)) px); they need \(fmt(used.rounded())) px")
        }
        return ActivityStyle(
            rings: rings, thickness: thickness, gap: gap, start: try q.need(q.number("start"), "start"),
            direction: try q.need(q.choice("dir", as: Direction.self), "dir"),
            cap: try q.need(q.choice("cap", as: LineCap.self), "cap"),
            shadow: try q.need(q.choice("shadow", as: ShadowMode.self), "shadow"))
    }

    static func decodePetals(_ q: QueryReader) throws(QueryError) -> PetalsStyle {
        PetalsStyle(
            progress: try decodeProgress(q), petals: try q.need(q.integer("petals"), "petals"),
            color: try q.opaqueColor("color"))
    }

    static func decodePie(_ q: QueryReader) throws(QueryError) -> PieStyle {
        let progress = try decodeProgress(q)
        let color = try q.opaqueColor("color")
        let border = try q.color("border") ?? color
        let width = try q.need(q.length("borderWidth"), "borderWidth")
        return PieStyle(progress: progress, color: color, border: border ?? .transparent, borderWidth: width)
    }

    static func decodeCheck(_ q: QueryReader) throws(QueryError) -> CheckStyle {
        let bounce = try q.need(q.flag("bounce"), "bounce")
        // The stroke's default depends on bounce (8 % of the outline, which bounce shrinks), so it is derived here.
        return CheckStyle(
            shape: try q.need(q.choice("shape", as: CheckShape.self), "shape"),
            from: try q.opaqueColor("from"), to: try q.opaqueColor("to"),
            stroke: try q.length("stroke") ?? .fraction(ValueSyntax.canonical(RingLayout.checkDefaultStroke(bounce: bounce))),
            ratio: try q.need(q.number("ratio"), "ratio"),
            bounce: bounce)
    }

    /// A badge's progress, from `p` (or value and total); without those, from a `message` that reads as a progress
    /// (`87%`, as shields' endpoint documents carry the value); nil for a static badge (a `message` and no value).
    static func badgeProgress(_ q: QueryReader) throws(QueryError) -> Double? {
        guard !["p", "value", "total"].contains(where: q.isGiven), let message = try q.text("message"), !message.isEmpty
        else { return try decodeProgress(q) }
        let range = if case .progress(let r) = q.row("p").kind { r } else { RingLimits.progress }
        guard let v = ValueSyntax.progress(message.trimmingCharacters(in: " ")), range.contains(v) else { return nil }
        return ValueSyntax.canonical(v)
    }

    static func decodeBadge(_ q: QueryReader, _ common: CommonOptions) throws(QueryError) -> BadgeStyle {
        let progress = try badgeProgress(q)
        var label = try q.text("label") ?? ""
        if label.lowercased() == "none" { label = "" }
        let message = (try q.text("message")).flatMap { $0.isEmpty ? nil : $0 } ?? PercentText.of(progress ?? 0)
        let value = (try q.color("color") ?? nil)
            ?? progress.map(BadgeStyle.valueColor(for:)) ?? Defaults.staticBadgeColor
        let text = BadgeStyle.textColors(on: value).text
        return BadgeStyle(
            progress: progress ?? 0, label: label, message: message,
            labelBackground: try q.opaqueColor("labelColor"),
            valueBackground: value, fill: try q.paint("arc") ?? .solid(text),
            track: try q.color("track") ?? Color(r: text.r, g: text.g, b: text.b, a: Defaults.badgeTrackAlpha),
            cap: try q.need(q.choice("cap", as: LineCap.self), "cap"),
            look: try q.need(q.choice("style", as: BadgeLook.self), "style"), showsRing: progress == nil ? false : nil)
    }

    /// Rejects a length larger than `limit` × size, naming the parameter.
    static func checkFits(_ q: QueryReader, _ name: String, _ length: Length, _ size: Double, limit: Double) throws(QueryError) {
        if length.resolved(in: size) > limit * size {
            throw q.error(name, q.query[name] ?? "", "at most \(fmt(limit * 100))% of the size (\(fmt(limit * size)) px)")
        }
    }

    /// The accessible name when `title` is not given.
    static func defaultTitle(for style: RingSpec.Style) -> String {
        func pct(_ p: Double) -> String { PercentText.of(p) }
        switch style {
        case .ring(let s): return "\(pct(s.progress)) progress"
        case .activity(let s): return "Activity: " + s.rings.map { pct($0.progress) }.joined(separator: ", ")
        case .petals(let s): return "\(pct(s.progress)) progress"
        case .pie(let s): return "\(pct(s.progress)) progress"
        case .check: return "Done"
        case .badge(let s): return s.label.isEmpty ? s.message : "\(s.label): \(s.message)"
        }
    }
}
