/// What one render did, for benchmarks and the rendering yardsticks (rendering.md §8.5: time per touched pixel).
public struct RenderStatistics: Sendable, Hashable {
    /// Pixels in the shapes' row runs — each shape counts its own, so overlapping shapes count twice.
    public var touchedPixels = 0
    /// Of those, pixels whose coverage needed distance work (within about a pixel of an edge); the rest were
    /// filled as interior spans.
    public var edgePixels = 0
    /// Pixels composited from offscreen layers onto their parents.
    public var layerPixels = 0
    /// Pixels packed into the bitmap (rows' painted extents).
    public var packedPixels = 0

    public init() {}
}
