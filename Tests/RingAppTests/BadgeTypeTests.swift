import RingCore
import RingText
import Testing
@testable import RingApp

/// Badges in shields' type (issue 40 item 4): the texts in DejaVu Sans regular, the label faces drawing what it
/// lacks; every other route's labels stay in the label faces.
@Suite struct BadgeTypeTests {
    static let typeface = Typeface.system

    static func badges() throws -> FontSet {
        try #require(typeface.badgeFonts, "DejaVu Sans is not installed (scripts/setup serve installs fonts-dejavu-core)")
    }

    @Test func badgeTextsAreDejaVuSansAndLabelsAreNot() throws {
        let badges = try Self.badges(), labels = try #require(Self.typeface.fonts)
        #expect(badges.faces[0].name == FontCatalog.badgeFace)
        // The label faces follow, the same objects (no file mapped twice).
        #expect(badges.faces.dropFirst().map { ObjectIdentifier($0) } == labels.faces.map { ObjectIdentifier($0) })
        let setter = try #require(Self.typeface.setter)
        let dejaVu = try #require(badges.line("coverage", tabularDigits: false))
        let label = try #require(labels.line("coverage", tabularDigits: false))
        #expect(dejaVu != label)
        #expect(setter.badgeSetter.line("coverage", tabularDigits: false) == dejaVu)
        #expect(setter.line("coverage", tabularDigits: false) == label)
    }

    /// Widths from DejaVu Sans' shaped advances: "coverage" is 51.07 px at 11 px, and pybadges (shields' generator,
    /// its table in tenths of a pixel) measures 51.0, so the label part is 61 px as theirs is.
    @Test func widthsAreDejaVuSansAdvances() throws {
        let badges = try Self.badges()
        let advance = try #require(badges.line("coverage", tabularDigits: false)).advance * 11
        #expect(abs(advance - 51.0) < 0.1, "coverage: \(advance) px")
        let m = BadgeLook.flat.metrics
        let staticBadge = BadgeStyle(
            progress: 0, label: "coverage", message: "x", labelBackground: Color(hex: 0x555555),
            valueBackground: Color(hex: 0x44CC11), fill: .solid(Color(hex: 0xFFFFFF)), track: nil, showsRing: false)
        var valueOnly = staticBadge
        valueOnly.label = ""
        let setter = Self.typeface.setter
        #expect(RingLayout.badgeWidth(staticBadge, text: setter) - RingLayout.badgeWidth(valueOnly, text: setter) == 51 + 2 * m.textMargin)
    }

    /// A script DejaVu Sans lacks comes from the label faces, in the glyphs a label would have, sized to DejaVu
    /// Sans' capitals as a label's are to Inter's (one type system); a mixed text takes its Latin from DejaVu Sans.
    @Test func scriptsDejaVuLacksFallBackToTheLabelFaces() throws {
        let badges = try Self.badges(), labels = try #require(Self.typeface.fonts)
        let ratio = badges.capHeight / labels.capHeight
        for text in ["完了", "हिन्दी"] {
            #expect(!text.unicodeScalars.contains { badges.faces[0].covers($0) }, "DejaVu Sans has \(text) now")
            let line = try #require(badges.line(text, tabularDigits: false), "\(text)")
            let label = try #require(labels.line(text, tabularDigits: false), "\(text)")
            #expect(abs(line.advance - label.advance * ratio) < 1e-9, "\(text)")
            let ink = try #require(line.ink), labelInk = try #require(label.ink)
            for (a, b) in [(ink.minX, labelInk.minX), (ink.maxX, labelInk.maxX), (ink.minY, labelInk.minY), (ink.maxY, labelInk.maxY)] {
                #expect(abs(a - b * ratio) < 1e-9, "\(text)")
            }
        }
        let mixed = try #require(badges.line("Build 完了", tabularDigits: false))
        #expect(mixed != labels.line("Build 完了", tabularDigits: false))
        #expect(mixed.advance > (try #require(badges.line("完了", tabularDigits: false))).advance)
    }

    /// The ring rule's figures are DejaVu Sans' own: its capitals' height and its stems' width, from the outlines.
    @Test func ringRuleUsesTheFacesFigures() throws {
        let badges = try Self.badges()
        let h = try #require(badges.line("H", tabularDigits: false)?.ink)
        #expect(abs(-h.minY - BadgeLook.textCapHeight) < 0.001, "cap height \(-h.minY) em")
        let l = try #require(badges.line("l", tabularDigits: false)?.ink)
        #expect(abs((l.maxX - l.minX) - BadgeLook.textStem) < 0.001, "stem \(l.maxX - l.minX) em")
    }

    /// Replicas with and without DejaVu Sans draw different badges, so they must not share keys.
    @Test func theBadgeFaceIsInTheVersion() throws {
        let labels = try #require(Self.typeface.fonts)
        _ = try Self.badges()
        let without = Typeface(fonts: labels)
        #expect(without.badgeFonts == nil && without.version != Self.typeface.version)
        #expect(Typeface.system.summary.contains("badges in \(FontCatalog.badgeFace)"))
    }

    /// `ringd fonts` (what the container image copies) lists the badge face after the label faces.
    @Test func theBadgeFaceIsFoundWhereTheLabelFacesAre() throws {
        _ = try Self.badges()
        let path = try #require(FontCatalog.locateBadgeFace(in: FontCatalog.systemDirectories))
        #expect(path.hasSuffix("/" + FontCatalog.badgeFace))
        #expect(FontCatalog.locateBadgeFace(in: ["/nonexistent/ringd-fonts"]) == nil)
    }
}
