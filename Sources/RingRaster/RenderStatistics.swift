/// What one render did, for benchmarks and the rendering yardsticks (docs/design.md §Yardsticks: time per touched pixel).
public struct RenderStatistics: Sendable, Hashable {
    /// Pixels in the shapes' row runs — each shape counts its own, so overlapping shapes count twice.
    public var touchedPixels = 0
    /// Of those, pixels whose coverage needed distance work (within about a pixel of an edge); the rest were
    /// filled as interior spans.
    public var edgePixels = 0
    /// Pixels composited from offscreen layers onto their parents.
    public var layerPixels = 0
    /// Pixels packed into the bitmap from the float rows (rows' painted extents).
    public var packedPixels = 0
    /// Pixels written straight into the bitmap as 8-bit words: interior pixels of opaque shapes that nothing
    /// drawn later touches (counted in ``touchedPixels`` too).
    public var directPixels = 0

    public init() {}
}

extension RenderStatistics {
    /// Adds `other`'s counts to these.
    mutating func add(_ other: RenderStatistics) {
        touchedPixels += other.touchedPixels
        edgePixels += other.edgePixels
        layerPixels += other.layerPixels
        packedPixels += other.packedPixels
        directPixels += other.directPixels
    }
}
