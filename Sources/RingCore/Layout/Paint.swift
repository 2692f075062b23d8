/// How a primitive is coloured.
public enum Paint: Sendable, Hashable {
    /// One colour (straight alpha).
    case solid(Color)
    /// An angular gradient along an arc (ring bodies).
    case conic(ConicPaint)
    /// A colour whose opacity depends on the distance from a centre (the tip's shadow).
    case radial(RadialProfile)
    /// A colour whose opacity depends on the distance in front of a line (the shadow of a butt tip).
    case linear(LinearProfile)

    /// The colour of a solid paint, else nil.
    public var solidColor: Color? {
        if case .solid(let c) = self { return c }
        return nil
    }
}

/// An angular gradient parameterised by position along an arc's centre line.
///
/// The colour of a point is taken at the *fraction* of the sweep reached by the nearest centre-line point,
/// clamped to `[0, 1]`: points beyond the start (the start cap) keep the start colour and points beyond the end
/// keep the end colour, whatever their raw angle (docs/design.md §Conic gradients). When `|sweep| = 2π` every direction is
/// inside the arc and the only discontinuity is on the radial line at `start`.
///
/// `range` maps the fraction onto the gradient: a ring of progress `p > 1` paints only its last lap, so its
/// paint sweeps one turn ending at the tip with `range = (p − 1)/p … 1`.
public struct ConicPaint: Sendable, Hashable {
    public var center: Point
    /// Angle of fraction 0.
    public var start: Double
    /// Signed sweep, `0 < |sweep| ≤ 2π`; positive is clockwise on screen.
    public var sweep: Double
    public var gradient: Gradient
    /// Gradient parameter at fraction 0 and fraction 1.
    public var range: ClosedRange<Double>

    public init(center: Point, start: Double, sweep: Double, gradient: Gradient, range: ClosedRange<Double> = 0...1) {
        self.center = center
        self.start = start
        self.sweep = sweep
        self.gradient = gradient
        self.range = range
    }

    /// The colour (8-bit, shared by every writer) at `fraction` of the sweep, clamped to `[0, 1]`.
    public func color(atFraction fraction: Double) -> Color {
        let f = fraction.clamped(to: 0...1)
        return gradient.color(at: range.lowerBound + (range.upperBound - range.lowerBound) * f)
    }

    /// The fraction of the sweep reached by the centre-line point nearest to `point`, clamped to `[0, 1]`.
    ///
    /// Nearest in angle is nearest in distance (for any radius, distance to a circle point grows with the angular
    /// difference), so points outside the arc take whichever end is angularly closer.
    public func fraction(at point: Point) -> Double {
        let span = min(abs(sweep), Angle.fullTurn)
        guard span > 0 else { return 0 }
        let direction: Double = sweep < 0 ? -1 : 1
        let phi = Angle.normalized(direction * (point.angle(from: center) - start))
        if phi <= span { return phi / span }
        return (phi - span) < (Angle.fullTurn - phi) ? 1 : 0
    }

    /// The colour of `point`.
    public func color(at point: Point) -> Color {
        color(atFraction: fraction(at: point))
    }

    /// Steepest colour change along the arc: the largest per-channel change (0…1 scale) per unit of fraction,
    /// over the part of the gradient that `range` shows. Writers use it to bound how far a piecewise
    /// approximation of the gradient can stray.
    public var maxChannelRate: Double {
        let stops = gradient.stops
        let segments = Double(stops.count - 1)
        let span = abs(range.upperBound - range.lowerBound)
        var worst = 0
        for i in 0..<(stops.count - 1) {
            let lo = Double(i) / segments, hi = Double(i + 1) / segments
            guard hi > min(range.lowerBound, range.upperBound), lo < max(range.lowerBound, range.upperBound) else {
                continue
            }
            let p = stops[i], q = stops[i + 1]
            for (x, y) in [(p.r, q.r), (p.g, q.g), (p.b, q.b), (p.a, q.a)] { worst = max(worst, abs(Int(x) - Int(y))) }
        }
        return Double(worst) / 255 * segments * span
    }
}

/// One sample of an opacity profile: at `distance` the paint's colour has alpha `alpha` (8-bit).
public struct ProfileStop: Sendable, Hashable {
    public var distance: Double
    public var alpha: UInt8

    public init(distance: Double, alpha: UInt8) {
        self.distance = distance
        self.alpha = alpha
    }
}

/// `color` with an opacity that is a piecewise-linear function of the distance from `center`: the stops'
/// values between stops, the first stop's value before it, and the last stop's value beyond it.
///
/// Writers emit exactly this function (SVG: a `radialGradient` with these stops), so SVG and PNG agree.
public struct RadialProfile: Sendable, Hashable {
    public var center: Point
    public var color: Color
    /// Increasing distances; at least two stops.
    public var stops: [ProfileStop]

    public init(center: Point, color: Color, stops: [ProfileStop]) {
        self.center = center
        self.color = color
        self.stops = stops
    }

    /// Radius beyond which the paint is constant (the last stop).
    public var radius: Double { stops.last?.distance ?? 0 }

    /// Opacity (0…1) at `point`.
    public func opacity(at point: Point) -> Double {
        ProfileStop.interpolate(stops, at: point.distance(to: center))
    }
}

/// `color` with an opacity that is a piecewise-linear function of the signed distance in front of a line
/// (through `origin`, facing `direction`, a unit vector): the shadow of a butt tip.
public struct LinearProfile: Sendable, Hashable {
    public var origin: Point
    /// Unit vector pointing forward.
    public var direction: Point
    public var color: Color
    /// Increasing distances; at least two stops.
    public var stops: [ProfileStop]

    public init(origin: Point, direction: Point, color: Color, stops: [ProfileStop]) {
        self.origin = origin
        self.direction = direction
        self.color = color
        self.stops = stops
    }

    /// Opacity (0…1) at `point`.
    public func opacity(at point: Point) -> Double {
        ProfileStop.interpolate(stops, at: (point - origin).dot(direction))
    }
}

extension ProfileStop {
    /// The piecewise-linear function through `stops`, padded with the end values.
    static func interpolate(_ stops: [ProfileStop], at d: Double) -> Double {
        guard let first = stops.first, let last = stops.last else { return 0 }
        if d <= first.distance { return Double(first.alpha) / 255 }
        if d >= last.distance { return Double(last.alpha) / 255 }
        for (p, q) in zip(stops, stops.dropFirst()) where d <= q.distance {
            let t = q.distance > p.distance ? (d - p.distance) / (q.distance - p.distance) : 1
            return (Double(p.alpha) + (Double(q.alpha) - Double(p.alpha)) * t) / 255
        }
        return Double(last.alpha) / 255
    }
}
