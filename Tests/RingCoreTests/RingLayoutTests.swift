import Testing
@testable import RingCore

@Suite struct RingLayoutTests {
    let center = Point(x: 64, y: 64)
    let radius = 56.32
    let halfWidth = 7.68

    @Test func trackFillsTheImage() {
        // Nothing drawn yet: the whole annulus.
        let scene = RingLayout.scene(for: Specs.ring(0))
        #expect(scene.width == 128 && scene.height == 128)
        #expect(scene.rings == [Ring(center: center, radius: radius, width: 15.36)])
        #expect(scene.shapes[0].paint == .solid(Specs.track))
    }

    @Test(arguments: [(0.25, Direction.cw), (0.6, .cw), (0.6, .ccw)])
    func trackIsWhatTheBodyLeavesUncovered(progress: Double, direction: Direction) throws {
        let scene = RingLayout.scene(for: Specs.ring(progress, direction: direction))
        #expect(scene.rings.isEmpty)
        #expect(scene.shapes[0].paint == .solid(Specs.track))
        #expect(scene.shapes[1].paint == .solid(Specs.track))
        let piece = try #require(scene.arcs.first)
        let track = scene.arcs[1]
        let body = scene.arcs[2]
        let sign = direction == .cw ? 1.0 : -1.0
        // The rest of the turn runs backwards from the start to a pixel (of centre line) under the tip, and a
        // short piece spans the start from a pixel before it to a pixel under the body: every butt end lies
        // under the body or inside the other part, never on the pixels of the body's own edge.
        let overlap = 1 / radius
        for part in [piece, track] {
            #expect(close(part.radius, radius) && close(part.width, 15.36))
            #expect(part.startCap == .butt && part.endCap == .butt)
        }
        #expect(close(track.start, body.start + sign * 2 * .pi, 1e-9))
        #expect(close(track.end, body.end - sign * overlap, 1e-9))
        #expect(close(piece.start, body.start - sign * overlap, 1e-9) && close(piece.sweep, sign * 2 * overlap, 1e-9))
        // No point of the annulus is left out: body and track together cover every angle.
        #expect(close(abs(track.sweep) + abs(body.sweep), 2 * .pi + overlap, 1e-9))
    }

    @Test func trackIsWholeUnderATranslucentBodyAndGoneUnderALap() {
        let translucent = RingLayout.scene(for: Specs.ring(0.6, fill: .solid(Color(r: 10, g: 20, b: 30, a: 128))))
        #expect(translucent.rings == [Ring(center: center, radius: radius, width: 15.36)])
        let gradient = Gradient(stops: [Specs.purple, Color(r: 241, g: 196, b: 15, a: 200)])!
        #expect(RingLayout.scene(for: Specs.ring(0.6, fill: .gradient(gradient))).rings.count == 1)
        // A lapping body covers the whole annulus: no track is drawn under it.
        let lapped = RingLayout.scene(for: Specs.ring(1.2))
        #expect(!lapped.shapes.contains { $0.paint == .solid(Specs.track) })
        // Almost nothing drawn: the uncovered part and the overlaps make a whole turn, so the whole annulus.
        #expect(RingLayout.scene(for: Specs.ring(0.002)).rings.count == 1)
    }

    @Test(arguments: [
        // progress, expected tip (top start, clockwise on screen)
        (0.25, Point(x: 120.32, y: 64)),
        (0.5, Point(x: 64, y: 120.32)),
        (0.75, Point(x: 7.68, y: 64)),
    ])
    func arcBelowOneLap(progress: Double, tip: Point) throws {
        let scene = RingLayout.scene(for: Specs.ring(progress))
        let arc = scene.arcs[2]
        #expect(close(arc.startPoint, Point(x: 64, y: 7.68), 1e-9))
        #expect(close(arc.endPoint, tip, 1e-9))
        #expect(close(arc.sweep, 2 * .pi * progress))
        #expect(arc.startCap == .round && arc.endCap == .round)
        #expect(!arc.isFullCircle)
        // Below the shadow threshold there is no separate tip: track (two parts) + body only.
        #expect(scene.shapes.count == 3)
        guard case .conic(let paint) = scene.shapes[2].paint else {
            Issue.record("body is not conic")
            return
        }
        #expect(paint.start == arc.start && paint.sweep == arc.sweep && paint.range == 0...1)
    }

    @Test func exactlyOneLapIsClosedWithTipCapAndShadow() throws {
        let scene = RingLayout.scene(for: Specs.ring(1.0))
        // The body covers the whole annulus, so there is no track: the band is the first shape.
        let arc = try #require(scene.arcs.first)
        #expect(arc.isFullCircle)
        #expect(arc.startCap == .butt && arc.endCap == .butt)
        // The band starts one turn behind the tip, which is back at the top.
        #expect(close(arc.startPoint, Point(x: 64, y: 7.68), 1e-9))
        guard case .conic(let paint) = scene.shapes[0].paint else {
            Issue.record("body is not conic")
            return
        }
        #expect(paint.range == 0...1)
        let cap = try #require(scene.discs.first { if case .solid = $0.1 { true } else { false } })
        #expect(close(cap.0.center, Point(x: 64, y: 7.68), 1e-9))
        #expect(cap.0.radius == halfWidth)
        #expect(cap.1 == .solid(Specs.yellow))
        #expect(scene.discs.contains { if case .radial = $0.1 { true } else { false } })
    }

    @Test func lapsPaintTheLastLap() throws {
        let scene = RingLayout.scene(for: Specs.ring(1.75))
        let arc = try #require(scene.arcs.first)
        // Tip at −90° + 630° = 180°: the left of the ring.
        let tip = Point(x: 7.68, y: 64)
        #expect(close(arc.startPoint, tip, 1e-9) && close(arc.endPoint, tip, 1e-9))
        guard case .conic(let paint) = scene.shapes[0].paint else {
            Issue.record("body is not conic")
            return
        }
        #expect(close(paint.range.lowerBound, 0.75 / 1.75))
        #expect(paint.range.upperBound == 1)
        // Just behind the tip the band has the end colour, just ahead the colour of 1 lap back.
        let behind = Point.polar(center: center, radius: radius, angle: .pi - 0.01)
        let ahead = Point.polar(center: center, radius: radius, angle: .pi + 0.01)
        #expect(close(paint.fraction(at: behind), 1, 0.01))
        #expect(close(paint.fraction(at: ahead), 0, 0.01))
    }

    @Test func startAndDirection() throws {
        // Start at 3 o'clock, counter-clockwise: a quarter ends at the top.
        let scene = RingLayout.scene(for: Specs.ring(0.25, start: 0, direction: .ccw))
        let arc = scene.arcs[2]
        #expect(close(arc.startPoint, Point(x: 120.32, y: 64), 1e-9))
        #expect(close(arc.endPoint, Point(x: 64, y: 7.68), 1e-9))
        #expect(close(arc.sweep, -.pi / 2))
    }

    @Test func zeroProgressDrawsOnlyTheTrack() {
        let scene = RingLayout.scene(for: Specs.ring(0, shadow: .on))
        #expect(scene.shapes.count == 1)
        #expect(scene.rings.count == 1)
    }

    @Test func tinyProgressIsAShortArcNotACircle() throws {
        let scene = RingLayout.scene(for: Specs.ring(0.0005))
        // The track is the whole annulus (a ring); the body is the only arc.
        let arc = try #require(scene.arcs.first)
        #expect(!arc.isFullCircle)
        #expect(arc.length < 0.2)
        #expect(arc.startCap == .round)
    }

    @Test func startCapKeepsTheStartColour() throws {
        let scene = RingLayout.scene(for: Specs.ring(0.5))
        guard case .conic(let paint) = scene.shapes[2].paint else {
            Issue.record("body is not conic")
            return
        }
        // A point on the start cap, behind the start (left of the top): the start colour, not the end colour.
        let onStartCap = Point(x: 64 - halfWidth / 2, y: 7.68)
        #expect(paint.fraction(at: onStartCap) == 0)
        #expect(paint.color(at: onStartCap) == Specs.purple)
        // A point on the end cap, beyond the tip at the bottom: the end colour.
        let onEndCap = Point(x: 64 - halfWidth / 2, y: 120.32)
        #expect(paint.color(at: onEndCap) == Specs.yellow)
        // Halfway along: the middle of the gradient.
        #expect(paint.color(at: Point(x: 120.32, y: 64)) == Specs.gradient.color(at: 0.5))
    }

    @Test func shadowIsClippedToTheBandInFrontOfTheTip() throws {
        let scene = RingLayout.scene(for: Specs.ring(1.25))
        let clipped = scene.groups.compactMap { group -> AnnularSector? in
            if case .annularSector(let s) = group.clip { return s }
            return nil
        }
        let sector = try #require(clipped.first)
        #expect(clipped.count == 1)
        #expect(close(sector.innerRadius, radius - halfWidth) && close(sector.outerRadius, radius + halfWidth))
        // Tip at −90° + 450° = 0° (3 o'clock); the sector opens clockwise from there, at most a half turn.
        #expect(close(Angle.normalized(sector.start), 0, 1e-12) || close(Angle.normalized(sector.start), 2 * .pi, 1e-12))
        #expect(sector.sweep > 0 && sector.sweep <= .pi)
        let ahead = Point.polar(center: center, radius: radius, angle: 0.2)
        let behind = Point.polar(center: center, radius: radius, angle: -0.2)
        #expect(sector.contains(ahead) && !sector.contains(behind))
        // The cap sits on top of the shadow, clipped to the front half-plane (starting a pixel behind the tip).
        let half = scene.groups.compactMap { group -> HalfPlane? in
            if case .halfPlane(let h) = group.clip { return h }
            return nil
        }
        let plane = try #require(half.first)
        #expect(close(plane.normal, Point(x: 0, y: 1), 1e-12))
        #expect(close(plane.distance(to: Point(x: 120.32, y: 64)), 1, 1e-9))
    }

    @Test func shadowFollowsItsMode() {
        func hasShadow(_ spec: RingSpec) -> Bool {
            RingLayout.scene(for: spec).shapes.contains {
                if case .radial = $0.paint { return true }
                if case .linear = $0.paint { return true }
                return false
            }
        }
        #expect(!hasShadow(Specs.ring(0.96)))
        #expect(hasShadow(Specs.ring(0.961)))
        #expect(hasShadow(Specs.ring(0.3, shadow: .on)))
        #expect(!hasShadow(Specs.ring(1.5, shadow: .off)))
        #expect(hasShadow(Specs.ring(1.5, cap: .butt)))
    }

    @Test func buttCapsHaveNoDiscs() throws {
        let scene = RingLayout.scene(for: Specs.ring(1.3, cap: .butt))
        #expect(!scene.discs.contains { if case .solid = $0.1 { true } else { false } })
        let profile = scene.shapes.compactMap { if case .linear(let p) = $0.paint { p } else { nil } }.first
        let shadow = try #require(profile)
        // Tip at −90° + 468° = 18°; the shadow points along the clockwise tangent there.
        let angle = Angle.radians(degrees: 18)
        #expect(close(shadow.direction, Point(x: -Trig.sin(angle), y: Trig.cos(angle)), 1e-12))
    }

    @Test func translucentFillIsOneFadedLayer() throws {
        let c = Color(r: 10, g: 20, b: 30, a: 128)
        let scene = RingLayout.scene(for: Specs.ring(0.97, fill: .solid(c)))
        let layer = try #require(scene.groups.first)
        #expect(close(layer.opacity, 128.0 / 255))
        #expect(scene.shapes[1].paint == .solid(c.opaque))
    }
}
