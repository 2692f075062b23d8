/// An axis-aligned box around text ink, in whatever space its owner uses (em units for a ``TextRun``, image pixels
/// for a ``PlacedText``). `minY` is the numerically smaller y in either orientation.
public struct TextBounds: Sendable, Hashable {
    public var minX: Double
    public var minY: Double
    public var maxX: Double
    public var maxY: Double

    public init(minX: Double, minY: Double, maxX: Double, maxY: Double) {
        self.minX = minX
        self.minY = minY
        self.maxX = maxX
        self.maxY = maxY
    }

    /// The zero-size box at `point`.
    public init(point: Point) {
        self.init(minX: point.x, minY: point.y, maxX: point.x, maxY: point.y)
    }

    public var width: Double { maxX - minX }
    public var height: Double { maxY - minY }
    public var center: Point { Point(x: (minX + maxX) / 2, y: (minY + maxY) / 2) }

    /// The smallest box holding both.
    public func union(_ other: TextBounds) -> TextBounds {
        TextBounds(
            minX: min(minX, other.minX), minY: min(minY, other.minY),
            maxX: max(maxX, other.maxX), maxY: max(maxY, other.maxY))
    }

    /// Grows the box to hold `point`.
    public mutating func include(_ point: Point) {
        minX = min(minX, point.x)
        minY = min(minY, point.y)
        maxX = max(maxX, point.x)
        maxY = max(maxY, point.y)
    }

    /// The box grown by `amount` on every side (a stroke's half width turns centre-line bounds into ink bounds).
    public func expanded(by amount: Double) -> TextBounds {
        TextBounds(minX: minX - amount, minY: minY - amount, maxX: maxX + amount, maxY: maxY + amount)
    }

    /// The box moved by `offset`.
    public func offset(by offset: Point) -> TextBounds {
        TextBounds(minX: minX + offset.x, minY: minY + offset.y, maxX: maxX + offset.x, maxY: maxY + offset.y)
    }

    /// Whether `other` lies inside this box, allowing `tolerance` on every side.
    public func contains(_ other: TextBounds, tolerance: Double = 0) -> Bool {
        other.minX >= minX - tolerance && other.maxX <= maxX + tolerance
            && other.minY >= minY - tolerance && other.maxY <= maxY + tolerance
    }
}
