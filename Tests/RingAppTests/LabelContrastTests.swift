import RingCore
import RingHTTP
import RingPNG
import Testing
@testable import RingApp

/// Issue 40, acceptance: every style is rendered with `label=auto` (the check, which has no percentage, with a
/// text) on 16 opaque backgrounds — black, white, mid-grey, pure primaries and secondaries, pastels and dark tones —
/// and the label's contrast against the background is measured from the decoded PNG's pixels: the pixels where
/// the labelled picture differs from the unlabelled one are the label's, its ink is the one of them farthest from
/// the background (the darkest label pixel on a light background, the lightest on a dark one), and that ink must
/// reach WCAG's 4.5:1, over enough pixels to be read. A badge's label sits on its own label part, not on `bg`:
/// there the ink is measured against the part under it, on every background and theme.
@Suite struct LabelContrastTests {
    static let app = RingApplication()
    static let backgrounds = [
        "000000", "FFFFFF", "808080", "5A5A5A", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF",
        "FFD1DC", "B5EAD7", "C7CEEA", "1C1C1E", "003366", "8B0000", "2F4F4F",
    ]
    /// (target, label): every style in each theme; the check's `label=auto` draws nothing (no value), so a text.
    static let styles: [(String, String)] = [
        ("/ring?p=0.7", "auto"), ("/ring?p=0.42&theme=dark", "auto"), ("/ring?p=1.2&theme=auto", "auto"),
        ("/activity?p=0.8,0.6,1.1", "auto"), ("/activity?p=0.5&theme=auto", "auto"),
        ("/activity?p=0.3,0.9&theme=dark", "auto"),
        ("/petals?p=0.8", "auto"), ("/petals?p=1&theme=dark", "auto"),
        ("/pie?p=0.3", "auto"), ("/pie?p=0.7&theme=dark", "auto"),
        ("/check?shape=circle", "Done"), ("/check?shape=rounded&theme=dark", "Done"),
    ]

    /// The WCAG contrast of the label's ink (the labelled pixels farthest from `bg`) and how many labelled pixels
    /// reach 4.5:1, over the pixels `where` allows.
    static func ink(
        _ labelled: PNGImage, against plain: PNGImage, bg: (Int, Int) -> Color, where inside: (Int, Int) -> Bool = { _, _ in true }
    ) -> (best: Double, readable: Int, changed: Int) {
        var best = 1.0, readable = 0, changed = 0
        for y in 0..<labelled.height {
            for x in 0..<labelled.width where inside(x, y) {
                let a = labelled.pixel(x: x, y: y), b = plain.pixel(x: x, y: y)
                guard (a.r, a.g, a.b) != (b.r, b.g, b.b) else { continue }
                changed += 1
                let ratio = Color(r: a.r, g: a.g, b: a.b).contrastRatio(with: bg(x, y))
                best = max(best, ratio)
                if ratio >= 4.5 { readable += 1 }
            }
        }
        return (best, readable, changed)
    }

    static func png(_ path: String, _ query: String) throws -> PNGImage {
        let response = GalleryCase(name: "contrast", path: path, query: query).respond(app, format: .png)
        try #require(response.status == .ok, "\(path)?\(query)")
        return try PNGDecoder.decode(response.body)
    }

    @Test(arguments: styles.map(\.0))
    func labelReadsOnEveryOpaqueBackground(_ target: String) throws {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        let label = try #require(Self.styles.first { $0.0 == target }?.1)
        for hex in Self.backgrounds {
            let query = parts[1] + "&size=256&bg=%23\(hex)"
            let labelled = try Self.png(parts[0], query + "&label=\(label)"), plain = try Self.png(parts[0], query + "&label=none")
            let bg = Color(hex: UInt32(hex, radix: 16)!)
            let ink = Self.ink(labelled, against: plain, bg: { _, _ in bg })
            #expect(ink.changed > 50, "\(target) bg=#\(hex): no label drawn")
            #expect(ink.best >= 4.5, "\(target) bg=#\(hex): the label's contrast is \(ink.best):1")
            #expect(ink.readable >= 40, "\(target) bg=#\(hex): only \(ink.readable) label pixels reach 4.5:1")
        }
    }

    /// Badges that carry a label (`label=coverage`, every look, light and dark theme, every background): the label
    /// text against its own part. The part's colour is read on each row left of the text (a flat badge shades top
    /// to bottom), and every pixel of the part that differs from its row's colour is the label's.
    @Test(arguments: BadgeLook.allCases)
    func badgeLabelReadsOnItsPart(_ look: BadgeLook) throws {
        let scale = 2, margin = 4 * scale  // past the corners' 3 px radius, short of the text's 6 px padding
        for theme in ["light", "dark"] {
            for hex in Self.backgrounds {
                let query = "p=0.7&label=coverage&style=\(look.rawValue)&theme=\(theme)&bg=%23\(hex)&scale=\(scale)"
                let badge = try Self.png("/badge", query)
                func rowColor(_ y: Int) -> Color {
                    let p = badge.pixel(x: margin, y: y)
                    return Color(r: p.r, g: p.g, b: p.b)
                }
                // The label part ends where a row near the top leaves the part's colour: the value part starts there.
                let top = 2 * scale, part = rowColor(top)
                let end = try #require((margin..<badge.width).first { x in
                    let p = badge.pixel(x: x, y: top)
                    return max(abs(Int(p.r) - Int(part.r)), abs(Int(p.g) - Int(part.g)), abs(Int(p.b) - Int(part.b))) > 24
                }, "\(query): no value part")
                var pixels: [UInt8] = []
                for y in 0..<badge.height {
                    let c = rowColor(y)
                    for _ in 0..<badge.width { pixels += [c.r, c.g, c.b, 255] }
                }
                let plain = PNGImage(width: badge.width, height: badge.height, pixels: pixels)
                let ink = Self.ink(badge, against: plain, bg: { _, y in rowColor(y) }, where: { x, y in
                    x > margin && x < end - margin && y >= top && y < badge.height - top
                })
                #expect(part == Color(hex: 0x555555) || [.flat, .plastic].contains(look), "\(query): label part \(part.hexRGB)")
                #expect(ink.changed > 50, "\(query): no label drawn")
                #expect(ink.best >= 4.5, "\(query): the label's contrast is \(ink.best):1")
                #expect(ink.readable >= 40, "\(query): only \(ink.readable) label pixels reach 4.5:1")
            }
        }
    }

    /// The label colour `route` resolves for a labelled picture with `query`.
    static func labelColor(_ route: ImageRoute, _ query: String) throws -> Color {
        try QueryDecoder.decode(route: route, query: QueryString(parsing: "p=0.5&label=auto&" + query)).common.labelColor
    }

    /// A transparent background keeps the theme's colours, and an explicit labelColor is kept on any background.
    @Test func themeAndExplicitColourStillDecide() throws {
        func label(_ query: String) throws -> Color { try Self.labelColor(.ring, query) }
        #expect(try label("theme=dark") == Color(hex: 0xF2F2F7))
        #expect(try label("") == Color(hex: 0x1C1C1E))
        #expect(try label("bg=black") == Color(hex: 0xF2F2F7))
        #expect(try label("bg=white&theme=dark") == Color(hex: 0x1C1C1E))
        #expect(try label("bg=black&labelColor=%23333") == Color(hex: 0x333333))
        #expect(try label("bg=%23808080") == Color(hex: 0x000000))
    }

    /// Issue 40 item 2: the petals label is seed 001's grey (`Color.gray`, darkened to 4.5:1 on white), where it
    /// keeps 4.5:1; elsewhere the contrast rule's colour (labelReadsOnEveryOpaqueBackground measures petals too).
    @Test func petalsLabelIsTheSeedsGrey() throws {
        func label(_ query: String) throws -> Color { try Self.labelColor(.petals, query) }
        #expect(try label("") == Color(hex: 0x767676))
        #expect(try label("bg=white") == Color(hex: 0x767676))
        #expect(try label("theme=dark") == Color(hex: 0x8E8E93))
        #expect(try label("bg=black") == Color(hex: 0x8E8E93))
        #expect(try label("bg=%23FFD1DC") == Color(hex: 0x1C1C1E))
        #expect(try label("labelColor=red") == Color(hex: 0xFF0000))
        #expect(Color(hex: 0x767676).contrastRatio(with: Color(hex: 0xFFFFFF)) >= 4.5)
        #expect(Color(hex: 0x8E8E93).contrastRatio(with: Color(hex: 0x1C1C1E)) >= 4.5)
    }
}
