/// A resolved picture: everything a writer needs, in paint order, with absolute geometry and 8-bit colours.
///
/// Writers (SVG text, raster) only read a Scene; they never compute a colour, angle or radius of their own, so
/// SVG and PNG show the same picture. Build one with ``RingLayout/scene(for:)``.
public struct Scene: Sendable, Hashable {
    /// Image width in CSS pixels (one SVG user unit per pixel).
    public var width: Double
    /// Image height in CSS pixels.
    public var height: Double
    /// Fill of the whole image, under everything; nil is transparent.
    public var background: Color?
    /// Accessible name (user text: writers must escape it).
    public var title: String
    /// Paint order: first is bottom.
    public var items: [SceneItem]
    /// Seconds for one play of the items' motions; nil for a still image (motions are then empty).
    public var duration: Double?
    /// `theme=auto`: the items drawn instead of ``items`` on pages that prefer a dark colour scheme (the SVG
    /// switches with a media query; the rasterizer draws ``items``, the light set). Nil otherwise.
    public var darkItems: [SceneItem]?

    public init(
        width: Double, height: Double, background: Color? = nil, title: String, items: [SceneItem],
        duration: Double? = nil
    ) {
        self.width = width
        self.height = height
        self.background = background
        self.title = title
        self.items = items
        self.duration = duration
    }

    /// True when some item moves.
    public var isAnimated: Bool { duration != nil && items.contains { $0.hasMotion } }

    /// The moment (a fraction of ``duration``) at which parts that show only while the animation plays hand over
    /// to the still picture: layouts end their transient tracks between here and the end, and the SVG writer
    /// swaps its animated layer for the still picture here.
    public static let handOverTime = 0.999
}

/// One entry of a scene's paint order.
public indirect enum SceneItem: Sendable, Hashable {
    case shape(Shape)
    case group(Group)

    /// True when this item or any descendant has motions.
    public var hasMotion: Bool {
        switch self {
        case .shape(let s): !s.motions.isEmpty
        case .group(let g): !g.motions.isEmpty || g.items.contains { $0.hasMotion }
        }
    }
}

/// A primitive filled with a paint.
public struct Shape: Sendable, Hashable {
    public var primitive: Primitive
    public var paint: Paint
    public var motions: [Motion]

    public init(_ primitive: Primitive, _ paint: Paint, motions: [Motion] = []) {
        self.primitive = primitive
        self.paint = paint
        self.motions = motions
    }
}

/// Items composited together, then clipped and faded as one layer: overlapping translucent children do not
/// double-blend (`<g opacity>` in SVG, an offscreen layer in raster).
public struct Group: Sendable, Hashable {
    public var items: [SceneItem]
    /// Layer opacity, 0…1.
    public var opacity: Double
    public var clip: Clip?
    public var motions: [Motion]

    public init(_ items: [SceneItem], opacity: Double = 1, clip: Clip? = nil, motions: [Motion] = []) {
        self.items = items
        self.opacity = opacity
        self.clip = clip
        self.motions = motions
    }
}
