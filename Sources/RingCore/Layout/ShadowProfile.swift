/// Exact soft-shadow profiles sampled into ``ProfileStop``s (docs/design.md §Shadows).
///
/// A Gaussian blur of a disc is radially symmetric, so its whole effect is one function of the distance from the
/// disc's centre; sampling it at ≈12 stops keeps every renderer within ~2 levels of the exact blur without SVG
/// filters.
public enum ShadowProfile {
    /// Stops per profile: 12 evenly spaced stops over 4σ keep the piecewise-linear error ≲ 2 levels.
    public static let stopCount = 12

    /// Fraction (0…1) of a Gaussian (standard deviation `sigma`) centred `rho` from the centre of a disc of
    /// `radius` that falls inside the disc: the blurred disc's opacity at distance `rho`.
    ///
    /// `P(ρ) = ∫_{−a}^{a} g_σ(x − ρ) · erf(√(a² − x²) / (σ√2)) dx`, integrated with Simpson's rule after
    /// substituting `x = a·sin θ`, which removes the square-root kink at the disc's edge.
    public static func blurredDisc(rho: Double, radius a: Double, sigma: Double) -> Double {
        guard sigma > 0 else { return rho <= a ? 1 : 0 }
        guard a > 0 else { return 0 }
        let n = 128  // even
        let h = Double.pi / Double(n)
        let norm = 1 / (sigma * (2 * Double.pi).squareRoot())
        func f(_ theta: Double) -> Double {
            let x = a * Trig.sin(theta), c = Trig.cos(theta)
            let g = norm * Trig.exp(-(x - rho) * (x - rho) / (2 * sigma * sigma))
            return g * Trig.erf(a * c / (sigma * 2.0.squareRoot())) * a * c
        }
        var sum = f(-Double.pi / 2) + f(Double.pi / 2)
        for i in 1..<n {
            sum += (i % 2 == 1 ? 4 : 2) * f(-Double.pi / 2 + Double(i) * h)
        }
        return (sum * h / 3).clamped(to: 0...1)
    }

    /// Opacity (0…1) at signed distance `d` in front of the edge of a blurred half-plane.
    public static func blurredHalfPlane(distance d: Double, sigma: Double) -> Double {
        guard sigma > 0 else { return d <= 0 ? 1 : 0 }
        return 0.5 * (1 - Trig.erf(d / (sigma * 2.0.squareRoot())))
    }

    /// Stops of a disc shadow of `radius` blurred by `sigma`, scaled by `opacity`: evenly spaced over
    /// `[radius − σ, radius + 3σ]` (inside that the tip cap hides the shadow; the first stop pads inwards) and
    /// fading to exactly 0 at the last stop.
    public static func discStops(radius: Double, sigma: Double, opacity: Double) -> [ProfileStop] {
        let lo = max(0, radius - sigma), hi = radius + 3 * sigma
        return (0..<stopCount).map { k in
            let rho = lo + (hi - lo) * Double(k) / Double(stopCount - 1)
            let v = k == stopCount - 1 ? 0 : opacity * blurredDisc(rho: rho, radius: radius, sigma: sigma)
            return ProfileStop(distance: rho, alpha: alpha(v))
        }
    }

    /// Stops of a half-plane shadow blurred by `sigma`, scaled by `opacity`, over `[0, 3σ]` in front of the edge.
    public static func edgeStops(sigma: Double, opacity: Double) -> [ProfileStop] {
        (0..<stopCount).map { k in
            let d = 3 * sigma * Double(k) / Double(stopCount - 1)
            let v = k == stopCount - 1 ? 0 : opacity * blurredHalfPlane(distance: d, sigma: sigma)
            return ProfileStop(distance: d, alpha: alpha(v))
        }
    }

    private static func alpha(_ v: Double) -> UInt8 {
        UInt8((v * 255).rounded().clamped(to: 0...255))
    }
}
