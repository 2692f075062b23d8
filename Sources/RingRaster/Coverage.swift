/// Box-filter coverage of one pixel by a locally straight edge (docs/design.md §Coverage).
///
/// A pixel is the unit square around its centre. Given the signed distance from the centre to the edge and the
/// edge's unit normal, the exact area of the square on the inside of the straight line through the nearest edge
/// point is a piecewise quadratic in the distance. Curved edges are locally straight at the radii rings have, so
/// this matches a 64×64-supersampled reference to a fraction of a level at a single distance evaluation.
enum Coverage {
    /// Half the pixel diagonal: a pixel whose centre is farther than this from every edge is entirely inside or
    /// entirely outside (the formula's support is `(a + b)/2 ≤ √2/2`).
    static let reach: Double = 0.708_106_781  // √2/2 + 0.001

    /// Area of the unit pixel inside a straight edge.
    ///
    /// - Parameters:
    ///   - t: signed distance of the pixel centre *inside* the edge (negative outside).
    ///   - a: the larger of the unit normal's absolute components.
    ///   - b: the smaller one (`a ≥ b ≥ 0`, `a² + b² = 1`).
    @inline(__always)
    static func halfPlane(inside t: Float, a: Float, b: Float) -> Float {
        let h = 0.5 * (a + b)
        if t >= h { return 1 }
        if t <= -h { return 0 }
        let k = 0.5 * (a - b)
        if t > k {
            let u = h - t
            return 1 - u * u / (2 * a * b)
        }
        if t < -k {
            let u = t + h
            return u * u / (2 * a * b)
        }
        return 0.5 + t / a
    }

    /// Coverage for an edge whose normal is the (not necessarily unit) vector (`nx`, `ny`) of length `length`.
    @inline(__always)
    static func halfPlane(inside t: Float, nx: Float, ny: Float, length: Float) -> Float {
        guard length > 1e-12 else { return t > 0 ? 1 : (t < 0 ? 0 : 0.5) }
        // One division for both components: edge pixels are a band's costliest, and divisions their slowest part.
        let inverse = 1 / length
        let ax = abs(nx) * inverse, ay = abs(ny) * inverse
        return halfPlane(inside: t, a: max(ax, ay), b: min(ax, ay))
    }

    /// Overlap of the pixel interval `[p, p + 1]` with `[lo, hi]`: exact coverage along one axis.
    @inline(__always)
    static func interval(_ p: Float, _ lo: Float, _ hi: Float) -> Float {
        max(0, min(p + 1, hi) - max(p, lo)).clampedToUnit
    }
}

/// A straight line's coverage constants: the normal's larger and smaller absolute components.
struct EdgeSlope {
    var a: Float
    var b: Float

    /// For a line with unit normal (or direction) (`x`, `y`): the coverage constants are symmetric in the two.
    init(_ x: Double, _ y: Double) {
        let len = (x * x + y * y).squareRoot()
        let ax = len > 0 ? abs(x) / len : 1, ay = len > 0 ? abs(y) / len : 0
        a = Float(max(ax, ay))
        b = Float(min(ax, ay))
    }
}

extension Float {
    @inline(__always) var clampedToUnit: Float { Swift.min(Swift.max(self, 0), 1) }
}

extension Comparable {
    /// `self` limited to `range`.
    @inline(__always)
    func clamped(to range: ClosedRange<Self>) -> Self {
        Swift.min(Swift.max(self, range.lowerBound), range.upperBound)
    }
}
