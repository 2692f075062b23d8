extension RingLayout {
    /// Halo radius around a pie label's outlines, in em: a thin rim of the contrasting colour.
    static let outlineHaloRadius = 0.06

    /// A label set in a real typeface: its filled outlines scaled to fit the label box and centred in it — across
    /// on the ink, down on the band from the capitals' top to the baseline, grown by any ink beyond it (accents
    /// above, descenders and Arabic marks below), so nothing is clipped and "70%" sits optically centred.
    ///
    /// Every label on a picture of one size is set at one size, that of "000%" (the setter scales each script to
    /// the same capital height, ``FontCatalog``), and only a text too wide or too tall for the box shrinks below
    /// it: same-length labels in any script stand equally tall. Under ``minimumLabelCapHeight`` the label is left out.
    static func outlineLabelItems(_ line: ShapedLine, for spec: RingSpec, setter: any TextSetter) -> [SceneItem] {
        guard let ink = line.ink else { return [] }
        let box = labelBox(for: spec)
        let block = labelBlock(ink, capHeight: setter.capHeight)
        var scale = min(box.width / max(block.width, 1e-9), box.height / max(block.height, 1e-9))
        if let reference = setter.line(autoLabelOutlineReference, tabularDigits: true), let refInk = reference.ink {
            // One size for every label on a picture of one size (that of a three-digit percentage; only "1000%"
            // and longer texts shrink to fit), so `auto` does not jump as the value changes.
            let refBlock = labelBlock(refInk, capHeight: setter.capHeight)
            scale = min(scale, box.width / refBlock.width, box.height / refBlock.height)
        }
        guard isLegible(capHeight: scale * setter.capHeight, in: spec) else { return [] }
        let origin = Point(x: box.center.x - block.center.x * scale, y: box.center.y - block.center.y * scale)
        let path = line.path.mapped { Point(x: origin.x + $0.x * scale, y: origin.y + $0.y * scale) }
        let color = spec.common.labelColor
        var shapes: [SceneItem] = []
        if case .pie = spec.style {
            // Over the wedge and over the page at once: a halo of the contrasting colour keeps it legible on both.
            let halo = color.opaque.relativeLuminance < 0.5 ? Color(hex: 0xFFFFFF) : Color(hex: 0x000000)
            // Eight offset copies, each its own shape: overlapping copies blend as separate layers, the same in
            // both writers (one path of all eight would sum their edges under the non-zero rule).
            let r = max(0.6, outlineHaloRadius * scale)
            for k in 0..<8 {
                let angle = Double(k) * Angle.fullTurn / 8
                let dx = r * Trig.cos(angle), dy = r * Trig.sin(angle)
                shapes.append(.shape(Shape(.path(path.mapped { Point(x: $0.x + dx, y: $0.y + dy) }), .solid(halo))))
            }
        }
        shapes.append(.shape(Shape(.path(path), .solid(color.opaque))))
        return [.group(Group(shapes, opacity: color.opacity))]
    }

    /// The percentage that sizes every label (digits are tabular, so any three digits are as wide as the widest).
    static let autoLabelOutlineReference = "000%"

    /// The box a label is fitted and centred by: the ink across; down, the capitals' band grown to hold the ink.
    static func labelBlock(_ ink: TextBounds, capHeight: Double) -> TextBounds {
        TextBounds(minX: ink.minX, minY: min(ink.minY, -capHeight), maxX: ink.maxX, maxY: max(ink.maxY, 0))
    }
}
