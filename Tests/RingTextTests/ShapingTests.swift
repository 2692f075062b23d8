import Testing
@testable import RingText
import RingCore

/// HarfBuzz's shaping through ``FontSet``, pinned on the fonts Debian ships (fonts-inter 4.0, fonts-noto-core
/// 20201225, fonts-droid-fallback 6.0.1): glyph ids and advances (em) per script, in visual order. A new font
/// release may change ids; the properties each test states (kerning, joining, direction, conjuncts) must hold.
@Suite struct ShapingTests {
    let fonts: FontSet

    init() throws {
        fonts = try #require(FontSet.load(), "no label fonts: scripts/setup serve installs them")
    }

    /// (face file, glyph id, advance rounded to 1/10 000 em) per glyph.
    func shaped(_ text: String, tabular: Bool = false) throws -> [String] {
        let glyphs = try #require(fonts.glyphs(text, tabularDigits: tabular), "\(text) not covered")
        return glyphs.map { g in
            "\(fonts.faces[g.face].name) \(g.id) \((g.advance * 10_000).rounded() / 10_000)"
        }
    }

    func advance(_ text: String) throws -> Double {
        try #require(fonts.line(text, tabularDigits: false)).advance
    }

    @Test func primaryFaceIsInterSemiBold() {
        #expect(fonts.faces.first?.name == "Inter-SemiBold.otf")
        #expect(fonts.faces.map(\.name).last == "DroidSansFallbackFull.ttf")
    }

    @Test func kerningPullsAVTogether() throws {
        #expect(try shaped("AV") == ["Inter-SemiBold.otf 2 0.6406", "Inter-SemiBold.otf 453 0.7237"])
        let a = try advance("A"), v = try advance("V"), av = try advance("AV")
        #expect(av < a + v - 0.05, "AV \(av) vs A + V \(a + v)")
    }

    /// Inter sets "ffi" without a ligature glyph but with its contextual f (id 645, not the plain f).
    @Test func ffi() throws {
        #expect(try shaped("ffi") == ["Inter-SemiBold.otf 645 0.3771", "Inter-SemiBold.otf 645 0.3771",
                                      "Inter-SemiBold.otf 679 0.2607"])
    }

    /// Joined Arabic: lam-alef becomes one ligature and the letters take their connected forms; the same letters
    /// kept apart by ZERO WIDTH NON-JOINER take isolated forms. Right to left: the first letter (seen) is drawn
    /// rightmost.
    @Test func arabicJoins() throws {
        let joined = try shaped("سلام")
        #expect(joined == ["NotoSansArabic-Bold.ttf 769 0.548", "NotoSansArabic-Bold.ttf 705 0.681",
                           "NotoSansArabic-Bold.ttf 1077 0.95"])
        let apart = try shaped("س\u{200C}ل\u{200C}ا\u{200C}م").filter { !$0.hasSuffix(" 0.0") }
        #expect(apart == ["NotoSansArabic-Bold.ttf 769 0.548", "NotoSansArabic-Bold.ttf 46 0.273",
                          "NotoSansArabic-Bold.ttf 665 0.741", "NotoSansArabic-Bold.ttf 1075 1.37"])
        #expect(Set(joined.dropLast()) != Set(apart.dropLast()))
        let seen = try shaped("س").first
        #expect(try shaped("سلام").last?.split(separator: " ").first == seen?.split(separator: " ").first)
    }

    /// Hebrew runs right to left: the last letter (final mem) is drawn leftmost.
    @Test func hebrewRunsRightToLeft() throws {
        #expect(try shaped("שלום") == ["NotoSansHebrew-Bold.ttf 23 0.702", "NotoSansHebrew-Bold.ttf 124 0.328",
                                       "NotoSansHebrew-Bold.ttf 55 0.556", "NotoSansHebrew-Bold.ttf 96 0.787"])
        #expect(try shaped("ם") == [try shaped("שלום")[0]])
        #expect(try shaped("ש") == [try shaped("שלום")[3]])
    }

    /// Devanagari: sa + virama + ta form one conjunct glyph, so six code points become five glyphs.
    @Test func devanagariConjunct() throws {
        #expect(try shaped("नमस्ते") == [
            "NotoSansDevanagari-Bold.ttf 44 0.618", "NotoSansDevanagari-Bold.ttf 50 0.646",
            "NotoSansDevanagari-Bold.ttf 215 0.436", "NotoSansDevanagari-Bold.ttf 40 0.624",
            "NotoSansDevanagari-Bold.ttf 75 0.0",
        ])
    }

    @Test func cjkFromTheFallbackFace() throws {
        #expect(try shaped("完了") == ["DroidSansFallbackFull.ttf 10532 1.0", "DroidSansFallbackFull.ttf 7198 1.0"])
    }

    @Test func greekAndCyrillicInInter() throws {
        #expect(try shaped("Ελλάδα") == [
            "Inter-SemiBold.otf 123 0.6076", "Inter-SemiBold.otf 1151 0.6001", "Inter-SemiBold.otf 1151 0.6001",
            "Inter-SemiBold.otf 1065 0.6481", "Inter-SemiBold.otf 1092 0.6158", "Inter-SemiBold.otf 1064 0.6481",
        ])
        #expect(try shaped("Готово") == [
            "Inter-SemiBold.otf 1988 0.4996", "Inter-SemiBold.otf 823 0.5785", "Inter-SemiBold.otf 1234 0.5273",
            "Inter-SemiBold.otf 823 0.608", "Inter-SemiBold.otf 1208 0.5714", "Inter-SemiBold.otf 823 0.608",
        ])
    }

    /// Latin, CJK and a symbol in one line: each from its face, in logical order left to right.
    @Test func mixedScripts() throws {
        #expect(try shaped("Build 完了 ✓") == [
            "Inter-SemiBold.otf 65 0.6573", "Inter-SemiBold.otf 900 0.6083", "Inter-SemiBold.otf 679 0.2607",
            "Inter-SemiBold.otf 723 0.2607", "Inter-SemiBold.otf 594 0.6303", "Inter-SemiBold.otf 1682 0.2482",
            "DroidSansFallbackFull.ttf 10532 1.0", "DroidSansFallbackFull.ttf 7198 1.0",
            "Inter-SemiBold.otf 1682 0.2482", "Inter-SemiBold.otf 1742 0.8807",
        ])
    }

    /// Bidi from FriBidi: Hebrew inside English keeps the English order around it and reverses only itself.
    @Test func mixedDirections() throws {
        let mixed = try #require(fonts.glyphs("ab שלום cd", tabularDigits: false))
        let hebrew = try #require(fonts.glyphs("שלום", tabularDigits: false)).map(\.id)
        let ids = mixed.map(\.id)
        let a = try #require(fonts.glyphs("a", tabularDigits: false)).map(\.id)
        let d = try #require(fonts.glyphs("d", tabularDigits: false)).map(\.id)
        #expect(ids.first == a.first && ids.last == d.first)
        #expect(ids.dropFirst(3).prefix(4).elementsEqual(hebrew))
        // The Hebrew run in an RTL paragraph comes first from the right: Hebrew, then English after it (left).
        let rtl = try #require(fonts.glyphs("שלום ab", tabularDigits: false)).map(\.id)
        #expect(rtl.first == a.first && rtl.suffix(4).elementsEqual(hebrew))
    }

    /// Tabular digits: every digit one width, so `label=auto` does not jiggle as the value changes.
    @Test func tabularDigits() throws {
        let widths = try (0...9).map { try #require(fonts.line(String($0), tabularDigits: true)).advance }
        // Inter's tabular four is a thousandth of an em narrower than the others (its design, 0.669 vs 0.670).
        #expect(widths.max()! - widths.min()! < 0.002, "\(widths)")
        let proportional = try (0...9).map { try #require(fonts.line(String($0), tabularDigits: false)).advance }
        #expect(Set(proportional).count > 1)
    }

    @Test func coverage() {
        #expect(fonts.firstUncovered(in: "Terminé Übersicht Готово 完了") == nil)
        // Tibetan: no catalogue face has it.
        #expect(fonts.firstUncovered(in: "a\u{0F40}b") == "\u{0F40}")
        // Joiners are consumed by shaping, never drawn: not a coverage problem.
        #expect(fonts.firstUncovered(in: "a\u{200D}b") == nil)
        #expect(fonts.line("a\u{0F40}", tabularDigits: false) == nil)
    }

    @Test func linesAreCachedPerText() throws {
        let first = try #require(fonts.line("Готово", tabularDigits: false))
        let second = try #require(fonts.line("Готово", tabularDigits: false))
        #expect(first == second)
        #expect(first.path.elements.count > 20)
        let ink = try #require(first.ink)
        #expect(ink.minY < -0.7 && ink.maxY < 0.05 && ink.minX >= 0 && ink.maxX <= first.advance)
        // Forgotten (as the fuzz target does after each input), a line is shaped again to the same result.
        fonts.removeShapedLines()
        #expect(fonts.line("Готово", tabularDigits: false) == first)
    }
}
