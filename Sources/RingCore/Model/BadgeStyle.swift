/// `/badge`: a badge in the shape of shields.io's (docs/design.md §Badges): the label on the left, a small progress ring
/// and the value on the right.
public struct BadgeStyle: Sendable, Hashable, Encodable {
    /// Progress the small ring shows, within ``RingLimits/progress``.
    public var progress: Double
    /// Left text; empty draws no left part (the badge is the value alone, as on shields.io).
    public var label: String
    /// Right text: the value (e.g. `87%`) or the caller's message. Never empty.
    public var message: String
    /// Fill of the left part.
    public var labelBackground: Color
    /// Fill of the right part.
    public var valueBackground: Color
    /// The small ring's arc.
    public var fill: Fill
    /// The small ring's track; nil draws none.
    public var track: Color?
    public var cap: LineCap
    public var look: BadgeLook
    /// `false` draws shields' static badge (label | message, no ring: `/badge?label=build&message=passing`);
    /// nil draws the ring. Optional so a ring badge's canonical text, and so its cache key and ETag, stay as they
    /// were before static badges existed (a nil is not printed).
    public var showsRing: Bool?

    /// Whether the small ring is drawn.
    public var drawsRing: Bool { showsRing ?? true }

    public init(
        progress: Double, label: String, message: String, labelBackground: Color, valueBackground: Color,
        fill: Fill, track: Color?, cap: LineCap = .round, look: BadgeLook = .flat, showsRing: Bool? = nil
    ) {
        self.showsRing = showsRing
        self.progress = progress
        self.label = label
        self.message = message
        self.labelBackground = labelBackground
        self.valueBackground = valueBackground
        self.fill = fill
        self.track = track
        self.cap = cap
        self.look = look
    }
}

/// shields.io's badge styles (`style=`).
public enum BadgeLook: String, Sendable, Hashable, CaseIterable, Encodable {
    /// 20 px, corners of radius 3, a faint top-to-bottom shade and text with a 1 px shadow.
    case flat
    /// 20 px, square corners, no shade or shadow.
    case flatSquare = "flat-square"
    /// 28 px, square, upper-case letter-spaced text with wide margins.
    case forTheBadge = "for-the-badge"
    /// 18 px, corners of radius 4, a glossy shade (light at the top, dark at the bottom) and text with a 1 px shadow.
    case plastic

    /// The measurements of this style, in CSS pixels (shields' `badge-renderers.js`, with a ring where shields
    /// draws a logo).
    public var metrics: BadgeMetrics {
        switch self {
        case .flat, .flatSquare:
            BadgeMetrics(
                height: 20, cornerRadius: self == .flat ? 3 : 0, fontSize: 11, baseline: 14, textMargin: 5,
                ringMargin: 5, ringDiameter: Self.ringDiameter(fontSize: 11), ringWidth: Self.ringWidth(fontSize: 11),
                ringGutter: 4, tracking: 0, upperCase: false, shaded: self == .flat)
        case .plastic:
            // shields' Plastic: 18 px high, rx 4, the text 1 px higher than flat's (verticalMargin -10 at scale .1).
            BadgeMetrics(
                height: 18, cornerRadius: 4, fontSize: 11, baseline: 13, textMargin: 5, ringMargin: 5,
                ringDiameter: Self.ringDiameter(fontSize: 11), ringWidth: Self.ringWidth(fontSize: 11), ringGutter: 4,
                tracking: 0, upperCase: false, shaded: true, glossy: true)
        case .forTheBadge:
            BadgeMetrics(
                height: 28, cornerRadius: 0, fontSize: 10, baseline: 17.5, textMargin: 12, ringMargin: 9,
                ringDiameter: Self.ringDiameter(fontSize: 10), ringWidth: Self.ringWidth(fontSize: 10), ringGutter: 6,
                tracking: 0.125, upperCase: true, shaded: false)
        }
    }

    /// Capital (and digit) height of the badge face, DejaVu Sans, in em (1493 of 2048 units).
    public static let textCapHeight = 0.729
    /// Vertical stem of the badge face, DejaVu Sans regular, in em (`l` and `H`: 184 of 2048 units).
    public static let textStem = 0.0898

    /// The small ring's outer diameter beside text of `fontSize` pixels: the text's cap height plus two stems, to
    /// whole even pixels.
    ///
    /// The rule: the ring sits with the text as one more glyph of it would. It is as tall as the capitals and
    /// digits beside it plus one stem above and below (their overshoot and a hair of air), and its band is one
    /// and a half stems (``ringWidth(fontSize:)``): a shade firmer than the letters, so the arc stays apart from
    /// its 30 % track at 1×, and not the bold donut a band of a fifth of the diameter makes. An even diameter
    /// around a centre on a pixel corner (the ring's left edge is whole, every style's height even) puts its
    /// outer edge on the pixel grid. At 11 px (flat, flat-square, plastic): 10 px across with a 1.5 px band,
    /// beside capitals 8 px tall drawn with 1 px stems; for-the-badge's 10 px text gives the same.
    static func ringDiameter(fontSize: Double) -> Double {
        ((textCapHeight + 2 * textStem) * fontSize / 2).rounded() * 2
    }

    /// The small ring's band width beside text of `fontSize` pixels: one and a half stems, to half pixels.
    static func ringWidth(fontSize: Double) -> Double {
        (1.5 * textStem * fontSize * 2).rounded() / 2
    }
}

/// Where a badge style puts things, in CSS pixels.
public struct BadgeMetrics: Sendable, Hashable, Encodable {
    public var height: Double
    public var cornerRadius: Double
    /// Text size (em) in pixels.
    public var fontSize: Double
    /// Baseline, down from the top.
    public var baseline: Double
    /// Space left and right of each text.
    public var textMargin: Double
    /// Space left of the ring.
    public var ringMargin: Double
    /// The ring's outer diameter (``BadgeLook/ringDiameter(fontSize:)`` states the rule).
    public var ringDiameter: Double
    /// The ring's band width (``BadgeLook/ringWidth(fontSize:)``).
    public var ringWidth: Double
    /// Space between the ring and the value text.
    public var ringGutter: Double
    /// Letter spacing in em.
    public var tracking: Double
    public var upperCase: Bool
    /// The faint shade over the badge and the text shadow of `flat` (and `plastic`'s text shadow).
    public var shaded: Bool
    /// `plastic`'s gloss instead of `flat`'s shade.
    public var glossy: Bool = false
}

extension BadgeStyle {
    /// The coverage-badge colours the value background follows when `color` is not given, lowest first: red
    /// below 50 %, orange, yellow, yellowgreen, green from 90 %, brightgreen at 100 % and above (shields' shades).
    public static let valueColorScale: [(from: Double, color: Color)] = [
        (0, Color(hex: 0xE05D44)), (0.5, Color(hex: 0xFE7D37)), (0.7, Color(hex: 0xDFB317)),
        (0.8, Color(hex: 0xA4A61D)), (0.9, Color(hex: 0x97CA00)), (1, Color(hex: 0x44CC11)),
    ]

    /// The colour ``valueColorScale`` gives `progress`.
    public static func valueColor(for progress: Double) -> Color {
        valueColorScale.last { progress >= $0.from }?.color ?? valueColorScale[0].color
    }

    /// shields' text colours for a background: white with a dark shadow on dark and mid tones, `#333` with a
    /// light shadow on light ones (YIQ brightness above 0.69).
    public static func textColors(on background: Color) -> (text: Color, shadow: Color) {
        let brightness = (Double(background.r) * 299 + Double(background.g) * 587 + Double(background.b) * 114) / 255_000
        return brightness <= 0.69
            ? (Color(hex: 0xFFFFFF), Color(hex: 0x010101)) : (Color(hex: 0x333333), Color(hex: 0xCCCCCC))
    }
}
