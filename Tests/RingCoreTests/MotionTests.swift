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

    /// Issue 16 item 4: a lapping ring plays as one long stroke: lap k covers positions k … k + 1 (turns from the
    /// start) in the gradient anchored to the whole sweep, each over the one before, revealed as the eased sweep
    /// passes it, on a round start cap; the finished band only shows at rest.
    @Test func lappingRingPlaysLapByLap() throws {
        let p = 2.2
        let scene = RingLayout.scene(for: Specs.ring(p, animated: true))
        let stack = try #require(scene.items.compactMap { item -> Group? in
            if case .group(let g) = item, g.opacity == 0, g.items.count == 4 { g } else { nil }
        }.first)
        guard case .opacity(let shown) = stack.motions.first else {
            Issue.record("lap stack does not fade")
            return
        }
        #expect(shown.value(at: 0.5) == 1 && shown.finalValue == 0)
        // First the round start cap in the start colour, then three laps.
        guard case .group(let startCap) = stack.items[0], case .disc = startCap.items.first.map({ i -> Primitive? in
            if case .shape(let s) = i { s.primitive } else { nil }
        }) ?? nil else {
            Issue.record("no start cap under the laps")
            return
        }
        for k in 0..<3 {
            guard case .shape(let lap) = stack.items[k + 1], case .arc(let arc) = lap.primitive,
                case .conic(let paint) = lap.paint, case .trim(let track, 0) = lap.motions.first
            else {
                Issue.record("lap \(k) is not a trimmed conic band")
                return
            }
            let length = min(1, p - Double(k))
            #expect(close(arc.start, -.pi / 2) && close(arc.sweep, 2 * .pi * length, 1e-12), "lap \(k)")
            #expect(close(paint.range.lowerBound, Double(k) / p, 1e-12), "lap \(k)")
            #expect(close(paint.range.upperBound, (Double(k) + length) / p, 1e-12), "lap \(k)")
            // Hidden until the sweep reaches it, whole once it has passed.
            let begin = Easing.easeInOut.inverse(Double(k) / p)
            let end = Easing.easeInOut.inverse(min(1, (Double(k) + length) / p))
            #expect(track.value(at: begin) == 0 && track.value(at: max(0, begin - 0.01)) == 0, "lap \(k)")
            #expect(track.value(at: end) == 1 && track.finalValue == 1, "lap \(k)")
            #expect(close(track.value(at: (begin + end) / 2), (Easing.easeInOut.value(at: (begin + end) / 2) * p - Double(k)) / length, 0.01))
        }
        // The finished band shows only at rest.
        let body = try #require(scene.shapes.last { if case .arc = $0.primitive { true } else { false } })
        guard case .opacity(let rest) = body.motions.first else {
            Issue.record("finished band is not hidden while playing")
            return
        }
        #expect(rest.value(at: 0.5) == 0 && rest.finalValue == 1)
    }

    /// Regression: every lap's reveal starts exactly when the sweep reaches it (a first key a hair above 0 would
    /// show the lap early), for lapping progresses across 1 … 4.
    @Test func eachLapWaitsForTheSweep() throws {
        for k in 1..<300 {
            let progress = 1 + Double(k) / 100
            let scene = RingLayout.scene(for: Specs.ring(progress, animated: true))
            let laps = scene.shapes.compactMap { s -> Track<Double>? in
                if case .trim(let track, 0) = s.motions.first, case .conic = s.paint { track } else { nil }
            }
            #expect(laps.count == Int(progress.rounded(.up)), "p=\(progress)")
            for (i, track) in laps.enumerated() where i > 0 {
                let begin = Easing.easeInOut.inverse(Double(i) / progress)
                #expect(track.value(at: begin) == 0, "p=\(progress) lap \(i)")
            }
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

/// Issue 16 item 6: a piece of the ease-in-out curve, as its own cubic-bézier, follows the whole curve exactly.
@Suite struct EasingPieceTests {
    @Test(arguments: [(0.0, 0.1), (0.1, 0.35), (0.4, 0.6), (0.62, 0.9), (0.95, 1.0)])
    func pieceFollowsTheCurve(from: Double, to: Double) throws {
        let c = try #require(Easing.easeInOut.piece(from: from, to: to))
        let t0 = Easing.easeInOut.inverse(from), t1 = Easing.easeInOut.inverse(to)
        for s in stride(from: 0.0, through: 1.0, by: 0.05) {
            // The piece's point at parameter s, in the whole curve's coordinates …
            func bez(_ p1: Double, _ p2: Double) -> Double { 3 * p1 * s * (1 - s) * (1 - s) + 3 * p2 * s * s * (1 - s) + s * s * s }
            let t = t0 + (t1 - t0) * bez(c.x1, c.x2)
            let y = from + (to - from) * bez(c.y1, c.y2)
            // … lies on the whole curve.
            #expect(abs(Easing.easeInOut.value(at: t) - y) < 1e-9, "s = \(s)")
        }
        #expect(Easing.linear.piece(from: from, to: to) == nil)
    }
}
