/// One pen stroke of a glyph: a start point followed by straight lines and elliptical arcs, in em units with y up.
///
/// Arcs are kept exact so that a caller can flatten them for the size it draws at: a 12 px label needs a handful of
/// points per bowl, a 600 px one a hundred (see ``flattened(tolerance:)``).
public struct StrokePath: Sendable, Hashable {
    /// A piece of the stroke, continuing from where the previous one ended.
    public enum Element: Sendable, Hashable {
        case line(to: Point)
        /// An arc of the axis-aligned ellipse at `center` with radii `radiusX`, `radiusY`, from angle `start` to
        /// `end` (radians, counter-clockwise with y up; `end < start` runs clockwise). It starts where the previous
        /// element ended.
        case arc(center: Point, radiusX: Double, radiusY: Double, start: Double, end: Double)
    }

    public var start: Point
    public var elements: [Element]

    public init(start: Point, elements: [Element] = []) {
        self.start = start
        self.elements = elements
    }

    /// The point on an ellipse at `angle`.
    static func point(center: Point, radiusX: Double, radiusY: Double, angle: Double) -> Point {
        Point(x: center.x + radiusX * Trig.cos(angle), y: center.y + radiusY * Trig.sin(angle))
    }

    /// The stroke's end point.
    public var end: Point {
        switch elements.last {
        case nil: start
        case .line(let to): to
        case .arc(let center, let rx, let ry, _, let end):
            Self.point(center: center, radiusX: rx, radiusY: ry, angle: end)
        }
    }

    /// Exact bounds of the centre line: end points plus the axis extremes an arc passes through.
    public var bounds: TextBounds {
        var box = TextBounds(point: start)
        for element in elements {
            switch element {
            case .line(let to):
                box.include(to)
            case .arc(let center, let rx, let ry, let from, let to):
                box.include(Self.point(center: center, radiusX: rx, radiusY: ry, angle: to))
                let (low, high) = (min(from, to), max(from, to))
                var quarter = (low / (Double.pi / 2)).rounded(.up)
                while quarter * Double.pi / 2 <= high {
                    box.include(Self.point(center: center, radiusX: rx, radiusY: ry, angle: quarter * Double.pi / 2))
                    quarter += 1
                }
            }
        }
        return box
    }

    /// The stroke moved by `offset`.
    public func offset(by offset: Point) -> StrokePath {
        StrokePath(
            start: start + offset,
            elements: elements.map { element in
                switch element {
                case .line(let to): .line(to: to + offset)
                case .arc(let center, let rx, let ry, let from, let to):
                    .arc(center: center + offset, radiusX: rx, radiusY: ry, start: from, end: to)
                }
            })
    }

    /// The stroke as a polyline whose chords stray at most `tolerance` (em units) from the arcs.
    ///
    /// Each arc gets at least one chord per 45° so that small circles (dots) stay round.
    public func flattened(tolerance: Double) -> [Point] {
        var points = [start]
        for element in elements {
            switch element {
            case .line(let to):
                points.append(to)
            case .arc(let center, let rx, let ry, let from, let to):
                // A chord of angle θ on radius r sags r·(1 − cos θ/2); the larger radius bounds an ellipse's sag.
                let radius = max(rx, ry)
                let maxStep = Double.pi / 4
                let step = tolerance < radius ? min(maxStep, 2 * Trig.acos(1 - tolerance / radius)) : maxStep
                let count = max(1, Int((abs(to - from) / step).rounded(.up)))
                for i in 1...count {
                    let angle = from + (to - from) * Double(i) / Double(count)
                    points.append(Self.point(center: center, radiusX: rx, radiusY: ry, angle: angle))
                }
            }
        }
        return points
    }
}
