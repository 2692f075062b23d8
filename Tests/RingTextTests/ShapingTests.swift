import Foundation
import Testing
@testable import RingText
import RingCore

/// HarfBuzz's shaping through ``FontSet``, pinned on the fonts Debian ships (fonts-inter 4.0, fonts-noto-core
/// 20201225, fonts-noto-cjk 20220127): glyph ids and advances (em, each face's scaled to Inter's capital height)
/// per script, in visual order. A new font release may change ids; the properties each test states (kerning,
/// joining, direction, conjuncts) must hold.
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

    /// Inter Bold first; Noto Sans CJK Bold (its Japanese face) before Droid Sans Fallback, which is last; the
    /// regular chain of the same families.
    @Test func chainsOfOneWeightEach() throws {
        let names = fonts.faces.map(\.name)
        #expect(names.first == "Inter-Bold.otf")
        #expect(names.suffix(2) == ["NotoSansCJK-Bold.ttc", "DroidSansFallbackFull.ttf"])
        #expect(fonts.faces.first { $0.name == "NotoSansCJK-Bold.ttc" }?.faceIndex == FontCatalog.cjkFace)
        let regular = try #require(fonts.regular).faces.map(\.name)
        #expect(regular.first == "Inter-Regular.otf" && regular.contains("NotoSansCJK-Regular.ttc"))
        #expect(!regular.contains { $0.contains("Bold") })
        // Noto Sans Symbols2 comes in one weight only.
        #expect(names.filter { $0.contains("Regular") } == ["NotoSansSymbols2-Regular.ttf"])
    }

    /// Each script's reference letter, shaped, stands exactly as tall as Inter's capitals (the size rule).
    @Test func referenceLettersStandAsTallAsCapitals() throws {
        for set in [fonts, try #require(fonts.regular)] {
            for letter in ["H", "ב", "ا", "क", "ก", "国"] {
                let ink = try #require(set.line(letter, tabularDigits: false)?.ink, "\(letter)")
                #expect(abs((ink.maxY - ink.minY) - set.capHeight) < 1e-6, "\(letter): \(ink)")
            }
        }
    }

    @Test func kerningPullsAVTogether() throws {
        #expect(try shaped("AV") == ["Inter-Bold.otf 2 0.6577", "Inter-Bold.otf 453 0.7479"])
        let a = try advance("A"), v = try advance("V"), av = try advance("AV")
        #expect(av < a + v - 0.05, "AV \(av) vs A + V \(a + v)")
    }

    /// Inter sets "ffi" without a ligature glyph but with its contextual f (id 645, not the plain f).
    @Test func ffi() throws {
        #expect(try shaped("ffi") == ["Inter-Bold.otf 645 0.3857", "Inter-Bold.otf 645 0.3857",
                                      "Inter-Bold.otf 679 0.272"])
    }

    /// Joined Arabic: lam-alef becomes one ligature and the letters take their connected forms; the same letters
    /// kept apart by ZERO WIDTH NON-JOINER take isolated forms. Right to left: the first letter (seen) is drawn
    /// rightmost.
    @Test func arabicJoins() throws {
        let joined = try shaped("سلام")
        #expect(joined == ["NotoSansArabic-Bold.ttf 769 0.5445", "NotoSansArabic-Bold.ttf 705 0.6766",
                           "NotoSansArabic-Bold.ttf 1077 0.9439"])
        let apart = try shaped("س\u{200C}ل\u{200C}ا\u{200C}م").filter { !$0.hasSuffix(" 0.0") }
        #expect(apart == ["NotoSansArabic-Bold.ttf 769 0.5445", "NotoSansArabic-Bold.ttf 46 0.2712",
                          "NotoSansArabic-Bold.ttf 665 0.7362", "NotoSansArabic-Bold.ttf 1075 1.3612"])
        #expect(Set(joined.dropLast()) != Set(apart.dropLast()))
        let seen = try shaped("س").first
        #expect(try shaped("سلام").last?.split(separator: " ").first == seen?.split(separator: " ").first)
    }

    /// Hebrew runs right to left: the last letter (final mem) is drawn leftmost.
    @Test func hebrewRunsRightToLeft() throws {
        #expect(try shaped("שלום") == ["NotoSansHebrew-Bold.ttf 23 0.8467", "NotoSansHebrew-Bold.ttf 124 0.3956",
                                       "NotoSansHebrew-Bold.ttf 55 0.6706", "NotoSansHebrew-Bold.ttf 96 0.9492"])
        #expect(try shaped("ם") == [try shaped("שלום")[0]])
        #expect(try shaped("ש") == [try shaped("שלום")[3]])
    }

    /// Devanagari: sa + virama + ta form one conjunct glyph, so six code points become five glyphs.
    @Test func devanagariConjunct() throws {
        #expect(try shaped("नमस्ते") == [
            "NotoSansDevanagari-Bold.ttf 44 0.7226", "NotoSansDevanagari-Bold.ttf 50 0.7553",
            "NotoSansDevanagari-Bold.ttf 215 0.5098", "NotoSansDevanagari-Bold.ttf 40 0.7296",
            "NotoSansDevanagari-Bold.ttf 75 0.0",
        ])
    }

    /// Without Noto Sans CJK, Droid Sans Fallback draws CJK, scaled to the same height.
    @Test func droidDrawsCJKWhenNotoSansCJKIsMissing() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ringd-fonts-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for face in fonts.faces where ["Inter-Bold.otf", "DroidSansFallbackFull.ttf"].contains(face.name) {
            try FileManager.default.createSymbolicLink(
                atPath: directory.appendingPathComponent(face.name).path, withDestinationPath: face.path)
        }
        let fallback = try #require(FontSet.load(directories: [directory.path]))
        #expect(fallback.faces.map(\.name) == ["Inter-Bold.otf", "DroidSansFallbackFull.ttf"])
        let glyphs = try #require(fallback.glyphs("完了", tabularDigits: false))
        #expect(glyphs.allSatisfy { fallback.faces[$0.face].name == "DroidSansFallbackFull.ttf" })
        let ink = try #require(fallback.line("国", tabularDigits: false)?.ink)
        #expect(abs((ink.maxY - ink.minY) - fallback.capHeight) < 1e-6)
    }

    @Test func cjkFromNotoSansCJK() throws {
        #expect(try shaped("完了") == ["NotoSansCJK-Bold.ttc 15469 0.8099", "NotoSansCJK-Bold.ttc 9660 0.8099"])
    }

    @Test func greekAndCyrillicInInter() throws {
        #expect(try shaped("Ελλάδα") == [
            "Inter-Bold.otf 123 0.6126", "Inter-Bold.otf 1151 0.6072", "Inter-Bold.otf 1151 0.6072",
            "Inter-Bold.otf 1065 0.6516", "Inter-Bold.otf 1092 0.6541", "Inter-Bold.otf 1064 0.6516",
        ])
        #expect(try shaped("Готово") == [
            "Inter-Bold.otf 1988 0.5018", "Inter-Bold.otf 823 0.5891", "Inter-Bold.otf 1234 0.538",
            "Inter-Bold.otf 823 0.6136", "Inter-Bold.otf 1208 0.5763", "Inter-Bold.otf 823 0.6136",
        ])
    }

    /// Latin, CJK and a symbol in one line: each from its face, in logical order left to right.
    @Test func mixedScripts() throws {
        #expect(try shaped("Build 完了 ✓") == [
            "Inter-Bold.otf 65 0.6609", "Inter-Bold.otf 900 0.6218", "Inter-Bold.otf 679 0.272",
            "Inter-Bold.otf 723 0.272", "Inter-Bold.otf 594 0.6353", "Inter-Bold.otf 1682 0.2319",
            "NotoSansCJK-Bold.ttc 15469 0.8099", "NotoSansCJK-Bold.ttc 9660 0.8099",
            "Inter-Bold.otf 1682 0.2319", "Inter-Bold.otf 1742 0.8807",
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

