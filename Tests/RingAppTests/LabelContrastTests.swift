import RingCore
import RingHTTP
import RingPNG
import Testing
@testable import RingApp

/// Issue 40 item 1: with an opaque `bg` and no `labelColor`, the label is chosen by the background's luminance, so
/// it reads on every background (it followed `theme`: near-black "70%" on `bg=black`). Every style that draws a
/// label is rendered with `label=auto` and with `label=none` on 16 opaque backgrounds; the pixels that differ are
/// the label's, and its ink (the pixels farthest from the background) must reach WCAG's 4.5:1 against it, over
/// enough pixels to be read. (A badge's texts sit on its own parts, not on `bg`: BadgeRouteTests.)
@Suite struct LabelContrastTests {
    static let app = RingApplication()
    static let backgrounds = [
        "000000", "FFFFFF", "808080", "5A5A5A", "FF0000", "00FF00", "0000FF", "FFFF00", "FF00FF",
        "FFD1DC", "B5EAD7", "C7CEEA", "1C1C1E", "003366", "8B0000", "2F4F4F",
    ]
    static let styles = [
        "/ring?p=0.7", "/activity?p=0.8,0.6,1.1", "/petals?p=0.8", "/pie?p=0.3", "/pie?p=0.7&theme=dark",
        "/ring?p=0.42&theme=dark", "/activity?p=0.5&theme=auto",
    ]

    static func luminance(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Double {
        Color(r: r, g: g, b: b).relativeLuminance
    }

    @Test(arguments: styles)
    func labelReadsOnEveryOpaqueBackground(_ target: String) throws {
        let parts = target.split(separator: "?", maxSplits: 1).map(String.init)
        for hex in Self.backgrounds {
            func render(_ label: String) throws -> PNGImage {
                let query = parts[1] + "&size=256&bg=%23\(hex)&label=\(label)"
                let response = GalleryCase(name: "contrast", path: parts[0], query: query).respond(Self.app, format: .png)
                try #require(response.status == .ok, "\(target) bg=\(hex)")
                return try PNGDecoder.decode(response.body)
            }
            let labelled = try render("auto"), plain = try render("none")
            let bg = Color(hex: UInt32(hex, radix: 16)!)
            var best = 1.0, readable = 0, changed = 0
            for i in stride(from: 0, to: labelled.pixels.count, by: 4) {
                let px = Array(labelled.pixels[i..<(i + 3)])
                guard px != Array(plain.pixels[i..<(i + 3)]) else { continue }
                changed += 1
                let ratio = Color(r: px[0], g: px[1], b: px[2]).contrastRatio(with: bg)
                best = max(best, ratio)
                if ratio >= 4.5 { readable += 1 }
            }
            #expect(changed > 50, "\(target) bg=#\(hex): no label drawn")
            #expect(best >= 4.5, "\(target) bg=#\(hex): the label's contrast is \(best):1")
            #expect(readable >= 40, "\(target) bg=#\(hex): only \(readable) label pixels reach 4.5:1")
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
        #expect(try label("labelColor=red") == Color(hex: 0xFF3B30) || label("labelColor=red") == Color(hex: 0xFF0000))
        #expect(Color(hex: 0x767676).contrastRatio(with: Color(hex: 0xFFFFFF)) >= 4.5)
        #expect(Color(hex: 0x8E8E93).contrastRatio(with: Color(hex: 0x1C1C1E)) >= 4.5)
    }
}
