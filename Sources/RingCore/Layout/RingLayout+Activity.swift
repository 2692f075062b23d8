extension RingLayout {
    /// Share of the half-size that rings may fill; the rest stays a hole in the middle.
    static let activityFillLimit = 0.9

    /// `/activity`: concentric bands, outermost first, `gap` apart, all of one thickness (seeds 000 fig. 5, 002).
    static func activityItems(_ style: ActivityStyle, size: Double, animated: Bool) -> [SceneItem] {
        activityRadii(style, size: size).enumerated().flatMap { i, geometry in
            let ring = style.rings[i]
            return RingBand(
                center: Point(x: size / 2, y: size / 2), radius: geometry.radius, width: geometry.width,
                progress: ring.progress, fill: ring.fill, track: ring.track,
                start: Angle.radians(degrees: style.start), direction: style.direction == .cw ? 1 : -1,
                cap: style.cap, shadow: style.shadow, animated: animated
            ).items()
        }
    }

    /// Centre-line radius and width of each ring, outermost first: the outer ring touches the image edge, each
    /// next one sits `thickness + gap` further in. When the rings would not fit, thickness and gap shrink
    /// together so the innermost ring keeps a hole.
    static func activityRadii(_ style: ActivityStyle, size: Double) -> [(radius: Double, width: Double)] {
        let n = Double(style.rings.count)
        var width = max(1, style.thickness.resolved(in: size))
        var gap = max(0, style.gap.resolved(in: size))
        let needed = n * width + (n - 1) * gap
        let available = size / 2 * activityFillLimit
        if needed > available {
            let k = available / needed
            width *= k
            gap *= k
        }
        return style.rings.indices.map { i in
            (radius: size / 2 - width / 2 - Double(i) * (width + gap), width: width)
        }
    }
}
