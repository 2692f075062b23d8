import Testing
@testable import RingCore

/// Issue 16 items 8 and 10: the overlap shadow as deep as seed 002's on a dark page, and activity rings that
/// keep a visible gap at small sizes.
@Suite struct DepthAndGapTests {
    @Test func darkPagesGetTheSeedsOpaqueShadow() {
        #expect(TipShadow.opacity(for: CommonOptions(background: Color(hex: 0x000000))) == 1)
        #expect(TipShadow.opacity(for: CommonOptions(theme: .dark)) == 1)
        #expect(TipShadow.opacity(for: CommonOptions(background: Color(hex: 0x1C1C1E))) == 1)
        // Light or transparent pages keep a lighter shadow; so does a translucent dark background.
        #expect(TipShadow.opacity(for: CommonOptions()) == 0.5)
        #expect(TipShadow.opacity(for: CommonOptions(background: Color(hex: 0xFFFFFF))) == 0.5)
        #expect(TipShadow.opacity(for: CommonOptions(background: Color(r: 0, g: 0, b: 0, a: 100))) == 0.5)
    }

    @Test func shadowOnBlackPeaksOpaque() throws {
        var spec = Specs.ring(2)
        spec.common.background = Color(hex: 0x000000)
        let scene = RingLayout.scene(for: spec)
        let radial = scene.shapes.compactMap { if case .radial(let p) = $0.paint { p } else { nil } }
        let shadow = try #require(radial.first)
        // Twice the light page's shadow: seed 002's opaque black where today's half-opaque one was.
        let light = RingLayout.scene(for: Specs.ring(2)).shapes.compactMap {
            if case .radial(let p) = $0.paint { p } else { nil }
        }
        let lightPeak = try #require(light.first?.stops.map(\.alpha).max())
        let darkPeak = try #require(shadow.stops.map(\.alpha).max())
        #expect(Double(darkPeak) >= 1.9 * Double(lightPeak), "peak alpha \(darkPeak) on black, \(lightPeak) on white")
    }

    static func activity(size: Double, rings: Int = 3) -> ActivityStyle {
        // The route's defaults: thickness 10 %, gap 1.5 %.
        ActivityStyle(
            rings: (0..<rings).map { _ in ActivityRing(progress: 0.7, fill: .solid(Specs.purple), track: nil) },
            thickness: .fraction(0.1), gap: .fraction(0.015))
    }

    @Test(arguments: [16.0, 24, 32, 48, 66])
    func activityGapsKeepADevicePixel(size: Double) {
        for scale in [1.0, 2, 4] {
            for n in [2, 3, 8] {
                let radii = RingLayout.activityRadii(Self.activity(size: size, rings: n), size: size, scale: scale)
                // Only where n rings and n − 1 gaps of a device pixel each fit at all.
                let fits = Double(2 * n - 1) / scale <= size / 2 * RingLayout.activityFillLimit
                for (outer, inner) in zip(radii, radii.dropFirst()) where fits {
                    let gap = (outer.radius - outer.width / 2) - (inner.radius + inner.width / 2)
                    #expect(gap >= 1 / scale - 1e-9, "size \(size), scale \(scale), \(n) rings: gap \(gap)")
                }
                // The rings still leave a hole.
                if let last = radii.last { #expect(last.radius - last.width / 2 > 0) }
            }
        }
    }
}
