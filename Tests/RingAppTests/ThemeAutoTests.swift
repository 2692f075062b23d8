import Foundation
import FoundationXML
import RingCore
import RingPNG
import RingRaster
import RingSVG
import Testing
@testable import RingApp

/// `theme=auto`: one URL for light and dark pages. The SVG carries both pictures and a media query picks one; a
/// PNG (no media queries) is the light picture (issue 18, item 1; the browser check is scripts/check/browser/theme-auto.py).
@Suite struct ThemeAutoTests {
    func spec(_ route: ImageRoute, _ query: String) throws -> RingSpec {
        try QueryDecoder.decode(route: route, query: QueryString(parsing: query))
    }

    @Test func autoCarriesTheDarkPicture() throws {
        let auto = try spec(.ring, "p=0.7&theme=auto&label=auto")
        let light = try spec(.ring, "p=0.7&theme=light&label=auto")
        let dark = try spec(.ring, "p=0.7&theme=dark&label=auto")
        #expect(auto.common.theme == .auto)
        #expect(auto.style == light.style && auto.common.labelColor == light.common.labelColor)
        #expect(auto.darkVariant == dark)
        #expect(light.darkVariant == nil && dark.darkVariant == nil)
        // Explicit colours hold in both pictures.
        let custom = try spec(.ring, "p=0.7&theme=auto&track=red&labelColor=blue&label=auto")
        #expect(custom.darkVariant?.common.labelColor == custom.common.labelColor)
        // Its own picture: its own cache key.
        #expect(CacheKey(spec: auto, format: .svg) != CacheKey(spec: light, format: .svg))
    }

    @Test(arguments: ["ring?p=0.7&label=auto", "activity?p=0.8,0.6,1.1&label=auto", "pie?p=0.3&label=auto",
                      "petals?p=0.5&label=auto", "check?label=auto", "ring?p=0.7&animate=1&label=auto"])
    func svgCarriesBothAndPNGDrawsLight(_ target: String) throws {
        let parts = target.split(separator: "?")
        let route = try #require(ImageRoute(rawValue: String(parts[0])))
        let auto = try spec(route, parts[1] + "&theme=auto")
        let light = try spec(route, parts[1] + "&theme=light")
        let dark = try spec(route, parts[1] + "&theme=dark")
        let text = Typeface.system.setter
        let scene = RingLayout.scene(for: auto, text: text)
        #expect(scene.items == RingLayout.scene(for: light, text: text).items)
        #expect(scene.darkItems == RingLayout.scene(for: dark, text: text).items)
        // The PNG is the light picture, pixel for pixel.
        #expect(Rasterizer.render(scene.frame(at: 10), scale: 1)
            == Rasterizer.render(RingLayout.scene(for: light, text: text).frame(at: 10), scale: 1))
        let svg = SVGWriter.write(scene, options: .init(idPrefix: "t"))
        #expect(svg.contains(".rt-d{display:none}@media (prefers-color-scheme:dark){.rt-l{display:none}.rt-d{display:inline}}"))
        #expect(svg.contains("<g class=\"rt-l\">") && svg.contains("<g class=\"rt-d\">"))
        #expect(!svg.contains("<g class=\"rt-d\">") || svg.components(separatedBy: " id=\"").count
            == Set(svg.components(separatedBy: " id=\"").dropFirst().map { $0.prefix { $0 != "\"" } }).count + 1,
            "ids unique across both pictures")
        let data = try #require(svg.data(using: .utf8))
        #expect(XMLParser(data: data).parse())
    }
}
