/// A point or vector in image space: x to the right, y down, one unit per CSS pixel.
public struct Point: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let zero = Point(x: 0, y: 0)

    /// The point at `radius` from `center` at `angle` radians (0 = +x, increasing clockwise on screen).
    public static func polar(center: Point, radius: Double, angle: Double) -> Point {
        Point(x: center.x + radius * Trig.cos(angle), y: center.y + radius * Trig.sin(angle))
    }

    public static func + (a: Point, b: Point) -> Point { Point(x: a.x + b.x, y: a.y + b.y) }
    public static func - (a: Point, b: Point) -> Point { Point(x: a.x - b.x, y: a.y - b.y) }
    public static func * (a: Point, s: Double) -> Point { Point(x: a.x * s, y: a.y * s) }

    public func dot(_ o: Point) -> Double { x * o.x + y * o.y }
    public var length: Double { (x * x + y * y).squareRoot() }
    public func distance(to o: Point) -> Double { (self - o).length }
}

extension Point {
    /// The vector rotated by `angle` radians (clockwise on screen) about `center`.
    public func rotated(by angle: Double, about center: Point = .zero) -> Point {
        let c = Trig.cos(angle), s = Trig.sin(angle)
        let d = self - center
        return Point(x: center.x + d.x * c - d.y * s, y: center.y + d.x * s + d.y * c)
    }

    /// `self` scaled by `factor` about `center`.
    public func scaled(by factor: Double, about center: Point) -> Point {
        center + (self - center) * factor
    }

    /// The angle of the vector from `center` to `self` (radians, clockwise on screen from +x).
    public func angle(from center: Point) -> Double {
        Trig.atan2(y - center.y, x - center.x)
    }
}
