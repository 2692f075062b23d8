extension RingLayout {
    /// `/pie` (seed 004): a thin border ring at the edge and a wedge filling from the top, clockwise, leaving a
    /// gap of one border width between them (seed: progress radius = radius − 2 × line width).
    static func pieItems(_ style: PieStyle, size: Double, scale: Double, animated: Bool) -> [SceneItem] {
        let center = Point(x: size / 2, y: size / 2)
        let border = pieBorderWidth(style.borderWidth, size: size, scale: scale)
        var out: [SceneItem] = []
        if border > 0 {
            let ring = Ring(center: center, radius: size / 2 - border / 2, width: border)
            out.append(.shape(Shape(.ring(ring), .solid(style.border))))
        }
        guard style.progress > 0 else { return out }
        let sweep = Angle.fullTurn * min(style.progress, 1)
        let wedge = Wedge(center: center, radius: size / 2 - 2 * border, start: -Double.pi / 2, sweep: sweep)
        let motions: [Motion] = animated ? [.trim(.ramp(0, 1, easing: .easeInOut), origin: 0)] : []
        out.append(.shape(Shape(.wedge(wedge), .solid(style.color), motions: motions)))
        return out
    }

    /// The border's width in CSS px: `width` at most a sixth of the size, then snapped to whole device pixels
    /// (`scale` per CSS px), at least one. A whole-pixel band that starts at the image edge stays crisp at 16–32 px,
    /// where 1.5 % would be a quarter-pixel blur; a sub-pixel border never fades to a faint smear.
    static func pieBorderWidth(_ width: Length, size: Double, scale: Double) -> Double {
        let asked = width.resolved(in: size).clamped(to: 0...(size / 6))
        guard asked > 0 else { return 0 }
        let deviceScale = max(1, scale)
        return max(1, (asked * deviceScale).rounded()) / deviceScale
    }
}
