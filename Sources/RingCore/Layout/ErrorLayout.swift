/// The picture shown in place of an image whose URL is wrong (docs/design.md §Errors): the message itself, set in the label
/// typeface (the built-in stroke font when no font is installed) inside a red-bordered card, so the person who
/// wrote the URL sees why where the image would be.
public enum ErrorLayout {
    /// Colours: a pale red card with a red border and dark red text, readable on light and dark pages.
    static let card = Color(hex: 0xFFF1F0)
    static let border = Color(hex: 0xD93025)
    static let text = Color(hex: 0x7A1711)

    /// Smallest side of the error image: below it a message cannot be legible, so the image grows past the
    /// requested size rather than drawing illegible text.
    public static let minimumSide = 96.0

    /// A square error image of side `size` (clamped to ``minimumSide``…``RingLimits/size`` upper bound)
    /// showing `message`, set with `text` (the stroke font without one).
    public static func scene(message: String, size: Double = 128, text setter: (any TextSetter)? = nil) -> Scene {
        let side = min(max(size.isFinite ? size : 128, minimumSide), RingLimits.size.upperBound)
        let borderWidth = max(1.5, side * 0.02)
        let inset = borderWidth / 2 + 0.5
        let cardRect = Rect(x: inset, y: inset, width: side - 2 * inset, height: side - 2 * inset)
        let corner = side * 0.08
        let padding = borderWidth + side * 0.06
        var items: [SceneItem] = [
            .shape(Shape(.roundedRect(RoundedRect(rect: cardRect, cornerRadius: corner)), .solid(card))),
            .shape(Shape(.roundedRectOutline(RoundedRectOutline(
                shape: RoundedRect(rect: cardRect, cornerRadius: corner), width: borderWidth)), .solid(border))),
        ]
        let box = (center: cardRect.center, width: side - 2 * padding, height: side - 2 * padding)
        if let setter {
            let paragraph = OutlineParagraph(setter: setter).fitted(
                message, center: box.center, maxWidth: box.width, maxHeight: box.height, capHeight: side * 0.075)
            if let paragraph { items.append(.shape(Shape(.path(paragraph), .solid(Self.text)))) }
        } else {
            let text = StrokeFont.standard.fittedParagraph(
                message, center: box.center, maxWidth: box.width, maxHeight: box.height,
                capHeight: side * 0.075, minimumCapHeight: 6, weight: 0.12)
            items += text.polylines.map { line in
                .shape(Shape(.polyline(Polyline(points: line, width: text.strokeWidth)), .solid(Self.text)))
            }
        }
        return Scene(width: side, height: side, background: nil, title: "Error: " + message, items: items)
    }

    /// A badge's error picture (docs/design.md §Errors): the badge's own shape, `label` on the left (none when empty) and
    /// `problem` (e.g. "invalid p") on shields' red, with an empty ring, so it sits in a badge row like the
    /// badge it replaces.
    public static func badge(label: String, problem: String, look: BadgeLook, text setter: (any TextSetter)? = nil) -> Scene {
        let style = BadgeStyle(
            progress: 0, label: label, message: problem, labelBackground: badgeLabel, valueBackground: badgeProblem,
            fill: .solid(Color(hex: 0xFFFFFF)), track: Color(r: 255, g: 255, b: 255, a: 77), look: look)
        let title = label.isEmpty ? "Error: \(problem)" : "Error: \(label): \(problem)"
        return RingLayout.badgeScene(style, common: CommonOptions(title: title), text: setter)
    }

    /// shields' grey and red.
    static let badgeLabel = Color(hex: 0x555555)
    static let badgeProblem = Color(hex: 0xE05D44)
}

