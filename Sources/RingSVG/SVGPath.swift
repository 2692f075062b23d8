import RingCore

/// Builder for the `d` attribute of `<path>`: absolute commands, fixed-precision numbers.
struct SVGPath {
    private(set) var d = ""

    /// Arcs are split into pieces of at most a quarter turn: the endpoints of a short arc never round onto each
    /// other (an `A` with equal ends draws nothing) and rounding the ends to 0.01 px cannot swing the centre
    /// that renderers reconstruct from them.
    static let maxArcPiece = Double.pi / 2

    /// How far (px) a renderer's cubic Bézier for one `A` piece may stray from the circle. librsvg (like most
    /// renderers without conics) draws each arc as cubics of at most a quarter turn, which bulge out by
    /// 2.7·10⁻⁴ of the radius: 0.14 px on a 1024 px ring, which put its bands' rims on a dark page up to 46 levels
    /// off the PNG. Past this radius (275 px: rings from about 610 px across) arcs are written in eighths of a
    /// turn, whose cubics stray 64 times less. Below it the bulge is the smaller error: cairo flattens curves to
    /// chords up to 0.1 px inside them, the bulge partly offsets that, and splitting 256–512 px rings made
    /// librsvg's rims agree worse with the PNG's exact ones (measured), for more bytes. Whole circles stay
    /// `<circle>` (see `SVGDocument.circle`).
    static let maxCubicDeviation = 0.075

    /// Radial error of the usual cubic for a quarter-turn arc of radius 1 (control arms 4/3·tan(θ/4)).
    static let quarterTurnCubicError = 2.725e-4

    /// How many `A` commands an arc of `radius` over `sweep` is written as: pieces of at most a quarter turn, and
    /// more where a piece's cubic would stray more than ``maxCubicDeviation`` (counted up with multiplications
    /// only, so every machine writes the same pieces).
    static func arcPieces(radius: Double, sweep: Double) -> Int {
        var pieces = max(1, Int((abs(sweep) / maxArcPiece).rounded(.up)))
        while pieces < maxPiecesPerArc {
            let share = abs(sweep) / Double(pieces) / maxArcPiece
            let share2 = share * share
            guard quarterTurnCubicError * radius * share2 * share2 * share2 > maxCubicDeviation else { break }
            pieces *= 2
        }
        return pieces
    }

    /// A ceiling on ``arcPieces(radius:sweep:)`` (eighths of a turn keep a cubic within 0.075 px up to a radius of
    /// 17 000 px; the largest ring's, at 2048 px, is about 1000).
    static let maxPiecesPerArc = 64

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

    mutating func quad(_ c: Point, to p: Point) {
        d += "Q" + Self.pair(c) + " " + Self.pair(p)
    }

    mutating func cubic(_ c1: Point, _ c2: Point, to p: Point) {
        d += "C" + Self.pair(c1) + " " + Self.pair(c2) + " " + Self.pair(p)
    }

    /// Continues along the circle around `center` of `radius` from angle `start` (the current point) by
    /// `sweep` radians (positive = clockwise on screen).
    mutating func arc(center: Point, radius: Double, start: Double, sweep: Double) {
        let pieces = Self.arcPieces(radius: radius, sweep: sweep)
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

    /// The annular sector between radii `inner` and `outer` from angle `start` over `sweep`, as a filled outline
    /// (a wedge to the centre when `inner` is 0). What a butt-capped stroke of the centre arc means, without
    /// asking a renderer to offset an arc by more than its radius or to stroke a piece so short it is written as
    /// a straight line (a rectangle, where the band is a sector).
    static func sector(center: Point, inner: Double, outer: Double, start: Double, sweep: Double) -> SVGPath {
        var path = SVGPath()
        path.move(to: .polar(center: center, radius: outer, angle: start))
        path.arc(center: center, radius: outer, start: start, sweep: sweep)
        if inner > minInnerRadius {
            path.line(to: .polar(center: center, radius: inner, angle: start + sweep))
            path.arc(center: center, radius: inner, start: start + sweep, sweep: -sweep)
        } else {
            path.line(to: center)
        }
        path.close()
        return path
    }

    /// True when a butt-capped band is better written as a filled ``sector(center:inner:outer:start:sweep:)``
    /// than as a stroke: its width reaches past its centre line's radius (a stroker must offset the arc inwards
    /// by more than its radius), or it is shorter than ``minArcLength`` (written as a line, it would stroke to a
    /// rectangle).
    static func prefersSector(radius: Double, width: Double, sweep: Double) -> Bool {
        width > radius || abs(sweep) * radius < minArcLength
    }

    /// An inner radius at or below this (px) is written as the centre: a wedge, not an annular sector.
    static let minInnerRadius = 0.005

    static func pair(_ p: Point) -> String {
        NumberFormatting.length(p.x) + " " + NumberFormatting.length(p.y)
    }
}
