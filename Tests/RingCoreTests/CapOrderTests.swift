import Testing
@testable import RingCore

/// Where the two round caps of a band meet, the Scene decides which is on top (seed 002: the end over the start)
/// with shapes of their own, so the SVG writer and the rasterizer cannot decide differently by colouring by
/// angle (issue 16, items 2 and 3). And a tiny progress shows the start of the gradient, not all of it squeezed
/// into a two-tone dot (item 9).
@Suite struct CapOrderTests {
    /// A disc and the clip of the group holding it, in paint order.
    func capDiscs(_ scene: Scene) -> [(disc: Disc, paint: Paint, clip: Clip?)] {
        func walk(_ items: [SceneItem], _ clip: Clip?) -> [(Disc, Paint, Clip?)] {
            items.flatMap { item -> [(Disc, Paint, Clip?)] in
                switch item {
                case .shape(let s):
                    if case .disc(let d) = s.primitive { return [(d, s.paint, clip)] }
                    return []
                case .group(let g): return walk(g.items, g.clip ?? clip)
                }
            }
        }
        return walk(scene.items, nil).map { (disc: $0.0, paint: $0.1, clip: $0.2) }
    }

    static func thickRing(_ p: Double, shadow: ShadowMode = .auto, animated: Bool = false) -> RingSpec {
        var spec = Specs.ring(p, shadow: shadow, animated: animated)
        if case .ring(var style) = spec.style {
            style.thickness = .fraction(0.3)
            spec.style = .ring(style)
        }
        return spec
    }

    @Test(arguments: [
        ("thick 0.9", thickRing(0.9)), ("0.958", Specs.ring(0.958)), ("0.99 no shadow", Specs.ring(0.99, shadow: .off)),
    ])
    func meetingCapsAreShapesOfTheirOwn(name: String, spec: RingSpec) throws {
        let scene = RingLayout.scene(for: spec)
        let body = try #require(scene.arcs.last, "\(name)")
        #expect(body.startCap == .butt && body.endCap == .butt, "\(name): the body's own caps would be coloured by angle")
        let discs = capDiscs(scene)
        // The start cap first (under the body), in the start colour, clipped to the half-plane behind the start.
        let start = try #require(discs.first, "\(name)")
        #expect(close(start.disc.center, body.startPoint, 1e-9), "\(name)")
        #expect(start.paint == .solid(Specs.purple), "\(name)")
        guard case .halfPlane(let back) = start.clip else {
            Issue.record("\(name): start cap not clipped to a half-plane")
            return
        }
        let behind = body.startPoint - Point(x: 1, y: 0) * 3  // the start is at the top, clockwise: behind is left
        #expect(back.distance(to: behind) > 0, "\(name): the start cap's clip keeps what lies behind the start")
        // The tip cap last (on top), in the end colour.
        let tip = try #require(discs.last, "\(name)")
        #expect(close(tip.disc.center, body.endPoint, 1e-9), "\(name)")
        #expect(tip.paint == .solid(Specs.yellow), "\(name)")
        // Paint order: start cap, then the body, then the tip cap.
        let shapes = scene.shapes
        let startIndex = try #require(shapes.firstIndex { $0.primitive == .disc(start.disc) })
        let bodyIndex = try #require(shapes.firstIndex { $0.primitive == .arc(body) })
        let tipIndex = try #require(shapes.lastIndex { $0.primitive == .disc(tip.disc) })
        #expect(startIndex < bodyIndex && bodyIndex < tipIndex, "\(name)")
    }

    @Test func capsApartKeepTheBodysOwnCaps() throws {
        // An ordinary ring: the caps are far apart, so nothing changes (and its bytes stay as they were).
        let scene = RingLayout.scene(for: Specs.ring(0.7))
        let body = try #require(scene.arcs.last)
        #expect(body.startCap == .round && body.endCap == .round)
        #expect(capDiscs(scene).isEmpty)
    }

    @Test func animatedStartCapKeepsTheStartColourInEveryFrame() throws {
        // Issue 16 item 3: while a p = 0.99 ring sweeps, its start cap was coloured by angle — the end colour.
        let scene = RingLayout.scene(for: Specs.ring(0.99, animated: true))
        for t in [0.1, 0.3, 0.5, 0.8] {
            let frame = scene.frame(at: t)
            let start = try #require(capDiscs(frame).first)
            #expect(start.paint == .solid(Specs.purple), "t = \(t)")
        }
    }

    @Test(arguments: [0.001, 0.01, 0.03])
    func tinyProgressShowsTheStartOfTheGradient(p: Double) throws {
        let scene = RingLayout.scene(for: Specs.ring(p))
        let bodyShape = try #require(scene.shapes.last { if case .arc = $0.primitive { true } else { false } })
        guard case .conic(let paint) = bodyShape.paint else {
            Issue.record("body is not conic")
            return
        }
        // The whole dot stays near the start colour: the tip shows the gradient at most a quarter of the way.
        let tip = paint.color(atFraction: 1)
        let full = Specs.yellow
        let distance = max(abs(Int(tip.r) - Int(Specs.purple.r)), abs(Int(tip.g) - Int(Specs.purple.g)))
        let whole = max(abs(Int(full.r) - Int(Specs.purple.r)), abs(Int(full.g) - Int(Specs.purple.g)))
        #expect(Double(distance) <= 0.25 * Double(whole), "p = \(p): tip colour \(tip)")
        #expect(paint.color(atFraction: 0) == Specs.purple)
    }

    @Test func gradientSpansTheWholeSweepOnceItIsLongEnough() throws {
        let scene = RingLayout.scene(for: Specs.ring(0.5))
        let bodyShape = try #require(scene.shapes.last { if case .arc = $0.primitive { true } else { false } })
        guard case .conic(let paint) = bodyShape.paint else {
            Issue.record("body is not conic")
            return
        }
        #expect(paint.range == 0...1)
    }
}

/// Issue 16 item 6: the moving cap rides over the band it draws in the band's own colour, so no ghost disc shows
/// at the tip while it sweeps (it strayed 3–6 levels). Within 2 levels: both colours are rounded to 8 bits.
@Suite struct MovingCapColourTests {
    @Test(arguments: [0.7, 0.99, 0.3])
    func movingCapMatchesTheBandUnderIt(p: Double) throws {
        let eightStops = Gradient(stops: [
            Color(hex: 0xFF0000), Color(hex: 0xFF8800), Color(hex: 0xFFFF00), Color(hex: 0x00FF00),
            Color(hex: 0x00FFFF), Color(hex: 0x0000FF), Color(hex: 0x8800FF), Color(hex: 0xFF00FF),
        ])!
        for gradient in [Specs.gradient, eightStops] {
            let band = RingBand(
                center: Point(x: 512, y: 512), radius: 450, width: 120, progress: p, fill: .gradient(gradient),
                track: nil, start: -.pi / 2, direction: 1, cap: .round, shadow: .auto, shadowOpacity: 0.5, animated: true)
            let track = band.tipColorTrack(.gradient(gradient))
            var worst = 0
            for i in 0...1000 {
                let t = Double(i) / 1000
                let cap = track.value(at: t)
                let under = gradient.color(at: Easing.easeInOut.value(at: t) * band.tipParameter)
                worst = max(worst, abs(Int(cap.r) - Int(under.r)), abs(Int(cap.g) - Int(under.g)), abs(Int(cap.b) - Int(under.b)))
            }
            #expect(worst <= 2, "p = \(p), \(gradient.stops.count) stops: the cap strays \(worst) levels from the band")
        }
    }
}
