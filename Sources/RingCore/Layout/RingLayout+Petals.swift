extension RingLayout {
    /// Share of the image height the petals take when a label sits under them.
    static let petalsShareWithLabel = 0.72
    /// Space between petals and label, as a share of the image height.
    static let petalsLabelGap = 0.04

    /// Where the petals sit: the whole square, or its top part when a label goes underneath (seed 001's VStack).
    static func petalsFrame(size: Double, hasLabel: Bool) -> (center: Point, diameter: Double) {
        guard hasLabel else { return (Point(x: size / 2, y: size / 2), size) }
        let d = size * petalsShareWithLabel
        return (Point(x: size / 2, y: d / 2), d)
    }

    /// The box under the petals that holds the label.
    static func petalsLabelBox(size: Double) -> Rect {
        let top = size * (petalsShareWithLabel + petalsLabelGap)
        return Rect(x: size * 0.04, y: top, width: size * 0.92, height: size - top - size * 0.02)
    }

    /// Capsule `i` of `n` in a frame of `diameter`: seed 001's petal is `d/8` wide and spans `d/6 … d/2` from the
    /// centre, petal 0 at the top and the rest clockwise. Many petals get thinner so neighbours never touch.
    static func petal(_ i: Int, of n: Int, center: Point, diameter d: Double) -> Capsule {
        let s = Trig.sin(Double.pi / Double(n))
        // Keep a gap of a quarter width between the inner ends: 2 (d/6 + w/2) sin(π/n) ≥ 1.25 w.
        let width = min(d / 8, (d / 3) * s / (1.25 - s))
        let angle = -Double.pi / 2 + Angle.fullTurn * Double(i) / Double(n)
        return Capsule(
            a: .polar(center: center, radius: d / 6 + width / 2, angle: angle),
            b: .polar(center: center, radius: d / 2 - width / 2, angle: angle),
            width: width
        )
    }

    /// Seconds per turn of the spinner at 100 % (seed 001 turns about this fast, linearly, for ever).
    static let petalsSpinPeriod = 3.5

    /// `/petals` (seed 001): petal `i` has opacity clamp((p − i/n)·n, 0, 1); invisible petals are not drawn,
    /// as in the seed. Animated: the petals fade in as progress eases up to `p`; at 100 % and more the spinner
    /// then keeps turning, linearly, one turn per ``petalsSpinPeriod`` (the SVG for ever, an APNG as a loop of one petal's step, see Motion.spin).
    static func petalItems(_ style: PetalsStyle, size: Double, hasLabel: Bool, animated: Bool) -> [SceneItem] {
        let frame = petalsFrame(size: size, hasLabel: hasLabel)
        let n = style.petals
        let spins = animated && style.progress >= 1
        var petals: [SceneItem] = []
        for i in 0..<n {
            let opacity = style.opacity(ofPetal: i)
            let alpha = UInt8((Double(style.color.a) * opacity).rounded())
            guard alpha > 0 else { continue }
            var color = style.color
            color.a = alpha
            var motions: [Motion] = []
            if animated {
                // Petal i starts when the eased progress p·E(t) reaches i/n and is done at (i+1)/n or the end.
                let total = Double(n) * style.progress
                let t0 = Easing.easeInOut.inverse(Double(i) / total)
                let t1 = Easing.easeInOut.inverse(min(1, Double(i + 1) / total))
                motions.append(.opacity(.ramp(0, 1, start: t0, end: max(t1, t0), easing: .linear)))
            }
            let capsule = petal(i, of: n, center: frame.center, diameter: frame.diameter)
            petals.append(.shape(Shape(.capsule(capsule), .solid(color), motions: motions)))
        }
        guard spins else { return petals }
        return [
            .group(
                Group(petals, motions: [.spin(center: frame.center, period: petalsSpinPeriod, symmetry: n)])
            )
        ]
    }
}
