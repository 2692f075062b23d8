/// A fully validated request for one image: the style with every default applied, plus the options every style
/// shares. Built once by the query decoder; layout and writers only read it and never fail.
public struct RingSpec: Sendable, Hashable, Encodable {
    public var style: Style
    public var common: CommonOptions
    /// Storage of ``darkVariant`` (an array: a value cannot hold its own type directly).
    private var dark: [RingSpec] = []

    public init(style: Style, common: CommonOptions) {
        self.style = style
        self.common = common
    }

    /// For `theme=auto`: the same picture with the dark theme's colours, which the SVG shows on pages that prefer
    /// a dark colour scheme (this spec holds the light one). Nil for every other theme.
    public var darkVariant: RingSpec? {
        get { dark.first }
        set { dark = newValue.map { [$0] } ?? [] }
    }

    /// The looks, one per route.
    public enum Style: Sendable, Hashable, Encodable {
        case ring(RingStyle)
        case activity(ActivityStyle)
        case petals(PetalsStyle)
        case pie(PieStyle)
        case check(CheckStyle)
        case badge(BadgeStyle)

        /// The route name (`ring`, `activity`, …).
        public var name: String {
            switch self {
            case .ring: "ring"
            case .activity: "activity"
            case .petals: "petals"
            case .pie: "pie"
            case .check: "check"
            case .badge: "badge"
            }
        }
    }
}

/// Options shared by every style (docs/design.md §Common parameters).
public struct CommonOptions: Sendable, Hashable, Encodable {
    /// Side of the square image in CSS pixels, within ``RingLimits/size``.
    public var size: Double
    /// PNG pixel density, within ``RingLimits/scale``.
    public var scale: Int
    /// Background fill; nil is transparent.
    public var background: Color?
    public var theme: Theme
    public var label: Label
    /// Label colour, resolved from the theme when not given.
    public var labelColor: Color
    /// Accessible name; the decoder derives one (e.g. "70% progress") when not given.
    public var title: String
    /// Animation, or nil for a still image.
    public var animation: Animation?

    public init(
        size: Double = 128, scale: Int = 1, background: Color? = nil, theme: Theme = .light,
        label: Label = .none, labelColor: Color = Color(hex: 0x1C1C1E), title: String = "progress",
        animation: Animation? = nil
    ) {
        self.size = size
        self.scale = scale
        self.background = background
        self.theme = theme
        self.label = label
        self.labelColor = labelColor
        self.title = title
        self.animation = animation
    }
}

/// Light or dark surroundings: picks default track and label colours.
public enum Theme: String, Sendable, Hashable, CaseIterable, Encodable {
    /// Light surroundings; dark surroundings; both, switched by the page's `prefers-color-scheme` (SVG; a PNG,
    /// which has no media queries, draws the light set).
    case light, dark, auto
}

/// What is written in the middle (or under the petals).
public enum Label: Sendable, Hashable, Encodable {
    case none
    /// The percentage, e.g. `70%`.
    case auto
    /// Literal text from the built-in glyph set, at most ``RingLimits/labelLength`` characters.
    case text(String)
}

/// A one-shot animation that ends on the still image.
public struct Animation: Sendable, Hashable, Encodable {
    /// Seconds, within ``RingLimits/duration``.
    public var duration: Double
    public init(duration: Double = 1) {
        self.duration = duration
    }
}

/// A length given in pixels or as a fraction of the image size (`12%` → 0.12).
public enum Length: Sendable, Hashable, Encodable {
    case pixels(Double)
    case fraction(Double)

    /// The length in pixels for an image of side `size`.
    public func resolved(in size: Double) -> Double {
        switch self {
        case .pixels(let px): px
        case .fraction(let f): f * size
        }
    }
}

/// A ring's paint: one colour, or an angular gradient along the arc.
public enum Fill: Sendable, Hashable, Encodable {
    case solid(Color)
    case gradient(Gradient)

    /// The colour at the start of the arc.
    public var startColor: Color {
        switch self {
        case .solid(let c): c
        case .gradient(let g): g.stops[0]
        }
    }

    /// The colour at the end of the arc (the tip).
    public var endColor: Color {
        switch self {
        case .solid(let c): c
        case .gradient(let g): g.stops[g.stops.count - 1]
        }
    }
}

/// Evenly spaced colour stops, ``RingLimits/gradientStops`` of them.
public struct Gradient: Sendable, Hashable, Encodable {
    public let stops: [Color]

    /// Nil unless the stop count is within ``RingLimits/gradientStops``.
    public init?(stops: [Color]) {
        guard RingLimits.gradientStops.contains(stops.count) else { return nil }
        self.stops = stops
    }

    /// The colour at `t` in 0…1 (clamped), interpolating straight sRGB channels.
    public func color(at t: Double) -> Color {
        let t = t.clamped(to: 0...1)
        let x = t * Double(stops.count - 1)
        let i = min(Int(x), stops.count - 2)
        return stops[i].mixed(with: stops[i + 1], x - Double(i))
    }
}

public enum LineCap: String, Sendable, Hashable, CaseIterable, Encodable {
    case round, butt
}

/// Sweep direction on screen.
public enum Direction: String, Sendable, Hashable, CaseIterable, Encodable {
    case cw, ccw
}

/// Whether the tip cap casts its forward shadow.
public enum ShadowMode: String, Sendable, Hashable, CaseIterable, Encodable {
    /// Only when progress > ``ShadowMode/autoThreshold`` (seed 000: p > 0.96, when the tip nears the start).
    case auto
    case on, off

    /// Progress above which `auto` draws the shadow.
    public static let autoThreshold = 0.96

    public func isShown(progress: Double) -> Bool {
        switch self {
        case .auto: progress > Self.autoThreshold
        case .on: true
        case .off: false
        }
    }
}

/// `/ring`: one progress ring (seeds 000, 002).
public struct RingStyle: Sendable, Hashable, Encodable {
    /// Within ``RingLimits/progress``.
    public var progress: Double
    public var fill: Fill
    /// Track under the arc; nil draws none.
    public var track: Color?
    public var thickness: Length
    /// Degrees, 0 = 3 o'clock, −90 = top, increasing clockwise on screen.
    public var start: Double
    public var direction: Direction
    public var cap: LineCap
    public var shadow: ShadowMode

    public init(
        progress: Double, fill: Fill, track: Color?, thickness: Length = .fraction(0.12), start: Double = -90,
        direction: Direction = .cw, cap: LineCap = .round, shadow: ShadowMode = .auto
    ) {
        self.progress = progress
        self.fill = fill
        self.track = track
        self.thickness = thickness
        self.start = start
        self.direction = direction
        self.cap = cap
        self.shadow = shadow
    }
}

/// One ring of an activity image.
public struct ActivityRing: Sendable, Hashable, Encodable {
    public var progress: Double
    public var fill: Fill
    /// Track under this ring; nil draws none.
    public var track: Color?

    public init(progress: Double, fill: Fill, track: Color?) {
        self.progress = progress
        self.fill = fill
        self.track = track
    }
}

/// `/activity`: concentric rings, outermost first.
public struct ActivityStyle: Sendable, Hashable, Encodable {
    /// ``RingLimits/rings`` rings, outermost first.
    public var rings: [ActivityRing]
    public var thickness: Length
    /// Space between neighbouring rings.
    public var gap: Length
    public var start: Double
    public var direction: Direction
    public var cap: LineCap
    public var shadow: ShadowMode

    public init(
        rings: [ActivityRing], thickness: Length, gap: Length, start: Double = -90, direction: Direction = .cw,
        cap: LineCap = .round, shadow: ShadowMode = .auto
    ) {
        self.rings = rings
        self.thickness = thickness
        self.gap = gap
        self.start = start
        self.direction = direction
        self.cap = cap
        self.shadow = shadow
    }
}

/// `/petals`: capsules around a centre whose opacities show progress (seed 001).
public struct PetalsStyle: Sendable, Hashable, Encodable {
    public var progress: Double
    /// ``RingLimits/petals`` petals.
    public var petals: Int
    public var color: Color

    public init(progress: Double, petals: Int = 8, color: Color) {
        self.progress = progress
        self.petals = petals
        self.color = color
    }

    /// Seed 001: petal `i` (0-based) has opacity clamp((p − i/n)·n, 0, 1).
    public func opacity(ofPetal i: Int) -> Double {
        let n = Double(petals)
        return ((progress - Double(i) / n) * n).clamped(to: 0...1)
    }
}

/// `/pie`: a thin border ring and a wedge filling from the top (seed 004).
public struct PieStyle: Sendable, Hashable, Encodable {
    public var progress: Double
    public var color: Color
    public var border: Color
    public var borderWidth: Length

    public init(progress: Double, color: Color, border: Color, borderWidth: Length) {
        self.progress = progress
        self.color = color
        self.border = border
        self.borderWidth = borderWidth
    }
}

/// Outline shape of `/check`.
public enum CheckShape: String, Sendable, Hashable, CaseIterable, Encodable {
    case circle, square, rounded
}

/// `/check`: a circled checkmark (seed 003); the still image is the final state (colour `to`).
public struct CheckStyle: Sendable, Hashable, Encodable {
    public var shape: CheckShape
    public var from: Color
    public var to: Color
    public var stroke: Length
    /// Size of the check relative to the container, within ``RingLimits/checkRatio``.
    public var ratio: Double
    /// Scale up and back at the end of the animation. The picture leaves room for it whether animated or not, so
    /// the animation ends on exactly the still picture.
    public var bounce: Bool

    public init(shape: CheckShape, from: Color, to: Color, stroke: Length, ratio: Double, bounce: Bool) {
        self.shape = shape
        self.from = from
        self.to = to
        self.stroke = stroke
        self.ratio = ratio
        self.bounce = bounce
    }
}
