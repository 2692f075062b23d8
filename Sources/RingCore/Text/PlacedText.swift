/// Text ready to draw: polylines in image coordinates (x right, y down, one unit per CSS pixel), to be stroked with
/// round caps and round joins at ``strokeWidth``. The same polylines feed the SVG writer and the rasterizer.
public struct PlacedText: Sendable, Hashable {
    /// Centre lines of the strokes. A stroked polyline with round caps and joins is the union of discs along it,
    /// so overlapping strokes of one label unite without double blending.
    public var polylines: [[Point]]
    /// Pen width in pixels.
    public var strokeWidth: Double
    /// Bounds of the painted ink (centre lines grown by half the stroke width).
    public var bounds: TextBounds
    /// Pixels per em, i.e. the cap height in pixels.
    public var capHeight: Double

    public init(polylines: [[Point]], strokeWidth: Double, bounds: TextBounds, capHeight: Double) {
        self.polylines = polylines
        self.strokeWidth = strokeWidth
        self.bounds = bounds
        self.capHeight = capHeight
    }

    /// Nothing to draw, positioned at `point` (e.g. a blank label, or a box too small for a legible stroke).
    public static func empty(at point: Point) -> PlacedText {
        PlacedText(polylines: [], strokeWidth: 0, bounds: TextBounds(point: point), capHeight: 0)
    }

    public var isEmpty: Bool { polylines.isEmpty }
}

extension TextRun {
    /// The run drawn with its baseline starting at `origin` (image coordinates), `scale` pixels per em.
    ///
    /// - Parameter tolerance: largest distance in pixels between an arc and its chords.
    public func placed(origin: Point, scale: Double, strokeWidth: Double, tolerance: Double = 0.1) -> PlacedText {
        guard let ink = inkBounds, scale > 0 else { return .empty(at: origin) }
        func map(_ p: Point) -> Point { Point(x: origin.x + p.x * scale, y: origin.y - p.y * scale) }
        let polylines = polylines(tolerance: tolerance / scale).map { $0.map(map) }
        let box = TextBounds(
            minX: origin.x + ink.minX * scale, minY: origin.y - ink.maxY * scale,
            maxX: origin.x + ink.maxX * scale, maxY: origin.y - ink.minY * scale)
        return PlacedText(
            polylines: polylines, strokeWidth: strokeWidth, bounds: box.expanded(by: strokeWidth / 2), capHeight: scale)
    }
}
