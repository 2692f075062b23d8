import RingCore

/// The pieces of a thick conic band near its straight tip (issue 16: the tip's edge of a thickness-50 % butt band).
///
/// Every piece of such a band is a wedge reaching the centre (the annulus mask trims a small hole), and so is the
/// tip's edge. Within a few pixels of the centre any piece's edge lies within a pixel of the tip's, whatever its
/// angle, so the pieces under the last one anti-aliased the tip's pixels too, and composited one over another
/// their coverages compounded: librsvg and Chromium drew the tip's edge up to 150 levels off the PNG's within
/// 20 px of the centre of a 1024 px ring. Here
/// the pieces before the last stay out of a strip along the tip (``stripWidth`` wide, on the band's side), which
/// the last piece alone covers, reaching ``lastPieceReach`` into the others, so the tip's edge is anti-aliased by
/// one shape and the strip's own edge lies on paint. The strip's colour is the last piece's, within a few levels
/// of the conic's except within a few pixels of the centre, where all the band's colours meet.
///
/// Angles here are measured back from the tip, towards the band (0 on the tip's ray), radii from the centre.
struct TipFrame {
    let center: Point
    /// The tip's angle on screen, and the band's direction (+1 clockwise on screen).
    let tip: Double
    let direction: Double
    /// Unit vectors: along the tip's ray, and across it towards the band.
    let u: Point, n: Point

    /// How far (px) the pieces before the last stay from the tip's line: a pixel an edge touches has its centre
    /// within √½ px of the edge, so their edges and the tip's share no pixel.
    static let stripWidth = 1.5
    /// How far (px) the last piece reaches across the strip's edge, over the pieces before it, so that the strip's
    /// edge is covered by paint on both sides (again more than two half-diagonals).
    static let lastPieceReach = 1.5
    /// Bands whose outer radius (px) is smaller keep plain wedges: the strip would take a large share of such a
    /// band (a 16 px ring's radius is 7 px) and paint it in the last piece's colour, and the pieces' ends lie within
    /// a pixel or two of the tip there anyway. Measured on the hard-case grid: 16–32 px rings were up to 20 levels
    /// farther from the PNG with the strip, 64 px and larger ones nearer.
    static let minOuterRadius = 24.0
    /// How far back from the tip (radians) the strip reaches at the centre, where it narrows to a point. The
    /// strip's colour is the last piece's, and beside the centre the conic's colours span up to this angle; the
    /// narrower it is, though, the more pieces meet in the pixels at the centre, where their coverages compound
    /// again. So the widest of ``stripAngles`` that keeps the colour within ``stripColourStep`` levels.
    let stripAngle: Double
    /// The range ``stripAngle`` is chosen from: 45° keeps the pixels at the centre to a few pieces' edges (at 22.5°
    /// a three-stop gradient's came to 120 levels from the PNG), 67.5° reaches the pixels beside the centre.
    static let stripAngles = (0.25 * Double.pi)...(0.375 * Double.pi)
    /// Largest colour change (8-bit levels) across the strip's angle where the gradient allows it.
    static let stripColourStep = 40.0

    /// The frame of a band's tip at screen angle `tip`, running `direction` (+1 clockwise), painted with
    /// `levelsPerRadian` as its steepest colour change.
    init(center: Point, tip: Double, direction: Double, levelsPerRadian: Double) {
        self.center = center
        let byColour = Self.stripColourStep / max(levelsPerRadian, 1e-9)
        stripAngle = min(max(byColour, Self.stripAngles.lowerBound), Self.stripAngles.upperBound)
        self.tip = tip
        self.direction = direction
        u = Point(x: Trig.cos(tip), y: Trig.sin(tip))
        n = Point(x: Trig.sin(tip) * direction, y: -Trig.cos(tip) * direction)
    }

    /// The point at `radius` from the centre, `angle` back from the tip.
    func point(_ angle: Double, _ radius: Double) -> Point {
        center + u * (radius * Trig.cos(angle)) + n * (radius * Trig.sin(angle))
    }

    /// The screen angle of the direction `angle` back from the tip.
    func screenAngle(_ angle: Double) -> Double { tip - direction * angle }

    /// A piece before the last, from `near` to `far` back from the tip (a wedge of radius `outer`), without the
    /// strip along the tip, as outlines to fill in order; none when nothing of it is left. A piece wholly more
    /// than ``stripAngle`` back is the plain wedge; one that reaches past the strip's end is two convex outlines,
    /// the rest and then the wedge beyond that angle. (As one outline with a reflex corner, or one path of two
    /// outlines, Chromium's GPU rasterizer drew the band's whole rim differently: 0 → 204 pixels over 16 levels on
    /// a 128 px ring. Two shapes share an edge, which their coverages leave a quarter open at most, onto the
    /// pieces before them, of nearly the same colour.)
    func pieceClearOfTip(near: Double, far: Double, outer: Double) -> [SVGPath] {
        let width = Self.stripWidth
        let angle = stripAngle
        if near >= angle { return [wedge(near: near, far: far, outer: outer)] }
        // Where the strip's edge meets the outer circle: nearer the tip than that, all of the piece is in the strip.
        let meets = Trig.asin(min(1, width / outer))
        guard far > meets else { return [] }
        let back = min(far, angle)
        var path = SVGPath()
        path.move(to: point(back, outer))
        let corner = max(near, meets)
        path.arc(center: center, radius: outer, start: screenAngle(back), sweep: direction * (back - corner))
        if near > meets { path.line(to: point(near, width / Trig.sin(near))) }
        path.line(to: point(back, width / Trig.sin(back)))
        path.close()
        return far > angle ? [path, wedge(near: angle, far: far, outer: outer)] : [path]
    }

    /// The last piece, from `near` (0 at the tip, less when it runs past it) to `far` back from the tip, with the
    /// strip along the tip and ``lastPieceReach`` beyond it.
    func lastPiece(near: Double, far: Double, outer: Double) -> SVGPath {
        let width = Self.stripWidth + Self.lastPieceReach
        let angle = stripAngle
        if far >= angle { return wedge(near: near, far: far, outer: outer) }
        let meets = Trig.asin(min(1, width / outer))
        let back = max(far, meets)
        var path = SVGPath()
        path.move(to: point(back, outer))
        path.arc(center: center, radius: outer, start: screenAngle(back), sweep: direction * (back - near))
        path.line(to: center)
        path.line(to: point(angle, width / Trig.sin(angle)))
        if far > meets { path.line(to: point(far, width / Trig.sin(far))) }
        path.close()
        return path
    }

    private func wedge(near: Double, far: Double, outer: Double) -> SVGPath {
        SVGPath.sector(center: center, inner: 0, outer: outer, start: screenAngle(far), sweep: direction * (far - near))
    }
}
