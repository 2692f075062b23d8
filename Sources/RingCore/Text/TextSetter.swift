/// What the layout asks of a real typeface: a line of text shaped and ordered into filled outlines.
///
/// RingCore imports no C library, so it cannot shape text itself; RingText implements this over HarfBuzz and
/// FriBidi and the app passes it to ``RingLayout/scene(for:text:)`` and ``ErrorLayout/scene(message:size:text:)``.
/// Without one (no font installed) the layouts fall back to the built-in ``StrokeFont``.
public protocol TextSetter: Sendable {
    /// `text` as one line in visual order, outlines in em units (x right, y down, the pen starting at x = 0 on
    /// the baseline y = 0); nil when a character is not covered by any loaded font.
    ///
    /// - Parameters:
    ///   - tabularDigits: every digit as wide as every other, so a changing number keeps its place.
    ///   - tracking: space (em) added after every character, as CSS `letter-spacing` does (badges' upper-case
    ///     style); scripts whose letters join or hang from one line (Arabic, Devanagari, …) are left untracked,
    ///     since spacing would tear them apart.
    func line(_ text: String, tabularDigits: Bool, tracking: Double) -> ShapedLine?

    /// Height of capital letters above the baseline in em (the primary face's): the box labels are centred on.
    var capHeight: Double { get }

    /// The same type at regular weight (the petals label, seed 001's regular body text); nil when there is none,
    /// and then the petals label is set by this setter.
    var regularWeight: (any TextSetter)? { get }

    /// The setter badge texts are set with: shields.io's face (DejaVu Sans) first and this setter's faces for the
    /// characters it lacks; this setter itself where that face is not installed (the default).
    var badgeSetter: any TextSetter { get }
}

extension TextSetter {
    public var regularWeight: (any TextSetter)? { nil }
    public var badgeSetter: any TextSetter { self }

    /// `text` as one line without tracking.
    public func line(_ text: String, tabularDigits: Bool) -> ShapedLine? {
        line(text, tabularDigits: tabularDigits, tracking: 0)
    }
}

/// One line of shaped text: filled outlines and their metrics, in em units (y down, baseline at 0).
public struct ShapedLine: Sendable, Hashable {
    public var path: FilledPath
    /// Where the pen ends: the distance to the next line's start.
    public var advance: Double
    /// The painted ink's box (nil for blank text).
    public var ink: TextBounds?

    public init(path: FilledPath, advance: Double, ink: TextBounds?) {
        self.path = path
        self.advance = advance
        self.ink = ink
    }
}
