/// An axis-aligned rectangle in image space (x right, y down, CSS pixels).
public struct Rect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The square of side `side` centred on `center`.
    public init(center: Point, side: Double) {
        self.init(x: center.x - side / 2, y: center.y - side / 2, width: side, height: side)
    }

    public var center: Point { Point(x: x + width / 2, y: y + height / 2) }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }

    /// The rectangle shrunk by `d` on every side (grown when `d` is negative); never narrower than 0.
    public func insetBy(_ d: Double) -> Rect {
        Rect(x: x + d, y: y + d, width: max(0, width - 2 * d), height: max(0, height - 2 * d))
    }
}
