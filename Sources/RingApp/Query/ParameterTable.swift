import RingCore
import RingFetch

/// The image routes and their parameters: the single source the decoder validates through and docs derive from.
public enum ImageRoute: String, Sendable, CaseIterable {
    case ring, activity, petals, pie, check, badge

    /// Common parameters this route does not take: a badge's height is its style's and its width its texts'.
    public var omittedCommonParameters: Set<String> {
        self == .badge ? ["size"] : []
    }

    /// Parameters of this route in the standard table, route-specific first, then the common ones.
    public var parameters: [Parameter] {
        ParameterTable.standard.parameters(for: self)
    }

    /// The standard table's row for `name` (exact spelling), if this route has it.
    public func parameter(_ name: String) -> Parameter? {
        ParameterTable.standard.parameter(name, in: self)
    }
}

/// The declarative parameter table (docs/design.md §The URL contract).
///
/// The rows below (``common`` and ``specific(to:)``) form ``standard``, the table the server runs on. The
/// decoder, its error messages, the README reference and `/openapi.json` take a table as an input with
/// ``standard`` as the default, so a test can hand them a changed copy and see all of them follow it.
public struct ParameterTable: Sendable {
    /// Rows every image route of this table accepts.
    public let commonParameters: [Parameter]
    /// Rows of each route beyond the common ones.
    public let routeParameters: [ImageRoute: [Parameter]]
    /// Every route's rows by name, for the decoder's lookups.
    private let rowsByName: [ImageRoute: [String: Parameter]]

    /// Parameters every image route accepts.
    public static let common: [Parameter] = [
        Parameter("size", .number(RingLimits.size, unit: "px"), default: .value("128"),
                  doc: "Side of the square image in CSS pixels.", example: "256"),
        Parameter("scale", .integer(RingLimits.scale), default: .value("1"),
                  doc: "PNG pixel density (size × scale device pixels).", example: "2"),
        Parameter("bg", .color(allowsNone: true), default: .value("none"),
                  doc: "Background colour, or none for transparent.", example: "white"),
        Parameter("theme", .choice(Theme.allCases.map(\.rawValue)), default: .value("light"),
                  doc: "Picks default track and label colours for light or dark pages when bg is transparent; auto follows the page's colour scheme (SVG; a PNG draws light). An opaque bg decides instead (see labelColor).", example: "auto"),
        Parameter("label", .text(maxLength: RingLimits.labelLength, label: true), default: .value("none"),
                  doc: "none, auto (the percentage) or text in any language to draw in the middle, at the picture's one label size (that of 000%; every script as tall as capitals), smaller only to fit. Capitals under 6 device pixels (size × scale) are unreadable: such a label, auto or text, is left out.", example: "auto"),
        Parameter("labelColor", .color(allowsNone: false), default: .derived("theme"),
                  doc: "Label colour. Default: with an opaque bg, by the bg's luminance: near-black (#1C1C1E) or near-white (#F2F2F7), whichever contrasts more, or pure black or white where that stays under WCAG's 4.5:1 (mid tones), so the label keeps at least 4.5:1 on any opaque bg; the ring's default track follows the same side. With a transparent bg: near-black on light, near-white on dark theme. /petals: seed 001's grey (#767676 light, #8E8E93 dark) wherever it keeps 4.5:1.", example: "#333"),
        Parameter("title", .text(maxLength: RingLimits.titleLength, label: false), default: .derived("derived"),
                  doc: "Accessible name (default e.g. \"70% progress\").", example: "Build coverage"),
        Parameter("animate", .flag, default: .value("0"),
                  doc: "1 animates once and rests on the final picture.", example: "1"),
        Parameter("duration", .number(RingLimits.duration, unit: "seconds"), default: .value("1"),
                  doc: "Animation length in seconds.", example: "1.5"),
        Parameter("format", .choice(["svg", "png"]), default: .value("svg"),
                  doc: "Output format when the path has no .svg/.png extension.", example: "png"),
        Parameter("strict", .flag, default: .value("0"),
                  doc: "1 answers bad parameters with 400 text even for image requests, and refuses parameters the route does not read (named in X-Ring-Ignored otherwise).", example: "1"),
        Parameter("src", .url(maxLength: SourceQuery.maxURLBytes), default: .value("none"),
                  doc: "URL of a JSON document the values come from: shields' endpoint schema (label, message, color) plus any parameter here, or a number picked by query. Parameters in the URL win.",
                  example: "https://example.org/coverage.json"),
        Parameter("query", .jsonPath(maxLength: JSONPath.maxLength), default: .value("none"),
                  doc: "With src: where the number is in the document (p = number / max).", example: "$.totals.percent"),
        Parameter("max", .number(SourceQuery.maxRange, unit: ""), default: .value("1"),
                  doc: "With query: the number that means 100% (100 for a percentage).", example: "100"),
    ]

    static let progress = Parameter("p", .progress(RingLimits.progress),
                                    doc: "Progress; above 1 the ring keeps going round. Or give value and total.",
                                    example: "0.7")
    static let value = Parameter("value", .number(0...1e9, unit: ""),
                                 doc: "Done so far; p = value / total.", example: "7", insteadOf: "p")
    static let total = Parameter("total", .number(0.001...1e9, unit: ""),
                                 doc: "The whole; p = value / total.", example: "10", insteadOf: "p")
    static let start = Parameter("start", .number(RingLimits.startDegrees, unit: "degrees"), default: .value("-90"),
                                 doc: "Where the arc starts: 0 = 3 o'clock, -90 = top.", example: "0")
    static let dir = Parameter("dir", .choice(Direction.allCases.map(\.rawValue)), default: .value("cw"),
                               doc: "Sweep direction.", example: "ccw")
    static let cap = Parameter("cap", .choice(LineCap.allCases.map(\.rawValue)), default: .value("round"),
                               doc: "Arc ends.", example: "butt")
    static let shadow = Parameter("shadow", .choice(ShadowMode.allCases.map(\.rawValue)), default: .value("auto"),
                                  doc: "Tip shadow: auto shows it once p > 0.96.", example: "on")

    /// How a badge's `color` follows the value when not given (``BadgeStyle/valueColorScale``, in words).
    static let badgeColorDefault = "by value: red below 50%, orange, yellow from 70%, yellowgreen from 80%, "
        + "green from 90%, brightgreen at 100%; lightgrey on a static badge"

    /// The length range every thickness, gap and stroke parameter accepts before checking it fits the image.
    static let lengthRange: (pixels: ClosedRange<Double>, percent: ClosedRange<Double>) = (0.5...1024, 0.5...50)

    static func specific(to route: ImageRoute) -> [Parameter] {
        switch route {
        case .ring:
            [
                progress, value, total,
                Parameter("color", .paint(stops: RingLimits.gradientStops),
                          doc: "Solid colour (or a preset), instead of a gradient.", example: "lightRed",
                          insteadOf: "gradient"),
                Parameter("gradient", .gradient(stops: RingLimits.gradientStops), default: .value("darkPurple,lightYellow"),
                          doc: "Angular gradient along the arc: 2–8 colours, or a preset.", example: "move"),
                Parameter("track", .color(allowsNone: true), default: .derived("systemGray6 (dark: #1C1C1E)"),
                          doc: "Track colour under the arc, or none. Default: the dark one on a dark opaque bg, the light one on a light opaque bg (the side labelColor picks), else by theme.", example: "none"),
                Parameter("thickness", .length(pixels: lengthRange.pixels, percent: lengthRange.percent),
                          default: .value("12%"), doc: "Band width in px or % of size.", example: "30"),
                start, dir, cap, shadow,
            ]
        case .activity:
            [
                Parameter("p", .progressList(value: RingLimits.progress, count: RingLimits.rings),
                          doc: "Progress per ring, outermost first (or move, exercise, stand).", example: "0.8,0.6,1.1"),
                Parameter("move", .progress(RingLimits.progress),
                          doc: "Outer ring (with exercise and stand instead of p).", example: "0.8", insteadOf: "p"),
                Parameter("exercise", .progress(RingLimits.progress),
                          doc: "Middle ring.", example: "0.6", insteadOf: "p"),
                Parameter("stand", .progress(RingLimits.progress),
                          doc: "Inner ring.", example: "1.1", insteadOf: "p"),
                Parameter("colors", .paintList(count: RingLimits.rings), default: .derived("move,exercise,stand,…palette"),
                          doc: "Per-ring colours or gradients (stops joined by -).", example: "lightRed,lightGreen,lightBlue"),
                Parameter("tracks", .colorList(count: RingLimits.rings), default: .derived("tint of each ring"),
                          doc: "Per-ring track colours, or none. Default: each ring's colour at 25 % over white on a light page (light theme or light opaque bg), a dark shade of it (its hue at 24 % brightness) on a dark one.", example: "none,none,none"),
                Parameter("thickness", .length(pixels: lengthRange.pixels, percent: lengthRange.percent),
                          default: .derived("auto"), doc: "Band width of every ring (default fits the rings).", example: "10%"),
                Parameter("gap", .length(pixels: 0...1024, percent: 0...50), default: .value("1.5%"),
                          doc: "Space between rings.", example: "2"),
                start, dir, cap, shadow,
            ]
        case .petals:
            [
                progress, value, total,
                Parameter("petals", .integer(RingLimits.petals), default: .value("8"),
                          doc: "Number of petals.", example: "12"),
                Parameter("color", .color(allowsNone: false), default: .value("systemGray2"),
                          doc: "Petal colour.", example: "darkPurple"),
            ]
        case .pie:
            [
                progress, value, total,
                Parameter("color", .color(allowsNone: false), default: .value("systemBlue"),
                          doc: "Wedge colour.", example: "lightGreen"),
                Parameter("border", .color(allowsNone: true), default: .derived("color"),
                          doc: "Border ring colour, or none.", example: "systemGray3"),
                Parameter("borderWidth", .length(pixels: lengthRange.pixels, percent: lengthRange.percent),
                          default: .value("1.5%"), doc: "Border ring width (seed 004's 2-point hairline on a ~133 pt view), snapped to whole device pixels, at least one, so it stays crisp at small sizes.", example: "2"),
            ]
        case .check:
            [
                Parameter("shape", .choice(CheckShape.allCases.map(\.rawValue)), default: .value("circle"),
                          doc: "Outline shape.", example: "rounded"),
                Parameter("from", .color(allowsNone: false), default: .value("systemBlue"),
                          doc: "Colour while drawing (animation).", example: "blue"),
                Parameter("to", .color(allowsNone: false), default: .value("systemGreen"),
                          doc: "Final colour.", example: "green"),
                Parameter("stroke", .length(pixels: lengthRange.pixels, percent: lengthRange.percent),
                          default: .derived("8% of the outline"), doc: "Line width of outline and check. Default: seed 003's 24 pt on its 300 pt container, i.e. 8% of the outline's width (6.7% of size; 7.4% with bounce=0).", example: "4"),
                Parameter("ratio", .number(RingLimits.checkRatio, unit: ""), default: .value("0.333333"),
                          doc: "Check size relative to the container.", example: "0.4"),
                Parameter("bounce", .flag, default: .value("1"),
                          doc: "Scale bounce at the end of the animation. The check leaves room for it, animated or not, "
                              + "so both end on one picture.", example: "0"),
            ]
        case .badge:
            [
                progress, value, total,
                Parameter("label", .text(maxLength: RingLimits.labelLength, label: true), default: .value("none"),
                          doc: "Left text, as on shields.io; none leaves only the value.", example: "coverage"),
                Parameter("message", .text(maxLength: RingLimits.labelLength, label: true), default: .derived("the percentage"),
                          doc: "Right text instead of the percentage (shields' message). Without p, a message such as 87% "
                              + "is the value; any other draws shields' static badge (label | message, no ring).",
                          example: "passing"),
                Parameter("color", .color(allowsNone: false), default: .derived(badgeColorDefault),
                          doc: "Right part's background; shields' names (green, red, …) in shields' shades.",
                          example: "brightgreen"),
                Parameter("labelColor", .color(allowsNone: false), default: .value("#555"),
                          doc: "Left part's background.", example: "#333"),
                Parameter("style", .choice(BadgeLook.allCases.map(\.rawValue)), default: .value("flat"),
                          doc: "shields.io's styles: flat (20 px, rounded), flat-square, plastic (18 px, glossy), for-the-badge (28 px).",
                          example: "for-the-badge"),
                Parameter("arc", .paint(stops: RingLimits.gradientStops), default: .derived("the value text's colour"),
                          doc: "The small ring's arc: a colour, a preset or a gradient.", example: "white"),
                Parameter("track", .color(allowsNone: true), default: .derived("the value text's colour at 30 %"),
                          doc: "The small ring's track, or none.", example: "none"),
                cap,
            ]
        }
    }
}

extension ParameterTable {
    /// The table ringd serves: ``common`` and ``specific(to:)`` for every route.
    public static let standard = ParameterTable(
        commonParameters: common,
        routeParameters: Dictionary(uniqueKeysWithValues: ImageRoute.allCases.map { ($0, specific(to: $0)) }))

    /// A table of these rows; `routeParameters` lacking a route means that route has only the common rows.
    public init(commonParameters: [Parameter], routeParameters: [ImageRoute: [Parameter]]) {
        self.commonParameters = commonParameters
        self.routeParameters = routeParameters
        var rows: [ImageRoute: [String: Parameter]] = [:]
        for route in ImageRoute.allCases {
            // Route-specific rows first, so a route's own row wins over a common one of the same name.
            for parameter in (routeParameters[route] ?? []) + commonParameters
            where rows[route]?[parameter.name] == nil && !route.omittedCommonParameters.contains(parameter.name) {
                rows[route, default: [:]][parameter.name] = parameter
            }
        }
        self.rowsByName = rows
    }

    /// Rows of `route` only (without the common ones).
    public func specificParameters(to route: ImageRoute) -> [Parameter] {
        routeParameters[route] ?? []
    }

    /// Rows of `route`: route-specific first, then the common ones.
    public func parameters(for route: ImageRoute) -> [Parameter] {
        let own = specificParameters(to: route)
        let names = Set(own.map(\.name)).union(route.omittedCommonParameters)
        return own + commonParameters.filter { !names.contains($0.name) }
    }

    /// The row for `name` (exact spelling) in `route`, if the route has it.
    public func parameter(_ name: String, in route: ImageRoute) -> Parameter? {
        rowsByName[route]?[name]
    }

    /// The default value of the common row `name` (what a query leaving it out gets on every route), or nil.
    public func commonDefault(_ name: String) -> String? {
        commonParameters.first { $0.name == name }?.omitted.text
    }

    /// This table with every row called `name` (common or route-specific) given `kind`: a changed range or
    /// set of options, everything else as it was.
    public func replacingKind(of name: String, with kind: ParameterKind) -> ParameterTable {
        replacing(name) { $0.with(kind: kind) }
    }

    /// This table with every row called `name` given `omitted` as its default, everything else as it was.
    public func replacingDefault(of name: String, with omitted: ParameterDefault) -> ParameterTable {
        replacing(name) { $0.with(default: omitted) }
    }

    /// This table with every row called `name` (common or route-specific) changed by `change`.
    private func replacing(_ name: String, _ change: (Parameter) -> Parameter) -> ParameterTable {
        func replaced(_ rows: [Parameter]) -> [Parameter] {
            rows.map { $0.name == name ? change($0) : $0 }
        }
        return ParameterTable(commonParameters: replaced(commonParameters), routeParameters: routeParameters.mapValues(replaced))
    }
}
