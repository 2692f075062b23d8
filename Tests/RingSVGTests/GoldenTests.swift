import RingCore
import RingSVG
import Testing

/// Pins the exact SVG text of a dozen pictures. Goldens live in `Goldens/NAME.svg`; they are re-recorded only
/// with `RING_RECORD=1`, and a missing golden fails.
@Suite struct GoldenTests {
    static let names = [
        "ring-default-70", "ring-solid-blue-70", "ring-seed000-fig4", "ring-120", "ring-001", "ring-butt-120",
        "ring-ccw-040", "ring-label-auto", "activity-3", "petals-080", "petals-label", "pie-030", "check-circle",
        "check-rounded", "anim-ring-070", "anim-ring-120", "anim-check-circle", "anim-pie-030", "anim-petals-100",
    ]

    @Test(arguments: names)
    func matchesGolden(name: String) throws {
        let spec = try #require((Fixtures.looks + Fixtures.animated).first { $0.0 == name }?.1)
        let svg = SVGWriter.write(RingLayout.scene(for: spec), options: .init(idPrefix: "g0"))
        let path = TestFiles.sourceDirectory() + "/Goldens/\(name).svg"
        if Environment.isRecording {
            try TestFiles.write(svg, to: path)
            return
        }
        guard let golden = TestFiles.read(path) else {
            Issue.record("missing golden \(path); record it with RING_RECORD=1")
            return
        }
        if svg != golden {
            let a = Array(svg), b = Array(golden)
            let first = zip(a, b).enumerated().first { $0.element.0 != $0.element.1 }?.offset ?? min(a.count, b.count)
            let lo = max(0, first - 60)
            Issue.record(
                """
                \(name).svg differs at character \(first):
                  got:    \(String(a[lo..<min(a.count, first + 60)]))
                  golden: \(String(b[lo..<min(b.count, first + 60)]))
                """)
        }
    }
}
