/// A region that limits what a group paints.
public enum Clip: Sendable, Hashable {
    /// The part of an annulus between two radial lines (the band in front of a ring's tip).
    case annularSector(AnnularSector)
    /// The points on the forward side of a line.
    case halfPlane(HalfPlane)
}

/// Points whose distance from `center` is within `innerRadius…outerRadius` and whose angle lies in the sweep
/// from `start` (signed, `|sweep| ≤ π` in practice).
public struct AnnularSector: Sendable, Hashable {
    public var center: Point
    public var innerRadius: Double
    public var outerRadius: Double
    public var start: Double
    public var sweep: Double

    public init(center: Point, innerRadius: Double, outerRadius: Double, start: Double, sweep: Double) {
        self.center = center
        self.innerRadius = innerRadius
        self.outerRadius = outerRadius
        self.start = start
        self.sweep = sweep
    }

    /// True when `point` is inside (boundary included).
    public func contains(_ point: Point) -> Bool {
        let d = point.distance(to: center)
        guard d >= innerRadius, d <= outerRadius else { return false }
        let direction: Double = sweep < 0 ? -1 : 1
        let phi = Angle.normalized(direction * (point.angle(from: center) - start))
        return phi <= abs(sweep)
    }
}

/// Points `p` with `(p − point) · normal ≥ 0`; `normal` is a unit vector.
public struct HalfPlane: Sendable, Hashable {
    public var point: Point
    public var normal: Point

    public init(point: Point, normal: Point) {
        self.point = point
        self.normal = normal
    }

    /// Signed distance in front of the boundary line (positive inside).
    public func distance(to p: Point) -> Double { (p - point).dot(normal) }
}
