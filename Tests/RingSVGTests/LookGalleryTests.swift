import RingCore
import RingSVG
import Testing

/// Writes every look to `$RING_LOOK_DIR` (when set) for people to open — animated ones also as `NAME.still.svg`,
/// their still twin — and checks each is a plausible document.
@Suite struct LookGalleryTests {
    static let all = Fixtures.looks + Fixtures.animated

    @Test(arguments: all.map(\.0))
    func look(name: String) throws {
        var spec = try #require(Self.all.first { $0.0 == name }?.1)
        let svg = SVGWriter.write(RingLayout.scene(for: spec), options: .init(idPrefix: name))
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        guard let dir = Environment.value("RING_LOOK_DIR") else { return }
        try TestFiles.write(svg, to: dir + "/" + name + ".svg")
        if spec.common.animation != nil {
            spec.common.animation = nil
            try TestFiles.write(SVGWriter.write(RingLayout.scene(for: spec)), to: dir + "/" + name + ".still.svg")
        }
    }
}
