extension RingLayout {
    /// Label box inside a ring, relative to the ring's inner radius: wide and short, so `70%` sits well inside
    /// the hole with air around it.
    static let labelWidthRatio = 1.3
    static let labelHeightRatio = 0.62
    /// Width of a pie label's halo on each side of a stroke, as a share of the stroke width.
    static let labelHaloRatio = 0.6

    /// The widest three-digit percentage in the stroke font (every digit its widest), which sizes `label=auto`.
    static let autoLabelReference: TextRun = {
        let digits = (0...9).map { StrokeFont.standard.layout(String($0)) }
        let widest = zip(0...9, digits).max { ($0.1.inkBounds?.width ?? 0) < ($1.1.inkBounds?.width ?? 0) }?.0 ?? 8
        return StrokeFont.standard.layout(String(repeating: String(widest), count: 3) + "%")
    }()

    /// The text the label shows, or nil for none: `auto` is the progress as a rounded integer percentage.
    static func labelText(for spec: RingSpec) -> String? {
        switch spec.common.label {
        case .none: return nil
        case .text(let text): return text
        case .auto:
            guard let progress = spec.style.displayedProgress else { return nil }
            return PercentText.of(progress)
        }
    }

    /// Where the label goes: a box (centre, width, height) per style.
    static func labelBox(for spec: RingSpec) -> (center: Point, width: Double, height: Double) {
        let size = spec.common.size
        let center = Point(x: size / 2, y: size / 2)
        func inside(radius: Double) -> (Point, Double, Double) {
            let r = max(0, radius)
            return (center, labelWidthRatio * r, labelHeightRatio * r)
        }
        switch spec.style {
        case .ring(let style):
            let width = style.thickness.resolved(in: size).clamped(to: 1...(size / 2))
            return inside(radius: size / 2 - width)
        case .activity(let style):
            let innermost = activityRadii(style, size: size, scale: Double(spec.common.scale)).last
            return inside(radius: (innermost?.radius ?? size / 2) - (innermost?.width ?? 0) / 2)
        case .pie:
            return inside(radius: size / 2)
        case .check(let style):
            // Under the check, inside the outline.
            let stroke = style.stroke.resolved(in: size)
            let checkBottom = size / 2 + style.ratio * size / 2
            let inner = size - 1.5 * stroke
            let height = max(0, min(inner - checkBottom - stroke, size * 0.14))
            return (Point(x: size / 2, y: checkBottom + stroke / 2 + height / 2), size * 0.6, height)
        case .petals:
            let box = petalsLabelBox(size: size)
            return (box.center, box.width, box.height)
        case .badge:
            return (center, 0, 0)  // a badge's texts are laid out by ``badgeScene``; its common label is none
        }
    }

    /// The label in `labelColor`: outlines set by `setter` when there is one and it covers the text (its regular
    /// weight under petals, as seed 001 sets its label in body text), else strokes of the built-in stroke font.
    static func labelItems(for spec: RingSpec, text setter: (any TextSetter)? = nil) -> [SceneItem] {
        guard let text = labelText(for: spec), !text.isEmpty else { return [] }
        var setter = setter
        if case .petals = spec.style, let regular = setter?.regularWeight { setter = regular }
        if let setter, let line = setter.line(text, tabularDigits: true) {
            return outlineLabelItems(line, for: spec, setter: setter)
        }
        return strokeLabelItems(text, for: spec)
    }

    /// Smallest capital height a label is drawn at, in device pixels (the image's size × `scale`): under about 6
    /// pixels capitals lose their counters and CJK its strokes (the "70%" at 24 px, 4 px "Build 完了 ✓"
    /// at 64 px). A label that would be smaller — `auto` or text, alike — is left out and the picture drawn
    /// without it, so one URL works at every size and density (a `srcset`'s 1× may lack the label its 2× shows).
    public static let minimumLabelCapHeight = 6.0

    /// Whether a label whose capitals are `capHeight` CSS pixels tall is drawn at `spec`'s pixel density.
    static func isLegible(capHeight: Double, in spec: RingSpec) -> Bool {
        capHeight.isFinite && capHeight * Double(max(1, spec.common.scale)) >= minimumLabelCapHeight - 1e-9
    }

    /// Label strokes: round-capped, round-joined polylines from the built-in stroke font, in `labelColor`.
    /// A translucent colour fades the whole label as one layer, so crossing strokes do not darken.
    static func strokeLabelItems(_ text: String, for spec: RingSpec) -> [SceneItem] {
        let box = labelBox(for: spec)
        // One size for every label on a picture of one size: that of the widest percentage below 1000 % (only
        // p = 10 shows "1000%", and longer texts, shrink to fit), so `auto` does not jump as the value changes
        // and texts of any script stand as tall as the percentage would.
        let maxScale = Self.autoLabelReference.fittingScale(maxWidth: box.width, maxHeight: box.height)
        let placed = StrokeFont.standard.layout(text).fitted(
            center: box.center, maxWidth: box.width, maxHeight: box.height, maxScale: maxScale)
        guard !placed.isEmpty, isLegible(capHeight: placed.capHeight, in: spec) else { return [] }
        let color = spec.common.labelColor
        var strokes: [SceneItem] = []
        if case .pie = spec.style {
            // A pie's label sits across the wedge's edge, over the wedge and over the page: a halo in the
            // contrasting colour under the strokes keeps it legible over both.
            let halo = color.opaque.relativeLuminance < 0.5 ? Color(hex: 0xFFFFFF) : Color(hex: 0x000000)
            let width = placed.strokeWidth * (1 + 2 * Self.labelHaloRatio)
            strokes += placed.polylines.map { points in
                SceneItem.shape(Shape(.polyline(Polyline(points: points, width: width)), .solid(halo)))
            }
        }
        strokes += placed.polylines.map { points in
            SceneItem.shape(Shape(.polyline(Polyline(points: points, width: placed.strokeWidth)), .solid(color.opaque)))
        }
        return [.group(Group(strokes, opacity: color.opacity))]
    }
}

extension RingSpec.Style {
    /// The progress a percentage label shows: the ring's, the outermost activity ring's, the petals' or the
    /// pie's; nil for the check, which has none.
    var displayedProgress: Double? {
        switch self {
        case .ring(let s): s.progress
        case .activity(let s): s.rings.first?.progress
        case .petals(let s): s.progress
        case .pie(let s): s.progress
        case .check: nil
        case .badge(let s): s.progress
        }
    }
}
