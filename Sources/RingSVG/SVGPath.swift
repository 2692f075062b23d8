import RingCore

/// Builder for the `d` attribute of `<path>`: absolute commands, fixed-precision numbers.
struct SVGPath {
    private(set) var d = ""

    /// Arcs are split into pieces of at most a quarter turn: the endpoints of a short arc never round onto each
    /// other (an `A` with equal ends draws nothing) and rounding the ends to 0.01 px cannot swing the centre
    /// that renderers reconstruct from them.
    static let maxArcPiece = Double.pi / 2

    /// Arcs shorter than this (in pixels along the curve) are written as a line: the chord is within
    /// 1/(8R) px of the arc.
    static let minArcLength = 1.0

    mutating func move(to p: Point) {
        d += "M" + Self.pair(p)
    }

    mutating func line(to p: Point) {
        d += "L" + Self.pair(p)
    }

    mutating func close() {
        d += "Z"
    }

    /// Continues along the circle around `center` of `radius` from angle `start` (the current point) by
    /// `sweep` radians (positive = clockwise on screen).
    mutating func arc(center: Point, radius: Double, start: Double, sweep: Double) {
        let pieces = max(1, Int((abs(sweep) / Self.maxArcPiece).rounded(.up)))
        let r = NumberFormatting.length(radius)
        let flag = sweep >= 0 ? "1" : "0"
        for k in 1...pieces {
            let p = Point.polar(center: center, radius: radius, angle: start + sweep * Double(k) / Double(pieces))
            if abs(sweep) / Double(pieces) * radius < Self.minArcLength {
                line(to: p)
            } else {
                d += "A\(r) \(r) 0 0 \(flag) " + Self.pair(p)
            }
        }
    }

    /// A whole arc as a new subpath.
    static func arc(center: Point, radius: Double, start: Double, sweep: Double) -> SVGPath {
        var path = SVGPath()
        path.move(to: .polar(center: center, radius: radius, angle: start))
        path.arc(center: center, radius: radius, start: start, sweep: sweep)
        return path
    }

    static func pair(_ p: Point) -> String {
        NumberFormatting.length(p.x) + " " + NumberFormatting.length(p.y)
    }
}
