import Testing
@testable import RingCore

@Suite struct MotionTests {
    @Test func easeInOutIsTheCSSCurve() {
        let e = Easing.easeInOut
        #expect(e.value(at: 0) == 0 && e.value(at: 1) == 1)
        #expect(close(e.value(at: 0.5), 0.5, 1e-12))
        // cubic-bezier(0.42, 0, 0.58, 1) is slow at the ends: at 10 % of the time ≈ 1.97 % of the way.
        #expect(close(e.value(at: 0.1), 0.0197, 5e-4))
        for y in stride(from: 0.0, through: 1, by: 0.125) {
            #expect(close(e.value(at: e.inverse(y)), y, 1e-9))
        }
    }

    @Test func tracksHoldTheirEndsAndInvert() {
        let t = Track<Double>.ramp(0, 1, start: 0.4, end: 0.7, easing: .linear)
        #expect(t.value(at: 0) == 0 && t.value(at: 1) == 1)
        #expect(close(t.value(at: 0.55), 0.5))
        #expect(close(t.time(reaching: 0.5), 0.55))
        #expect(t.finalValue == 1)
    }

    @Test func animatedRingRevealsBodyAndTurnsTheTip() throws {
        let scene = RingLayout.scene(for: Specs.ring(0.6, animated: true))
        #expect(scene.duration == 1 && scene.isAnimated)
        let arc = scene.arcs[2]
        // At rest the body is the still body: both caps round.
        #expect(arc.startCap == .round && arc.endCap == .round)
        let body = scene.shapes[2]
        #expect(body.motions == [.trim(.ramp(0, 1, easing: .easeInOut), origin: 0)])
        // The track (the whole annulus, trimmed) shrinks with the same easing to what the body leaves at rest.
        let rest = 1 - 0.6 + 1 / (56.32 * 2 * .pi)
        #expect(scene.shapes[0].motions.isEmpty, "the piece across the start does not move")
        guard case .trim(let shrink, origin: 0) = try #require(scene.shapes[1].motions.first) else {
            Issue.record("track does not shrink")
            return
        }
        #expect(shrink.keys.first?.value == 1 && shrink.keys.first?.easing == .easeInOut)
        #expect(close(shrink.finalValue, rest, 1e-12))
        // A whole disc rides on the moving tip and is hidden at rest.
        let moving = try #require(scene.groups.first { !$0.motions.isEmpty })
        #expect(moving.opacity == 0)
        guard case .rotate(let center, let track) = moving.motions[0], case .opacity(let shown) = moving.motions[1] else {
            Issue.record("moving cap does not rotate and fade")
            return
        }
        #expect(center == Point(x: 64, y: 64))
        #expect(close(track.value(at: 0), -1.2 * .pi) && track.finalValue == 0)
        #expect(shown.value(at: 0.5) == 1 && shown.finalValue == 0)
        // The cap's colour follows the gradient under it and ends on the end colour.
        let cap = moving.items.flatMap(\.shapes).first { if case .disc = $0.primitive { true } else { false } }
        guard case .color(let colors) = cap?.motions.first else {
            Issue.record("tip cap colour is not animated")
            return
        }
        #expect(colors.value(at: 0) == Specs.purple && colors.finalValue == Specs.yellow)
    }

    @Test func lappingRevealStartsAtTheStartAngle() throws {
        let scene = RingLayout.scene(for: Specs.ring(1.25, animated: true))
        // While playing, the first lap shows the gradient anchored to the whole sweep, from the start angle…
        let firstLap = try #require(scene.groups.first)
        #expect(firstLap.opacity == 0)
        guard case .conic(let anchored) = scene.shapes[1].paint, case .trim(let lap, 0) = scene.shapes[1].motions[0]
        else {
            Issue.record("no anchored first lap")
            return
        }
        #expect(close(anchored.range.upperBound, 0.8) && anchored.start == -.pi / 2)
        #expect(close(lap.keys.last!.time, Easing.easeInOut.inverse(0.8), 1e-12) && lap.finalValue == 1)
        // …and the finished band is revealed by the second lap, from the top: three quarters along the band,
        // which starts at the tip (3 o'clock) one turn back.
        guard case .trim(let track, let origin) = scene.shapes[2].motions.first else {
            Issue.record("body is not trimmed")
            return
        }
        #expect(close(origin, 0.75, 1e-12))
        #expect(track.value(at: 0.5) == 0)
        #expect(close(track.value(at: RingBand.lastInstant), 0.25, 1e-3))
        #expect(track.finalValue == 1)
    }

    /// Regression: the second lap's reveal starts when the first lap comes round, for every lapping progress.
    /// Its first key is value(at: lapTime) × progress − 1, which is 0 only up to rounding; where it came out a
    /// hair above 0 (about 30 % of progress values in 1…10), the SVG writer started the band's first piece at
    /// t = 0, drawing last-lap colours over the first lap at the start angle.
    @Test func secondLapRevealWaitsForTheFirstLap() throws {
        for k in 1..<3000 {
            let progress = 1 + Double(k) / 1000
            let scene = RingLayout.scene(for: Specs.ring(progress, animated: true))
            let lapTime = Easing.easeInOut.inverse(1 / progress)
            guard case .trim(let track, _) = scene.shapes[2].motions.first else {
                Issue.record("body is not trimmed at p=\(progress)")
                return
            }
            #expect(track.time(reaching: 0) == lapTime, "p=\(progress)")
            #expect(track.value(at: lapTime) == 0, "p=\(progress)")
        }
    }

    @Test func checkSplitsItsTimeline() throws {
        let spec = RingSpec(
            style: .check(
                CheckStyle(shape: .circle, from: .black, to: .white, stroke: .pixels(8), ratio: 0.33, bounce: true)),
            common: CommonOptions(animation: Animation(duration: 2)))
        let scene = RingLayout.scene(for: spec)
        #expect(scene.duration == 2)
        let group = try #require(scene.groups.first)
        guard case .scale(_, let scale) = group.motions.first else {
            Issue.record("no bounce")
            return
        }
        #expect(scale.keys.map(\.time) == [0.7, 0.9, 1])
        #expect(scale.value(at: 0.9) == RingLayout.checkBounceScale && scale.finalValue == 1)
        guard case .trim(let outline, _) = scene.shapes[0].motions[0], case .trim(let check, _) = scene.shapes[1].motions[0]
        else {
            Issue.record("not trimmed")
            return
        }
        #expect(outline.keys.map(\.time) == [0, 0.4] && check.keys.map(\.time) == [0.4, 0.7])
    }

    @Test func stillSpecsHaveNoMotion() {
        for spec in [Specs.ring(0.5), Specs.ring(1.5)] {
            let scene = RingLayout.scene(for: spec)
            #expect(!scene.items.contains { $0.hasMotion })
        }
    }
}
