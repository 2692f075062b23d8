import RingCore
import RingSVG
import Testing

/// Writes every look to `$RING_LOOK_DIR` (when set) for people to open, and checks each is a plausible document.
@Suite struct LookGalleryTests {
    @Test(arguments: Fixtures.looks.map(\.0))
    func look(name: String) throws {
        let spec = try #require(Fixtures.looks.first { $0.0 == name }?.1)
        let svg = SVGWriter.write(RingLayout.scene(for: spec), options: .init(idPrefix: name))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        if let dir = Environment.value("RING_LOOK_DIR") {
            try TestFiles.write(svg, to: dir + "/" + name + ".svg")
        }
    }
}
