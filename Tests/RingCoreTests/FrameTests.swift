import Testing
@testable import RingCore

@Suite struct FrameTests {
    static let animated: [RingSpec] = {
        var specs = [0.0, 0.3, 0.97, 1.0, 1.6, 2.4].map { Specs.ring($0, animated: true) }
        specs.append(Specs.ring(1.3, cap: .butt, animated: true))
        specs.append(Specs.ring(0.6, fill: .solid(Specs.purple), animated: true))
        for p in [0.5, 1.0] {
            specs.append(
                RingSpec(
                    style: .petals(PetalsStyle(progress: p, color: .black)),
                    common: CommonOptions(animation: Animation(duration: 2))))
        }
        specs.append(
            RingSpec(
                style: .pie(PieStyle(progress: 0.4, color: .black, border: .black, borderWidth: .pixels(2))),
                common: CommonOptions(animation: Animation())))
        for shape in CheckShape.allCases {
            for bounce in [false, true] {
                specs.append(
                    RingSpec(
                        style: .check(
                            CheckStyle(shape: shape, from: .black, to: .white, stroke: .pixels(6), ratio: 0.3, bounce: bounce)),
                        common: CommonOptions(animation: Animation())))
            }
        }
        return specs
    }()

    @Test(arguments: 0..<animated.count)
    func lastFrameIsTheStillPicture(index: Int) {
        var spec = Self.animated[index]
        let last = RingLayout.scene(for: spec).frame(at: spec.common.animation!.duration)
        spec.common.animation = nil
        let still = RingLayout.scene(for: spec)
        #expect(last.duration == nil)
        #expect(last.shapes == still.shapes)
    }

    @Test func midFrameFollowsTheEasedSweep() throws {
        let scene = RingLayout.scene(for: Specs.ring(0.6, animated: true))
        let frame = scene.frame(at: 0.5)
        let track = frame.arcs[1]
        let arc = frame.arcs[2]
        // Half the time, half the eased sweep: 0.3 of a turn, cap riding on the end.
        #expect(close(arc.sweep, 0.6 * .pi, 1e-9))
        // The track shrinks ahead of it, from the start back to a pixel × eased progress under the tip.
        #expect(track.startCap == .butt && track.endCap == .butt)
        #expect(close(track.end, arc.end - 0.5 / 56.32, 1e-9))
        #expect(arc.endCap == .butt)
        let cap = try #require(frame.discs.first)
        #expect(close(cap.0.center, arc.endPoint, 1e-9))
        guard case .solid(let c) = cap.1 else {
            Issue.record("cap is not solid")
            return
        }
        #expect(c == Specs.gradient.color(at: 0.5))
    }

    @Test func firstFrameShowsOnlyTheTrackAndTheStartDot() {
        let frame = RingLayout.scene(for: Specs.ring(0.6, animated: true)).frame(at: 0)
        // The whole track (a full-turn band, and the static piece across the start) and no body.
        #expect(frame.arcs.count == 2 && frame.arcs[1].isFullCircle)
        #expect(frame.shapes[0].paint == .solid(Specs.track) && frame.shapes[1].paint == .solid(Specs.track))
        #expect(frame.discs.count == 1)
    }

    @Test func checkBouncesAtNinetyPercent() throws {
        let spec = RingSpec(
            style: .check(CheckStyle(shape: .circle, from: .black, to: .white, stroke: .pixels(8), ratio: 0.3, bounce: true)),
            common: CommonOptions(animation: Animation(duration: 1)))
        let scene = RingLayout.scene(for: spec)
        let rest = try #require(scene.frame(at: 1).rings.first)
        let peak = try #require(scene.frame(at: 0.9).rings.first)
        #expect(close(peak.radius, rest.radius * RingLayout.checkBounceScale, 1e-9))
        // Outline half drawn at 20 %, in the `from` colour.
        let early = scene.frame(at: 0.2)
        let outline = try #require(early.arcs.first)
        #expect(close(outline.sweep, .pi, 1e-9) && close(outline.start, -.pi / 2))
        #expect(early.shapes.first?.paint == .solid(.black))
    }
}
