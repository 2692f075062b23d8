import Testing
@testable import RingCore

@Suite struct ShadowProfileTests {
    @Test func blurredDiscMatchesKnownValues() {
        // Far inside a large disc the blur changes nothing; at the edge of a disc much larger than σ the profile
        // is the blurred half-plane's 0.5 (slightly less, as the edge is convex).
        #expect(close(ShadowProfile.blurredDisc(rho: 0, radius: 10, sigma: 1), 1, 1e-9))
        #expect(close(ShadowProfile.blurredDisc(rho: 100, radius: 100, sigma: 1), 0.5, 0.01))
        #expect(ShadowProfile.blurredDisc(rho: 30, radius: 10, sigma: 2) < 1e-9)
        // A point disc's blur is the 2-D Gaussian: the share within radius a of the centre is 1 − e^{−a²/2σ²}.
        #expect(close(ShadowProfile.blurredDisc(rho: 0, radius: 2, sigma: 2), 1 - Trig.exp(-0.5), 1e-6))
    }

    @Test func profileDecreasesAndEndsAtZero() {
        let stops = ShadowProfile.discStops(radius: 10, sigma: 4, opacity: 0.5)
        #expect(stops.count == ShadowProfile.stopCount)
        #expect(zip(stops, stops.dropFirst()).allSatisfy { $0.distance < $1.distance && $0.alpha >= $1.alpha })
        #expect(stops.last?.alpha == 0 && stops.last?.distance == 22)
        #expect(stops.first!.alpha <= 128)
    }

    @Test func radialProfileInterpolatesItsStops() {
        let stops = [ProfileStop(distance: 2, alpha: 200), ProfileStop(distance: 4, alpha: 100)]
        let p = RadialProfile(center: .zero, color: .black, stops: stops)
        #expect(close(p.opacity(at: Point(x: 1, y: 0)), 200.0 / 255))
        #expect(close(p.opacity(at: Point(x: 0, y: 3)), 150.0 / 255))
        #expect(close(p.opacity(at: Point(x: 9, y: 0)), 100.0 / 255))
    }
}
