import Testing
@testable import RingCore

@Suite struct LabelLayoutTests {
    func spec(_ p: Double, label: Label) -> RingSpec {
        var spec = Specs.ring(p)
        spec.common.label = label
        spec.common.labelColor = Color(hex: 0x1C1C1E)
        return spec
    }

    @Test(arguments: [(0.7, "70%"), (1.2, "120%"), (0.004, "0%"), (0.005, "1%"), (0.999, "99%")])
    func autoShowsTheRoundedPercentage(progress: Double, text: String) {
        #expect(RingLayout.labelText(for: spec(progress, label: .auto)) == text)
    }

    @Test func textIsAsGivenAndNoneIsNothing() {
        #expect(RingLayout.labelText(for: spec(0.5, label: .text("Done"))) == "Done")
        #expect(RingLayout.labelText(for: spec(0.5, label: .none)) == nil)
        #expect(RingLayout.labelItems(for: spec(0.5, label: .none)).isEmpty)
    }

    @Test func labelStrokesSitInsideTheRingHole() throws {
        let scene = RingLayout.scene(for: spec(0.7, label: .auto))
        let strokes = scene.shapes.compactMap { s -> Polyline? in if case .polyline(let p) = s.primitive { p } else { nil } }
        #expect(!strokes.isEmpty)
        // Inner radius 64 − 15.36 = 48.64: every stroke point plus half the pen stays inside it.
        let center = Point(x: 64, y: 64)
        for line in strokes {
            #expect(line.points.allSatisfy { $0.distance(to: center) + line.width / 2 < 48.64 })
        }
        #expect(scene.shapes.last?.paint == .solid(Color(hex: 0x1C1C1E)))
    }

    @Test func petalLabelGoesUnderThePetals() throws {
        var spec = RingSpec(
            style: .petals(PetalsStyle(progress: 1, color: .black)), common: CommonOptions(label: .text("Loading")))
        spec.common.labelColor = .black
        let scene = RingLayout.scene(for: spec)
        let petalBottom = scene.shapes.compactMap { s -> Double? in
            if case .capsule(let c) = s.primitive { return max(c.a.y, c.b.y) + c.width / 2 }
            return nil
        }.max()!
        let labelTop = scene.shapes.compactMap { s -> Double? in
            if case .polyline(let p) = s.primitive { return p.points.map(\.y).min()! - p.width / 2 }
            return nil
        }.min()!
        #expect(petalBottom < labelTop)
        #expect(petalBottom <= 128 * RingLayout.petalsShareWithLabel + 1e-9)
    }
}
