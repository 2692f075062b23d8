extension RingLayout {
    /// Peak scale of seed 003's bounce.
    static let checkBounceScale = 1.1
    /// Corner radius of the `rounded` outline as a fraction of its side.
    static let checkCornerRatio = 0.22
    /// Seed 003's line width against its container: 24 pt on the 300 × 300 frame whose edge the outline's centre
    /// line follows (the check is a third of that frame, stroked as wide).
    public static let checkSeedStroke = 24.0 / 300

    /// The default `stroke` as a share of the image size: seed 003's proportion, ``checkSeedStroke`` of the
    /// outline's centre-line side, where that side is the drawing's extent less one stroke (the stroke straddles
    /// the line, as the seed's `stroke` does on its frame's edge). The extent is the whole image, or with `bounce`
    /// the image shrunk by ``checkBounceScale`` so the peak of the bounce just fills it: 7.4 % of the size without
    /// bounce, 6.7 % with it.
    public static func checkDefaultStroke(bounce: Bool) -> Double {
        let extent = bounce ? 1 / checkBounceScale : 1
        return checkSeedStroke * extent / (1 + checkSeedStroke)
    }

    /// `/check` (seed 003): an outline (circle, square or rounded square) and a three-point check, both stroked
    /// with round caps and joins in the final colour `to`. As in the seed, the outline's centre line is the
    /// container's edge (the stroke straddles it, so its outer edge touches the drawing's extent: no inset beyond
    /// the bounce's room) and the check is `ratio` of that container. Animated: outline drawn from the top (40 %),
    /// check drawn (30 %), colour `from` → `to` with a scale-up (20 %), scale back (10 %); without bounce 50/30/20 %.
    static func checkItems(_ style: CheckStyle, size: Double, animated: Bool) -> [SceneItem] {
        let center = Point(x: size / 2, y: size / 2)
        // Leave room for the bounce so the scaled-up outline is not cut by the image edge — in the still picture
        // too, which is the animation's last frame: `animate` adds motion but never moves the resting picture.
        let extent = style.bounce ? size / checkBounceScale : size
        let stroke = style.stroke.resolved(in: size).clamped(to: 0.5...(extent / 4))
        let outlineSide = extent - stroke
        let outline: Primitive
        switch style.shape {
        case .circle:
            outline = .ring(Ring(center: center, radius: outlineSide / 2, width: stroke))
        case .square, .rounded:
            let corner = style.shape == .rounded ? outlineSide * checkCornerRatio : 0
            let shape = RoundedRect(rect: Rect(center: center, side: outlineSide), cornerRadius: corner)
            outline = .roundedRectOutline(RoundedRectOutline(shape: shape, width: stroke))
        }
        let check = Polyline(points: checkPoints(center: center, side: style.ratio * outlineSide), width: stroke)

        guard animated else {
            return [.shape(Shape(outline, .solid(style.to))), .shape(Shape(.polyline(check), .solid(style.to)))]
        }
        let split = style.bounce ? (outline: 0.4, check: 0.7, color: 0.9) : (outline: 0.5, check: 0.8, color: 1.0)
        let color = Track([
            Key(time: split.check, value: style.from, easing: .easeInOut), Key(time: split.color, value: style.to),
        ])
        let outlineShape = Shape(
            outline, .solid(style.to),
            motions: [.trim(.ramp(0, 1, start: 0, end: split.outline, easing: .linear), origin: 0), .color(color)]
        )
        let checkShape = Shape(
            .polyline(check), .solid(style.to),
            motions: [
                .trim(.ramp(0, 1, start: split.outline, end: split.check, easing: .linear), origin: 0),
                .color(color),
            ]
        )
        var motions: [Motion] = []
        if style.bounce {
            motions.append(
                .scale(
                    center: center,
                    Track([
                        Key(time: split.check, value: 1, easing: .easeInOut),
                        Key(time: split.color, value: checkBounceScale, easing: .easeInOut),
                        Key(time: 1, value: 1),
                    ])
                )
            )
        }
        return [.group(Group([.shape(outlineShape), .shape(checkShape)], motions: motions))]
    }

    /// Seed 003's checkmark in a square of `side` centred on `center`: from the middle of the left edge down to
    /// 40 % of the width at the bottom, then up to the top-right corner.
    static func checkPoints(center: Point, side: Double) -> [Point] {
        let o = Point(x: center.x - side / 2, y: center.y - side / 2)
        return [
            o + Point(x: 0, y: side / 2),
            o + Point(x: 0.4 * side, y: side),
            o + Point(x: side, y: 0),
        ]
    }
}
