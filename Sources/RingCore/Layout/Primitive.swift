/// A geometric shape with an exact signed distance: what a Scene paints.
///
/// Every primitive is a closed set described analytically, so the SVG writer can emit the same geometry as arcs,
/// lines and curves and the rasterizer can compute exact coverage (distances and edge normals, or for a
/// ``FilledPath`` the exact area under its edges).
public enum Primitive: Sendable, Hashable {
    /// A thick circular arc (a stroked arc of the centre line); a full annulus when it sweeps a whole turn.
    case arc(ArcBand)
    /// A full annulus: a circle outline of some width (tracks, borders).
    case ring(Ring)
    /// A filled circle (caps, shadows).
    case disc(Disc)
    /// A segment with round ends (petals).
    case capsule(Capsule)
    /// A stroked polyline with round caps and round joins (checkmark, glyph strokes).
    case polyline(Polyline)
    /// A filled rectangle with circular corners (backgrounds).
    case roundedRect(RoundedRect)
    /// All points within `width / 2` of a rounded rectangle's outline (the check's square/rounded outline).
    case roundedRectOutline(RoundedRectOutline)
    /// A filled circular sector (pie).
    case wedge(Wedge)
    /// A filled outline of lines and Bézier curves, non-zero winding (text set in a real font).
    case path(FilledPath)
}

/// Cap at one end of an ``ArcBand``.
public enum ArcCap: Sendable, Hashable {
    /// A half-disc of radius `width / 2` beyond the end.
    case round
    /// The band ends on the radial line through the end point.
    case butt
}

/// A band of `width` centred on a circular arc.
///
/// The centre line starts at angle `start` and sweeps `sweep` radians (positive = clockwise on screen). When
/// `|sweep| ≥ 2π` the band is the full annulus and the caps are irrelevant.
public struct ArcBand: Sendable, Hashable {
    public var center: Point
    /// Radius of the centre line.
    public var radius: Double
    public var width: Double
    public var start: Double
    public var sweep: Double
    public var startCap: ArcCap
    public var endCap: ArcCap

    public init(
        center: Point, radius: Double, width: Double, start: Double, sweep: Double, startCap: ArcCap = .round,
        endCap: ArcCap = .round
    ) {
        self.center = center
        self.radius = radius
        self.width = width
        self.start = start
        self.sweep = sweep
        self.startCap = startCap
        self.endCap = endCap
    }

    /// True when the band covers the whole annulus.
    public var isFullCircle: Bool { abs(sweep) >= Angle.fullTurn }

    /// The angle at the end of the centre line.
    public var end: Double { start + sweep }

    /// The centre-line point at `fraction` (0 = start, 1 = end) of the sweep.
    public func point(atFraction fraction: Double) -> Point {
        .polar(center: center, radius: radius, angle: start + sweep * fraction)
    }

    public var startPoint: Point { point(atFraction: 0) }
    public var endPoint: Point { point(atFraction: 1) }

    /// Length of the centre line in pixels.
    public var length: Double { abs(sweep) * radius }
}

/// A circle outline: the annulus between `radius − width/2` and `radius + width/2`.
public struct Ring: Sendable, Hashable {
    public var center: Point
    /// Radius of the centre line.
    public var radius: Double
    public var width: Double

    public init(center: Point, radius: Double, width: Double) {
        self.center = center
        self.radius = radius
        self.width = width
    }
}

public struct Disc: Sendable, Hashable {
    public var center: Point
    public var radius: Double

    public init(center: Point, radius: Double) {
        self.center = center
        self.radius = radius
    }
}

/// All points within `width / 2` of the segment `a`–`b`.
public struct Capsule: Sendable, Hashable {
    public var a: Point
    public var b: Point
    public var width: Double

    public init(a: Point, b: Point, width: Double) {
        self.a = a
        self.b = b
        self.width = width
    }
}

/// All points within `width / 2` of a polyline: round caps and round joins, so the stroke is the union of
/// capsules and both writers describe the same set.
public struct Polyline: Sendable, Hashable {
    /// At least one point.
    public var points: [Point]
    public var width: Double

    public init(points: [Point], width: Double) {
        self.points = points
        self.width = width
    }

    /// Length of the centre line in pixels.
    public var length: Double {
        zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
    }
}

/// A rectangle whose corners are quarter circles of `cornerRadius` (at most half the shorter side).
public struct RoundedRect: Sendable, Hashable {
    public var rect: Rect
    public var cornerRadius: Double

    public init(rect: Rect, cornerRadius: Double) {
        self.rect = rect
        self.cornerRadius = min(max(0, cornerRadius), min(rect.width, rect.height) / 2)
    }
}

/// The set of points within `width / 2` of the outline of `shape`: outer corners have radius
/// `cornerRadius + width/2`, inner corners `max(0, cornerRadius − width/2)` (a stroke with round joins).
public struct RoundedRectOutline: Sendable, Hashable {
    public var shape: RoundedRect
    public var width: Double

    public init(shape: RoundedRect, width: Double) {
        self.shape = shape
        self.width = width
    }

    /// Length of the outline's centre line in pixels.
    public var length: Double {
        let r = shape.cornerRadius
        return 2 * (shape.rect.width - 2 * r) + 2 * (shape.rect.height - 2 * r) + Angle.fullTurn * r
    }
}

/// A filled circular sector from `start` sweeping `sweep` (a full disc when `|sweep| ≥ 2π`).
public struct Wedge: Sendable, Hashable {
    public var center: Point
    public var radius: Double
    public var start: Double
    public var sweep: Double

    public init(center: Point, radius: Double, start: Double, sweep: Double) {
        self.center = center
        self.radius = radius
        self.start = start
        self.sweep = sweep
    }

    public var isFullCircle: Bool { abs(sweep) >= Angle.fullTurn }
}
