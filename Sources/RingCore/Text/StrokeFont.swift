/// A built-in single-stroke font, so labels and error messages are drawn as round-capped strokes that look the same
/// in every viewer and in SVG and PNG alike — no font files, no `<text>` (docs/design.md §Errors, §Text).
///
/// Geometry is in **em units where the cap height is 1**: baseline at y = 0, **y up**, x-height 0.7, descenders down
/// to −0.3, brackets and slashes reaching about −0.18 … 1.06. `TextRun.fitted(center:maxWidth:maxHeight:…)` and
/// `TextRun.placed(origin:scale:strokeWidth:tolerance:)` convert to image coordinates (y down).
///
/// The glyph set is printable ASCII plus `✓ … – — × ° · ≤ ≥ →` (and curly quotes and the minus sign, drawn
/// with their ASCII look-alikes); see ``supportedCharacters``.
public struct StrokeFont: Sendable {
    /// The font every ringd image uses.
    public static let standard: StrokeFont = {
        do {
            let glyphs = try StrokeFontParser.parse(
                StrokeFontData.table, unitsPerCap: StrokeFontData.unitsPerCap, dotRadius: StrokeFontData.dotRadius)
            return StrokeFont(glyphs: glyphs, aliases: StrokeFontData.aliases)
        } catch {
            // The table is a constant checked by the tests; failing here is a build defect, not an input error.
            preconditionFailure("\(error)")
        }
    }()

    /// Height of capitals and digits (the unit of every length here).
    public let capHeight = 1.0
    /// Height of lower-case letters without ascenders.
    public let xHeight = 0.7
    /// Depth of descenders below the baseline (positive).
    public let descender = 0.3
    /// Suggested stroke width as a fraction of the cap height: bold enough to read at 10 px, light enough that
    /// counters stay open at 200 px.
    public let defaultWeight = 0.11
    /// Suggested distance between baselines, in cap heights.
    public let defaultLineSpacing = 1.7

    private let glyphs: [Character: StrokeGlyph]
    private let aliases: [Character: Character]
    /// Drawn for characters the font lacks (a box), so a layout never drops text silently.
    private let missing: StrokeGlyph
    private let space: StrokeGlyph

    init(glyphs table: [String: StrokeGlyph], aliases: [Character: Character]) {
        var glyphs: [Character: StrokeGlyph] = [:]
        for (key, glyph) in table where key.count == 1 {
            glyphs[Character(key)] = glyph
        }
        let space = table["space"] ?? StrokeGlyph(advance: 0.36, strokes: [])
        glyphs[" "] = space
        self.glyphs = glyphs
        self.aliases = aliases.filter { glyphs[$0.value] != nil }
        self.space = space
        self.missing = table["notdef"] ?? space
    }

    /// Every character with a glyph (aliases included), in Unicode scalar order.
    public var supportedCharacters: [Character] {
        (Array(glyphs.keys) + Array(aliases.keys)).sorted { Self.order($0) < Self.order($1) }
    }

    private static func order(_ character: Character) -> UInt32 {
        character.unicodeScalars.first?.value ?? 0
    }

    /// The glyph drawn for `character`, or nil if the font has none.
    public func glyph(for character: Character) -> StrokeGlyph? {
        glyphs[character] ?? aliases[character].flatMap { glyphs[$0] }
    }

    /// Whether `character` has a glyph. Only the plain space counts as whitespace here: tabs and line breaks are
    /// not label characters.
    public func supports(_ character: Character) -> Bool {
        glyph(for: character) != nil
    }

    /// The characters of `text` without a glyph, each once, in order of first appearance — for error messages
    /// such as "label: é is not in the built-in glyph set".
    public func unsupportedCharacters(in text: some StringProtocol) -> [Character] {
        var seen = Set<Character>()
        return text.filter { !supports($0) && seen.insert($0).inserted }
    }

    /// What ``layout(_:)`` draws for `character`: its glyph, a space for any whitespace, else the missing box.
    func drawnGlyph(for character: Character) -> StrokeGlyph {
        glyph(for: character) ?? (character.isWhitespace ? space : missing)
    }

    /// Sets `text` on one line. Whitespace of any kind advances like a space; other characters without a glyph
    /// are drawn as a box.
    public func layout(_ text: some StringProtocol) -> TextRun {
        var strokes: [StrokePath] = []
        var ink: TextBounds?
        var pen = 0.0
        for character in text {
            let glyph = drawnGlyph(for: character)
            let offset = Point(x: pen, y: 0)
            strokes += glyph.strokes.map { $0.offset(by: offset) }
            if let box = glyph.inkBounds?.offset(by: offset) {
                ink = ink?.union(box) ?? box
            }
            pen += glyph.advance
        }
        return TextRun(text: String(text), strokes: strokes, advance: pen, inkBounds: ink)
    }
}
