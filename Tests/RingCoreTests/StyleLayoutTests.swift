import Testing
@testable import RingCore

@Suite struct StyleLayoutTests {
    let center = Point(x: 64, y: 64)

    func activity(_ ps: [Double], thickness: Length = .fraction(0.1), gap: Length = .fraction(0.01)) -> RingSpec {
        let g = Specs.gradient
        let rings = ps.map { ActivityRing(progress: $0, fill: .gradient(g), track: g.stops[0].darkTrack()) }
        return RingSpec(
            style: .activity(ActivityStyle(rings: rings, thickness: thickness, gap: gap)), common: CommonOptions())
    }

    @Test func activityRingsStepInwardByThicknessPlusGap() {
        // 128 px: thickness 12.8, gap 1.28 → radii 57.6, 43.52, 29.44.
        let scene = RingLayout.scene(for: activity([0.8, 0.6, 1.1]))
        // Track (two parts) and body of the first two rings, then the lapping third's body (which covers its track).
        let radii = scene.arcs.map(\.radius)
        #expect(radii.count == 7)
        #expect(zip(radii, [57.6, 57.6, 57.6, 43.52, 43.52, 43.52, 29.44]).allSatisfy { close($0, $1, 1e-9) })
        #expect(scene.arcs.allSatisfy { close($0.width, 12.8, 1e-12) })
        // Each ring's track is its own dark hue, and the rings are painted outermost first.
        #expect(scene.shapes[0].paint == .solid(Specs.purple.darkTrack()))
    }

    @Test func tooManyRingsShrinkToFit() throws {
        let scene = RingLayout.scene(for: activity(Array(repeating: 0.5, count: 8), thickness: .pixels(20)))
        let innermost = try #require(scene.arcs.last)
        #expect(innermost.radius - innermost.width / 2 > 0)
        #expect(close(scene.arcs[0].radius + scene.arcs[0].width / 2, 64, 1e-9))
    }

    @Test func petalPositionsAndOpacities() {
        let spec = RingSpec(
            style: .petals(PetalsStyle(progress: 0.8, petals: 8, color: Color(hex: 0xAEAEB2))), common: CommonOptions())
        let capsules = RingLayout.scene(for: spec).shapes.compactMap { shape -> (Capsule, Color)? in
            guard case .capsule(let c) = shape.primitive, case .solid(let color) = shape.paint else { return nil }
            return (c, color)
        }
        // 0.8 of 8 petals: six full, the seventh at 0.4, the eighth invisible and not drawn.
        #expect(capsules.count == 7)
        #expect(capsules.prefix(6).allSatisfy { $0.1.a == 255 })
        #expect(capsules[6].1.a == 102)
        // Seed 001: width d/8 = 16, spanning d/6 … d/2 from the centre; petal 0 points up.
        let top = capsules[0].0
        #expect(top.width == 16)
        #expect(close(top.a, Point(x: 64, y: 64 - 128.0 / 6 - 8), 1e-9))
        #expect(close(top.b, Point(x: 64, y: 8), 1e-9))
        // Petal 2 points right.
        #expect(close(capsules[2].0.b, Point(x: 120, y: 64), 1e-9))
    }

    @Test func manyPetalsNeverTouch() {
        let spec = RingSpec(
            style: .petals(PetalsStyle(progress: 1, petals: 24, color: .black)), common: CommonOptions(size: 256))
        let capsules = RingLayout.scene(for: spec).shapes.compactMap { shape -> Capsule? in
            if case .capsule(let c) = shape.primitive { return c }
            return nil
        }
        #expect(capsules.count == 24)
        let gap = capsules[0].a.distance(to: capsules[1].a) - capsules[0].width
        #expect(gap > 0)
    }

    @Test func checkPolylineFollowsTheSeed() throws {
        let spec = RingSpec(
            style: .check(
                CheckStyle(
                    shape: .circle, from: .black, to: Color(hex: 0x008000), stroke: .fraction(0.08), ratio: 1.0 / 3,
                    bounce: false)),
            common: CommonOptions())
        let scene = RingLayout.scene(for: spec)
        let line = try #require(
            scene.shapes.compactMap { s -> Polyline? in if case .polyline(let p) = s.primitive { p } else { nil } }.first
        )
        // A third of the container (the outline's centre line, 128 − 10.24), centred: from the middle of the left
        // edge, down to 40 % of the width, up to the top right.
        let s = (128 - 10.24) / 3, o = 64 - s / 2
        let expected = [Point(x: o, y: o + s / 2), Point(x: o + 0.4 * s, y: o + s), Point(x: o + s, y: o)]
        #expect(zip(line.points, expected).allSatisfy { close($0, $1, 1e-9) })
        #expect(close(line.width, 10.24, 1e-12))
        // The outline is inset by half the stroke so it stays inside the image; the still image is in `to`.
        #expect(scene.rings == [Ring(center: center, radius: 64 - 5.12, width: 10.24)])
        #expect(scene.shapes.allSatisfy { $0.paint == .solid(Color(hex: 0x008000)) })
    }

    /// With a bounce the check leaves room for the peak scale whether animated or not: the still picture is the
    /// animation's last frame, and the bounce stays inside the image.
    @Test func bouncingCheckLeavesRoomAnimatedOrNot() throws {
        let style = CheckStyle(shape: .circle, from: .black, to: .white, stroke: .pixels(8), ratio: 0.3, bounce: true)
        var spec = RingSpec(style: .check(style), common: CommonOptions(size: 110))
        let still = RingLayout.scene(for: spec)
        spec.common.animation = Animation(duration: 1)
        let moving = RingLayout.scene(for: spec)
        // Extent 110 / 1.1 = 100: the outline's centre line is inset by half the stroke from it.
        let ring = try #require(still.rings.first)
        #expect(ring.center == Point(x: 55, y: 55) && close(ring.radius, 46, 1e-9) && ring.width == 8)
        #expect(moving.frame(at: 1).shapes == still.shapes)
        let peak = try #require(moving.frame(at: 0.9).rings.first)
        #expect(close(peak.radius + peak.width / 2, 55, 1e-9))
    }

    @Test func roundedCheckOutline() throws {
        let spec = RingSpec(
            style: .check(
                CheckStyle(shape: .rounded, from: .black, to: .white, stroke: .pixels(8), ratio: 0.4, bounce: false)),
            common: CommonOptions(size: 100))
        let outline = try #require(
            RingLayout.scene(for: spec).shapes.compactMap { s -> RoundedRectOutline? in
                if case .roundedRectOutline(let o) = s.primitive { o } else { nil }
            }.first)
        #expect(outline.shape.rect == Rect(x: 4, y: 4, width: 92, height: 92))
        #expect(close(outline.shape.cornerRadius, 92 * 0.22, 1e-12))
        #expect(outline.width == 8)
    }

    @Test func pieIsBorderPlusWedgeFromTheTop() throws {
        let spec = RingSpec(
            style: .pie(PieStyle(progress: 0.3, color: .black, border: .white, borderWidth: .pixels(2))),
            common: CommonOptions())
        let scene = RingLayout.scene(for: spec)
        #expect(scene.rings == [Ring(center: center, radius: 63, width: 2)])
        let wedge = try #require(
            scene.shapes.compactMap { s -> Wedge? in if case .wedge(let w) = s.primitive { w } else { nil } }.first)
        // Seed 004: the wedge's radius leaves a gap of one border width inside the border.
        #expect(wedge == Wedge(center: center, radius: 60, start: -.pi / 2, sweep: 0.6 * .pi))
    }

    /// Issue 40: the pie's border is a hairline snapped to whole device pixels, at least one (crisp at 16–32 px).
    @Test(arguments: [
        (16.0, 1, 1.0), (24, 1, 1), (32, 1, 1), (64, 1, 1), (128, 1, 2), (256, 1, 4), (16, 2, 0.5), (256, 2, 4),
        (100, 1, 2), (100, 3, 1.0 + 2.0 / 3),
    ])
    func pieBorderIsAWholeDevicePixelHairline(size: Double, scale: Int, border: Double) throws {
        let common = CommonOptions(size: size, scale: scale)
        // 1.5 %: /pie's default border width (its row in the parameter table).
        let spec = RingSpec(
            style: .pie(PieStyle(progress: 0.5, color: .black, border: .white, borderWidth: .fraction(0.015))),
            common: common)
        let ring = try #require(RingLayout.scene(for: spec).rings.first)
        #expect(close(ring.width, border, 1e-9), "size \(size) at scale \(scale)")
        #expect(close(ring.radius + ring.width / 2, size / 2, 1e-9))
    }

    /// Issue 40: the default stroke keeps seed 003's 24 : 300 against the outline's centre-line width, with and
    /// without the bounce's room, and the check is a third of that width.
    @Test(arguments: [true, false])
    func checkKeepsTheSeedsProportions(bounce: Bool) throws {
        let stroke = RingLayout.checkDefaultStroke(bounce: bounce)
        let style = CheckStyle(
            shape: .circle, from: .black, to: .white, stroke: .fraction(stroke), ratio: 1.0 / 3, bounce: bounce)
        let scene = RingLayout.scene(for: RingSpec(style: .check(style), common: CommonOptions(size: 256)))
        let ring = try #require(scene.rings.first)
        #expect(close(ring.width / (2 * ring.radius), 24.0 / 300, 1e-9))
        let extent = bounce ? 256 / RingLayout.checkBounceScale : 256
        #expect(close(2 * ring.radius + ring.width, extent, 1e-9))
        let line = try #require(
            scene.shapes.compactMap { s -> Polyline? in if case .polyline(let p) = s.primitive { p } else { nil } }.first)
        #expect(close(line.points[2].x - line.points[0].x, 2 * ring.radius / 3, 1e-9))
    }

    @Test func backgroundAndTitleReachTheScene() {
        var spec = Specs.ring(0.5)
        spec.common.background = .black
        spec.common.title = "half"
        let scene = RingLayout.scene(for: spec)
        #expect(scene.background == .black)
        #expect(scene.title == "half")
        #expect(scene.duration == nil && !scene.isAnimated)
    }
}
