/// One line of text set in a ``StrokeFont``, in em units (cap height 1, baseline y = 0, y up), starting at x = 0.
public struct TextRun: Sendable, Hashable {
    /// The text as given.
    public let text: String
    /// Every pen stroke of every glyph, already moved to its pen position.
    public let strokes: [StrokePath]
    /// Total pen advance, bearings included.
    public let advance: Double
    /// Exact bounds of the stroke centre lines; nil when there is no ink (empty or blank text).
    public let inkBounds: TextBounds?

    public init(text: String, strokes: [StrokePath], advance: Double, inkBounds: TextBounds?) {
        self.text = text
        self.strokes = strokes
        self.advance = advance
        self.inkBounds = inkBounds
    }

    /// Height of the ink above the baseline (≥ 0): 1 for capitals and digits, 0.7 for `aceo…`.
    public var ascent: Double { max(0, inkBounds?.maxY ?? 0) }

    /// Depth of the ink below the baseline (≥ 0): 0.3 with descenders, 0 for `70%`.
    public var descent: Double { max(0, -(inkBounds?.minY ?? 0)) }

    /// Width of the ink (centre lines), without the outer bearings.
    public var inkWidth: Double { inkBounds?.width ?? 0 }

    /// The strokes as polylines in em units, chords within `tolerance` of the arcs.
    public func polylines(tolerance: Double = 0.002) -> [[Point]] {
        strokes.map { $0.flattened(tolerance: tolerance) }
    }
}
