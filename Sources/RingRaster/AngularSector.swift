import RingCore

/// The directions from a centre that lie between two radial lines: from `start`, sweeping clockwise on screen
/// by less than a full turn. Arcs, wedges and the shadow's clip are an annulus or a disc cut by one of these.
///
/// Each radial line is a line through the centre; the signed distance of a point from it is a cross product,
/// linear in x along a row. Up to half a turn the sector is the intersection of the two half-planes, beyond it
/// their union, so both spans (linear inequalities) and coverage (two half-plane coverages) stay exact away from
/// the centre, where the lines meet.
struct AngularSector {
    let cx: Double, cy: Double
    /// Unit direction of the start line.
    let u0x: Double, u0y: Double
    /// Unit direction of the end line.
    let u1x: Double, u1y: Double
    /// More than half a turn: the union of the half-planes rather than their intersection.
    let reflex: Bool
    /// Coverage constants of the two lines (the same for a direction and its normal).
    let slope0: EdgeSlope, slope1: EdgeSlope

    /// The sector from `start` sweeping `sweep` (either sign; `|sweep| < 2π`).
    init(center: Point, start: Double, sweep: Double) {
        let from = sweep < 0 ? start + sweep : start
        let span = abs(sweep)
        cx = center.x
        cy = center.y
        u0x = Trig.cos(from)
        u0y = Trig.sin(from)
        u1x = Trig.cos(from + span)
        u1y = Trig.sin(from + span)
        reflex = span > .pi
        slope0 = EdgeSlope(u0x, u0y)
        slope1 = EdgeSlope(u1x, u1y)
    }

    /// On the row at `y`, the points whose inside distances from both lines (start line `cross(u0, v)`, end
    /// line `cross(v, u1)`) reach `margin`: with a positive margin a set at least that far inside the sector,
    /// with a negative one a set holding every point within that distance of it.
    ///
    /// Up to half a turn the sector is exactly the intersection of the lines' half-planes, a closed interval of
    /// the row to keep; beyond it their union, whose complement is an open interval to remove. Cutting a row's
    /// spans by it takes one pass over them, without building and intersecting another set.
    func limit(y: Double, margin m: Double) -> SectorLimit {
        let vy = y - cy
        // cross(u0, v) = u0x·vy − u0y·(x − cx) ≥ m; cross(v, u1) = (x − cx)·u1y − vy·u1x ≥ m.
        let h0 = Self.halfLine(slope: -u0y, offset: u0x * vy + u0y * cx - m)
        let h1 = Self.halfLine(slope: u1y, offset: -cx * u1y - vy * u1x - m)
        guard reflex else { return .keep(max(h0.lo, h1.lo), min(h0.hi, h1.hi)) }
        // The union's complement is the intersection of the complements, each an open half-line (or all, or
        // nothing).
        let c0 = Self.complement(h0), c1 = Self.complement(h1)
        return .remove(max(c0.lo, c1.lo), min(c0.hi, c1.hi))
    }

    /// `{x : slope · x + offset ≥ 0}` as a closed interval (ends may be infinite; empty when `lo > hi`).
    private static func halfLine(slope: Double, offset: Double) -> (lo: Double, hi: Double) {
        if slope == 0 { return offset >= 0 ? (-.infinity, .infinity) : (.infinity, -.infinity) }
        let root = -offset / slope
        return slope > 0 ? (root, .infinity) : (-.infinity, root)
    }

    /// The open complement of a half-line from ``halfLine(slope:offset:)``.
    private static func complement(_ h: (lo: Double, hi: Double)) -> (lo: Double, hi: Double) {
        if h.lo > h.hi { return (-.infinity, .infinity) }
        if h.lo == -.infinity && h.hi == .infinity { return (.infinity, -.infinity) }
        return h.lo == -.infinity ? (h.hi, .infinity) : (-.infinity, h.lo)
    }

    /// Whether the direction (`dx`, `dy`) lies in the sector (its edges included).
    func contains(_ dx: Double, _ dy: Double) -> Bool {
        let h0 = u0x * dy - u0y * dx, h1 = dx * u1y - dy * u1x
        return reflex ? (h0 >= 0 || h1 >= 0) : (h0 >= 0 && h1 >= 0)
    }

    /// The sector's constants in single precision for per-pixel work, relative to the sector's centre.
    var local: Local {
        Local(
            u0x: Float(u0x), u0y: Float(u0y), u1x: Float(u1x), u1y: Float(u1y), reflex: reflex,
            a0: slope0.a, b0: slope0.b, a1: slope1.a, b1: slope1.b)
    }

    /// Per-pixel tests on vectors from the centre.
    struct Local {
        let u0x: Float, u0y: Float, u1x: Float, u1y: Float
        let reflex: Bool
        let a0: Float, b0: Float, a1: Float, b1: Float

        /// True when the direction of (`vx`, `vy`) lies in the sector.
        @inline(__always)
        func contains(_ vx: Float, _ vy: Float) -> Bool {
            let h0 = u0x * vy - u0y * vx
            let h1 = vx * u1y - vy * u1x
            return reflex ? (h0 >= 0 || h1 >= 0) : (h0 >= 0 && h1 >= 0)
        }

        /// Box coverage of the square of side `1/scale` centred at (`vx`, `vy`) by the sector.
        ///
        /// The sector's edges are two rays from the centre. A pixel near one ray takes the half-plane coverage of
        /// that ray's signed distance (a line's extension behind the centre is no edge: near half a turn it would
        /// otherwise cut the start of a band). Only a pixel within reach of both rays — at the centre, or in a
        /// sliver of a sector — is split into sub-pixels, each combining the two lines' coverages: their product
        /// for an intersection (at most half a turn), the complement of the product of complements for a union.
        @inline(__always)
        func coverage(_ vx: Float, _ vy: Float, scale: Float = 1) -> Float {
            let h0 = (u0x * vy - u0y * vx) * scale, h1 = (vx * u1y - vy * u1x) * scale
            let inside = reflex ? (h0 >= 0 || h1 >= 0) : (h0 >= 0 && h1 >= 0)
            let reach = Float(Coverage.reach)
            var r: Float = 0
            let behind0 = vx * u0x + vy * u0y < 0, behind1 = vx * u1x + vy * u1y < 0
            if behind0 || behind1 { r = (vx * vx + vy * vy).squareRoot() * scale }
            let d0 = behind0 ? r : abs(h0), d1 = behind1 ? r : abs(h1)
            if d0 < reach && d1 < reach {
                // At the centre or in a sliver: sub-pixels, where the corner rule errs on 1/16 of the area.
                guard scale == 1 else {
                    let c0 = Coverage.halfPlane(inside: h0, a: a0, b: b0)
                    let c1 = Coverage.halfPlane(inside: h1, a: a1, b: b1)
                    return reflex ? 1 - (1 - c0) * (1 - c1) : c0 * c1
                }
                return Supersampling.average(vx, vy) { coverage($0, $1, scale: $2) }
            }
            let d = min(d0, d1)
            if d >= reach { return inside ? 1 : 0 }
            let t = inside ? d : -d
            return d0 <= d1 ? Coverage.halfPlane(inside: t, a: a0, b: b0) : Coverage.halfPlane(inside: t, a: a1, b: b1)
        }
    }
}

/// A sector's cut of one pixel row (``AngularSector/limit(y:margin:)``).
enum SectorLimit {
    /// Keep the closed interval `[lo, hi]` (nothing when `lo > hi`).
    case keep(Double, Double)
    /// Remove the open interval `(lo, hi)` (nothing when `lo ≥ hi`).
    case remove(Double, Double)
}
