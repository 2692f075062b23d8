/// An animated property of a scene item. Times are fractions (0…1) of ``Scene/duration``; before the first key
/// the first value holds and after the last key the last value holds, and the last value is always the still
/// picture — so a renderer without animation (or with reduced motion) shows the final frame.
public enum Motion: Sendable, Hashable {
    /// The visible part of a stroke (arc, ring, polyline, outline, wedge): from `origin` (a fraction of its
    /// length, wrapping) forward over the track's value (0 = nothing, 1 = all).
    case trim(Track<Double>, origin: Double)
    /// Rotation about `center` by the track's value in radians (clockwise positive).
    case rotate(center: Point, Track<Double>)
    /// Uniform scale about `center` by the track's value.
    case scale(center: Point, Track<Double>)
    /// The item's opacity (a group's layer opacity; for a shape, on top of its paint's alpha). The final value
    /// equals the item's still opacity — 0 for parts that only show while the animation plays.
    case opacity(Track<Double>)
    /// Replaces the colour of a solid paint.
    case color(Track<Color>)
    /// An endless, linear rotation about `center`, one clockwise turn every `period` seconds, on a group. It is
    /// not part of the timeline: it starts with the animation and never ends, so it stays on the still picture
    /// too (seed 001's spinner). The SVG turns it for ever; a frame drawn at one moment shows the group unturned,
    /// and an APNG loops ``Scene/spinLoop`` — the group turned by one `symmetry` step (it looks the same after a
    /// 1/`symmetry` turn), sampled evenly, which neither strobes nor seems to turn backwards.
    case spin(center: Point, period: Double, symmetry: Int)
}

/// How a value moves from one key to the next.
public enum Easing: Sendable, Hashable {
    case linear
    /// CSS `ease-in-out`, `cubic-bezier(0.42, 0, 0.58, 1)` (also SwiftUI's `.easeInOut`).
    case easeInOut

    /// Eased progress for linear progress `x` in 0…1.
    public func value(at x: Double) -> Double {
        let x = x.clamped(to: 0...1)
        switch self {
        case .linear: return x
        case .easeInOut: return x == 0 || x == 1 ? x : Self.bezierY(atX: x)
        }
    }

    /// The linear progress at which the eased progress reaches `y` (inverse of ``value(at:)``).
    public func inverse(_ y: Double) -> Double {
        let y = y.clamped(to: 0...1)
        switch self {
        case .linear: return y
        case .easeInOut:
            if y == 0 || y == 1 { return y }
            // Find the curve parameter s where y(s) = y, then take x(s). Solving through y(x) instead would
            // nest one bisection in another (3,600 curve evaluations a call); an animated PNG's frame plan
            // makes 60 calls.
            return Self.bx(Self.parameter(where: Self.by, reaches: y))
        }
    }

    /// The part of the curve between eased progress `from` and `to` (0 ≤ from < to ≤ 1) as a CSS
    /// `cubic-bezier(x1, y1, x2, y2)` of its own, both axes rescaled to 0…1: a stroke revealed over that part,
    /// timed by it, keeps pace with a motion timed by the whole curve (a bézier's piece is a bézier). Nil for
    /// linear easing, which needs none.
    public func piece(from: Double, to: Double) -> (x1: Double, y1: Double, x2: Double, y2: Double)? {
        guard case .easeInOut = self, from < to else { return nil }
        let s0 = Self.parameter(where: Self.by, reaches: from.clamped(to: 0...1))
        let s1 = Self.parameter(where: Self.by, reaches: to.clamped(to: 0...1))
        // The control points of the piece from s0 to s1 (de Casteljau), for x and y alike.
        func controls(_ p: [Double]) -> [Double] {
            func at(_ s: Double, _ q: [Double]) -> [Double] {
                // Split q at s: the left part's points.
                let a = q[0] + (q[1] - q[0]) * s, b = q[1] + (q[2] - q[1]) * s, c = q[2] + (q[3] - q[2]) * s
                let d = a + (b - a) * s, e = b + (c - b) * s
                return [q[0], a, d, d + (e - d) * s]
            }
            let left = at(s1, p)  // 0 … s1
            // Its right part from s0 / s1: reverse, split at 1 − s0/s1, reverse back.
            let r = s1 > 0 ? 1 - s0 / s1 : 0
            return at(r, left.reversed()).reversed()
        }
        let x = controls([0, 0.42, 0.58, 1]), y = controls([0, 0, 1, 1])
        let dx = x[3] - x[0], dy = y[3] - y[0]
        guard dx > 0, dy > 0 else { return nil }
        return ((x[1] - x[0]) / dx, (y[1] - y[0]) / dy, (x[2] - x[0]) / dx, (y[2] - y[0]) / dy)
    }

    // cubic-bezier(x1, 0, x2, 1) with x1 = 0.42, x2 = 0.58, as functions of the curve parameter s.
    private static func bx(_ s: Double) -> Double {
        let x1 = 0.42, x2 = 0.58
        return 3 * x1 * s * (1 - s) * (1 - s) + 3 * x2 * s * s * (1 - s) + s * s * s
    }

    private static func by(_ s: Double) -> Double { 3 * s * s * (1 - s) + s * s * s }

    private static func bezierY(atX x: Double) -> Double {
        by(parameter(where: bx, reaches: x))
    }

    /// The curve parameter s in 0…1 at which the increasing `coordinate` (x(s) or y(s)) equals `target`:
    /// 60 halvings reach full Double precision.
    private static func parameter(where coordinate: (Double) -> Double, reaches target: Double) -> Double {
        var lo = 0.0, hi = 1.0
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if coordinate(mid) < target { lo = mid } else { hi = mid }
        }
        return (lo + hi) / 2
    }
}

/// One key of a ``Track``: the value at `time`, and how it moves on to the next key.
public struct Key<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Fraction of the scene's duration, 0…1.
    public var time: Double
    public var value: Value
    /// Easing of the segment that starts here.
    public var easing: Easing

    public init(time: Double, value: Value, easing: Easing = .linear) {
        self.time = time
        self.value = value
        self.easing = easing
    }
}

/// Keys at increasing times (at least one).
public struct Track<Value: Sendable & Hashable>: Sendable, Hashable {
    public var keys: [Key<Value>]

    public init(_ keys: [Key<Value>]) {
        self.keys = keys
    }

    /// The value that holds after the animation: the still picture.
    public var finalValue: Value { keys[keys.count - 1].value }

    /// The segment around `time`: the keys on either side and the eased progress between them.
    public func segment(at time: Double) -> (Key<Value>, Key<Value>, Double) {
        let first = keys[0], last = keys[keys.count - 1]
        if time <= first.time { return (first, first, 0) }
        if time >= last.time { return (last, last, 0) }
        for (a, b) in zip(keys, keys.dropFirst()) where time <= b.time {
            let x = b.time > a.time ? (time - a.time) / (b.time - a.time) : 1
            return (a, b, a.easing.value(at: x))
        }
        return (last, last, 0)
    }
}

extension Track where Value == Double {
    /// A track from `from` to `to` between times `start` and `end`.
    public static func ramp(_ from: Double, _ to: Double, start: Double = 0, end: Double = 1, easing: Easing)
        -> Track<Double>
    {
        Track([Key(time: start, value: from, easing: easing), Key(time: end, value: to)])
    }

    /// The value at `time`.
    public func value(at time: Double) -> Double {
        let (a, b, t) = segment(at: time)
        return a.value + (b.value - a.value) * t
    }

    /// When a non-decreasing track passes `target`: the moment it starts rising above it (so a plateau at the
    /// target counts as not yet there), or, for the track's final value, the moment it first gets there. Writers
    /// use it to schedule the pieces of a trimmed stroke.
    public func time(reaching target: Double) -> Double {
        for (a, b) in zip(keys, keys.dropFirst()) where b.value > target {
            guard a.value < target else { return a.time }
            let y = (target - a.value) / (b.value - a.value)
            return a.time + (b.time - a.time) * a.easing.inverse(y)
        }
        return keys.first { $0.value >= target }?.time ?? keys[keys.count - 1].time
    }
}

extension Track where Value == Color {
    /// The colour at `time`, mixing straight channels as CSS does between keyframes.
    public func value(at time: Double) -> Color {
        let (a, b, t) = segment(at: time)
        return a.value.mixed(with: b.value, t)
    }
}
