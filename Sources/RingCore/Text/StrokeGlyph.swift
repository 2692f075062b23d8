/// One character of a ``StrokeFont``: strokes in em units (cap height 1, baseline y = 0, y up), the origin at the
/// pen position on the baseline, and the advance to the next pen position.
public struct StrokeGlyph: Sendable, Hashable {
    /// Pen movement after this glyph, in em units.
    public let advance: Double
    /// The pen strokes; empty for a space.
    public let strokes: [StrokePath]
    /// Exact bounds of the stroke centre lines, or nil for a glyph without ink.
    public let inkBounds: TextBounds?

    public init(advance: Double, strokes: [StrokePath]) {
        self.advance = advance
        self.strokes = strokes
        self.inkBounds = strokes.map(\.bounds).reduce(nil) { box, next in box?.union(next) ?? next }
    }
}
