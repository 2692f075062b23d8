extension TextRun {
    /// The run at the largest size that fits a `maxWidth` × `maxHeight` box centred on `center` (image coordinates,
    /// y down), ink and stroke width included.
    ///
    /// Centring is optical rather than by the ink box: horizontally the ink is centred; vertically the band from
    /// the baseline to the top of the ink is, so digits and `%` are centred on their cap height, lower-case on its
    /// x-height, and descenders hang below without lifting the line. The box is reserved symmetrically around that
    /// centre, so descenders stay inside it too.
    ///
    /// - Parameters:
    ///   - weight: stroke width as a fraction of the cap height (``StrokeFont/defaultWeight`` is 0.11).
    ///   - minimumStrokeWidth: thinner strokes vanish under anti-aliasing, so small text keeps at least this width
    ///     (and shrinks a little more to make room for it).
    ///   - tolerance: largest distance in pixels between an arc and its chords.
    /// - Returns: ``PlacedText/empty(at:)`` for text without ink or a box too small for the minimum stroke.
    ///   - maxScale: a size the text never exceeds, so labels of one kind share one size (``fittingScale``
    ///     of the widest of them).
    public func fitted(
        center: Point, maxWidth: Double, maxHeight: Double, weight: Double = 0.11, minimumStrokeWidth: Double = 1,
        tolerance: Double = 0.1, maxScale: Double = .infinity
    ) -> PlacedText {
        guard let ink = inkBounds else { return .empty(at: center) }
        let middle = ascent / 2
        let scale = min(
            maxScale,
            fittingScale(maxWidth: maxWidth, maxHeight: maxHeight, weight: weight, minimumStrokeWidth: minimumStrokeWidth))
        guard scale > 0, scale.isFinite else { return .empty(at: center) }
        let origin = Point(x: center.x - ink.center.x * scale, y: center.y + middle * scale)
        return placed(
            origin: origin, scale: scale, strokeWidth: max(minimumStrokeWidth, weight * scale), tolerance: tolerance)
    }

    /// The largest scale (px per em) at which the run fits a `maxWidth` × `maxHeight` box as ``fitted`` places
    /// it, or 0 if none.
    public func fittingScale(
        maxWidth: Double, maxHeight: Double, weight: Double = 0.11, minimumStrokeWidth: Double = 1
    ) -> Double {
        guard let ink = inkBounds else { return 0 }
        let middle = ascent / 2
        let halfHeight = max(ink.maxY - middle, middle - ink.minY)
        return min(
            Self.largestScale(extent: ink.width, limit: maxWidth, weight: weight, minimumStroke: minimumStrokeWidth),
            Self.largestScale(
                extent: 2 * halfHeight, limit: maxHeight, weight: weight, minimumStroke: minimumStrokeWidth))
    }

    /// The largest `s` with `s·extent + max(minimumStroke, weight·s) ≤ limit`, or 0 if none.
    static func largestScale(extent: Double, limit: Double, weight: Double, minimumStroke: Double) -> Double {
        guard limit >= minimumStroke, limit > 0 else { return 0 }
        // Where the stroke is proportional: s·(extent + weight) = limit.
        let proportional = extent + weight > 0 ? limit / (extent + weight) : .infinity
        if weight * proportional >= minimumStroke { return proportional }
        // Where the stroke is clamped to the minimum: s·extent + minimumStroke = limit.
        return extent > 0 ? (limit - minimumStroke) / extent : .infinity
    }
}
