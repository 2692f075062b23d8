import Testing
@testable import RingCore

/// Issue 16 item 7: at 100 % seed 001's spinner turns for ever, linearly, about 3.5 s a turn. ringd turned once in
/// the animation's duration with ease-in-out; an APNG sampled that turn at 30 fps and strobed.
@Suite struct PetalSpinTests {
    static func petals(_ p: Double, animated: Bool) -> RingSpec {
        RingSpec(
            style: .petals(PetalsStyle(progress: p, petals: 8, color: Color(hex: 0xAEAEB2))),
            common: CommonOptions(size: 128, animation: animated ? Animation(duration: 1) : nil))
    }

    func spinsOf(_ items: [SceneItem]) -> [(Point, Double)] {
        items.flatMap { item -> [(Point, Double)] in
            guard case .group(let g) = item else { return [] }
            let own = g.motions.compactMap { m -> (Point, Double)? in
                if case .spin(let c, let period, _) = m { (c, period) } else { nil }
            }
            return own + spinsOf(g.items)
        }
    }

    @Test func fullPetalsSpinForEverAtTheSeedsPace() throws {
        let scene = RingLayout.scene(for: Self.petals(1, animated: true))
        let spins = spinsOf(scene.items)
        try #require(spins.count == 1)
        #expect(spins[0].0 == Point(x: 64, y: 64))
        #expect(spins[0].1 == 3.5)
        // No eased turn on the timeline any more.
        #expect(!scene.groups.contains { $0.motions.contains { if case .rotate = $0 { true } else { false } } })
        // The still picture keeps spinning (the spin is no part of the timeline)…
        #expect(spinsOf(scene.frame(at: 1).items).count == 1)
        // …while a frame drawn at one moment shows the petals unturned: mid-way they sit where the still has them.
        let still = scene.frame(at: 1).shapes.map(\.primitive)
        #expect(scene.frame(at: 0.999).shapes.map(\.primitive) == still)
    }

    @Test func petalsBelowFullNeverSpin() {
        #expect(spinsOf(RingLayout.scene(for: Self.petals(0.7, animated: true)).items).isEmpty)
        #expect(spinsOf(RingLayout.scene(for: Self.petals(1, animated: false)).items).isEmpty)
    }
}
