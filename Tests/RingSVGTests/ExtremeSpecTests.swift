import RingCore
import RingSVG
import RingTestSupport
import Testing

/// Layout and writer never fail: the corners of every range still give a valid document.
@Suite struct ExtremeSpecTests {
    static var specs: [(String, RingSpec)] {
        var out: [(String, RingSpec)] = []
        for size in [16.0, 2048] {
            for p in [0, 1e-6, 0.96, 1, 10] {
                out.append(("ring-\(size)-\(p)", Fixtures.ring(p, size: size, thickness: .fraction(1), shadow: .on)))
                out.append(("thin-\(size)-\(p)", Fixtures.ring(p, size: size, thickness: .pixels(0.1), cap: .butt)))
                out.append(("anim-\(size)-\(p)", Fixtures.ring(p, size: size, label: .auto, animated: true)))
            }
            out.append(("activity8-\(size)", Fixtures.activity(Array(repeating: 3.3, count: 8), size: size, label: .auto)))
            var petals = Fixtures.petals(0.99, count: 24, label: .text("WWWWWWWWWWWWWWWWWWWWWWWW"), animated: true)
            petals.common.size = size
            out.append(("petals24-\(size)", petals))
            var check = Fixtures.check(.rounded, animated: true)
            check.common.size = size
            check.common.label = .text("ok")
            out.append(("check-\(size)", check))
        }
        var translucent = Fixtures.ring(
            1.4, fill: .gradient(Gradient(stops: [Color(r: 255, g: 0, b: 0, a: 40), Color(r: 0, g: 0, b: 255, a: 200)])!),
            track: Color(r: 0, g: 0, b: 0, a: 1))
        translucent.common.labelColor = Color(r: 9, g: 9, b: 9, a: 100)
        translucent.common.label = .auto
        out.append(("translucent", translucent))
        return out
    }

    @Test(.tags(.externalTool)) func everyExtremeGivesAValidDocument() throws {
        for (name, spec) in Self.specs {
            let scene = RingLayout.scene(for: spec)
            let svg = SVGWriter.write(scene, options: .init(idPrefix: name))
            SVGStructure.check(svg, name)
            try SVGStructure.parse(svg, name)
            #expect(!svg.contains("nan") && !svg.contains("inf"), "\(name): non-finite number")
            if let duration = scene.duration {
                _ = scene.frame(at: duration / 2)
            }
        }
    }
}
