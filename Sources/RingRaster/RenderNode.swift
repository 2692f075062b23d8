import RingCore

/// A Scene item prepared for rasterizing: geometry in device pixels, paints as shaders, groups reduced to the
/// layers that need one.
///
/// A group that neither fades nor clips adds nothing and is dissolved into its parent. A group around a single
/// shape passes its clip and opacity to the shape (fading or clipping one shape over transparency and then
/// compositing it is the same as weighting its coverage). Only a fading or clipped group of several items gets
/// an offscreen layer, so its overlapping children composite once, as `<g opacity>` and `clip-path` do in SVG.
///
/// Shapes and layers are classes: the row loop visits every node on every row, and taking a struct payload out
/// of an enum copies it with all its arrays retained.
enum RenderNode {
    case shape(ShapeNode)
    case layer(LayerNode)

    /// Rows this node may paint.
    var rows: Range<Int> {
        switch self {
        case .shape(let s): s.rows
        case .layer(let l): l.rows
        }
    }

    /// How many layers deep this node nests (0 for a shape).
    var depth: Int {
        switch self {
        case .shape: 0
        case .layer(let l): 1 + (l.children.map(\.depth).max() ?? 0)
        }
    }

    /// The nodes for `items` under the similarity `transform` (CSS px → device px).
    static func compile(_ items: [SceneItem], _ transform: Transform) -> [RenderNode] {
        items.flatMap { compile($0, transform) }
    }

    static func compile(_ item: SceneItem, _ transform: Transform) -> [RenderNode] {
        switch item {
        case .shape(let shape):
            let primitive = shape.primitive.transformed(by: transform)
            let paint = shape.paint.transformed(by: transform)
            let node = ShapeNode(geometry: Geometry(primitive), clips: [], shader: Shader(paint, on: primitive), opacity: 1)
            return node.rows.isEmpty ? [] : [.shape(node)]
        case .group(let group):
            guard group.opacity > 0 else { return [] }
            let children = compile(group.items, transform)
            let clip = group.clip.map { Geometry($0.transformed(by: transform)) }
            let opacity = Float(min(1, group.opacity))
            if clip == nil && opacity >= 1 { return children }
            guard children.count == 1, let only = children.first else {
                let layer = LayerNode(children: children, clips: clip.map { [$0] } ?? [], opacity: opacity)
                return children.isEmpty || layer.rows.isEmpty ? [] : [.layer(layer)]
            }
            switch only {
            case .shape(let s):
                s.apply(clip: clip, opacity: opacity)
                return s.rows.isEmpty ? [] : [.shape(s)]
            case .layer(let l):
                l.apply(clip: clip, opacity: opacity)
                return l.rows.isEmpty ? [] : [.layer(l)]
            }
        }
    }
}

/// A shape: coverage (its geometry times any clips and opacity) weighting its shader.
final class ShapeNode {
    let geometry: Geometry
    private(set) var clips: [Geometry]
    let shader: Shader
    private(set) var opacity: Float
    /// Rows it may paint (kept with the clips, as the row loop asks for every row).
    private(set) var rows: Range<Int>

    init(geometry: Geometry, clips: [Geometry], shader: Shader, opacity: Float) {
        self.geometry = geometry
        self.clips = clips
        self.shader = shader
        self.opacity = opacity
        rows = clips.reduce(geometry.rows) { $0.clamped(to: $1.rows) }
    }

    /// On the row at `y`: where the shape may paint (its geometry's reach, cut by its clips) and where its
    /// geometry covers pixels fully (before clips and opacity).
    func spans(y: Double) -> (touched: SpanSet, covered: SpanSet) {
        var (touched, covered) = geometry.spans(y: y)
        for clip in clips { touched = touched.intersection(clip.spans(y: y).touched, growing: true) }
        return (touched, covered)
    }

    /// Whether every pixel the geometry covers fully simply takes the shader's colour, whatever lies beneath:
    /// no clip, no fade, an opaque shader.
    var replacesInterior: Bool { clips.isEmpty && opacity >= 1 && shader.isOpaque }

    /// Adds a clip and a fade (a group around this one shape).
    func apply(clip: Geometry?, opacity: Float) {
        if let clip {
            clips.append(clip)
            rows = rows.clamped(to: clip.rows)
        }
        self.opacity *= opacity
    }
}

/// Children composited in an offscreen row, then weighted by clips and opacity onto the parent.
final class LayerNode {
    let children: [RenderNode]
    private(set) var clips: [Geometry]
    private(set) var opacity: Float
    private(set) var rows: Range<Int>

    init(children: [RenderNode], clips: [Geometry], opacity: Float) {
        self.children = children
        self.clips = clips
        self.opacity = opacity
        let lo = children.map(\.rows.lowerBound).min() ?? 0
        let hi = children.map(\.rows.upperBound).max() ?? 0
        rows = clips.reduce(lo..<max(lo, hi)) { $0.clamped(to: $1.rows) }
    }

    /// Where the layer may paint on row `row` (pixel centres at `y`): its children's reach, cut by its clips.
    func touched(row: Int, y: Double) -> SpanSet {
        var touched = SpanSet()
        for child in children where child.rows.contains(row) {
            switch child {
            case .shape(let s): touched = touched.union(s.spans(y: y).touched)
            case .layer(let l): touched = touched.union(l.touched(row: row, y: y))
            }
        }
        for clip in clips { touched = touched.intersection(clip.spans(y: y).touched, growing: true) }
        return touched
    }

    /// Adds a clip and a fade (a group around this one layer).
    func apply(clip: Geometry?, opacity: Float) {
        if let clip {
            clips.append(clip)
            rows = rows.clamped(to: clip.rows)
        }
        self.opacity *= opacity
    }
}
