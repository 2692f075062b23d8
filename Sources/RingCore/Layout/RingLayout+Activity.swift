extension RingLayout {
    /// Share of the half-size that rings may fill; the rest stays a hole in the middle.
    static let activityFillLimit = 0.9

    /// `/activity`: concentric bands, outermost first, `gap` apart, all of one thickness (seeds 000 fig. 5, 002).
    static func activityItems(
        _ style: ActivityStyle, size: Double, scale: Double, animated: Bool, shadow: Double
    ) -> [SceneItem] {
        activityRadii(style, size: size, scale: scale).enumerated().flatMap { i, geometry in
            let ring = style.rings[i]
            return RingBand(
                center: Point(x: size / 2, y: size / 2), radius: geometry.radius, width: geometry.width,
                progress: ring.progress, fill: ring.fill, track: ring.track,
                start: Angle.radians(degrees: style.start), direction: style.direction == .cw ? 1 : -1,
                cap: style.cap, shadow: style.shadow, shadowOpacity: shadow, animated: animated
            ).items()
        }
    }

    /// Centre-line radius and width of each ring, outermost first: the outer ring touches the image edge, each
    /// next one sits `thickness + gap` further in. When the rings would not fit, thickness and gap shrink
    /// together so the innermost ring keeps a hole. A gap the spec asks for never shrinks below one device pixel
    /// (`1 / scale` CSS px): thinner, neighbouring rings' anti-aliased edges merge and the gap vanishes.
    static func activityRadii(
        _ style: ActivityStyle, size: Double, scale: Double = 1
    ) -> [(radius: Double, width: Double)] {
        let n = Double(style.rings.count)
        var width = max(1, style.thickness.resolved(in: size))
        let asked = max(0, style.gap.resolved(in: size))
        let available = size / 2 * activityFillLimit
        // A device pixel of gap only where every ring can keep a device pixel of width too.
        let devicePixel = 1 / max(1, scale)
        let minimumGap = (2 * n - 1) * devicePixel <= available ? devicePixel : 0
        var gap = asked > 0 ? max(asked, minimumGap) : 0
        let needed = n * width + (n - 1) * gap
        if needed > available {
            let k = available / needed
            width *= k
            gap = asked > 0 ? max(gap * k, minimumGap) : 0
            // The device pixel comes out of the rings' width, never out of the hole.
            width = (available - (n - 1) * gap) / n
        }
        return style.rings.indices.map { i in
            (radius: size / 2 - width / 2 - Double(i) * (width + gap), width: width)
        }
    }
}
