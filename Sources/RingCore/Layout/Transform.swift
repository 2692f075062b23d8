/// A similarity transform (rotation about a point, uniform scale about a point): what rotate and scale motions
/// do to geometry. Every primitive, paint and clip in a Scene stays the same kind under it, except that rounded
/// rectangles are only ever scaled (never rotated) by the layouts.
public struct Transform: Sendable, Hashable {
    /// Maps `p` to `center + R(angle)·(p − center)·scale`.
    public var center: Point
    public var angle: Double
    public var scale: Double

    public init(center: Point, angle: Double = 0, scale: Double = 1) {
        self.center = center
        self.angle = angle
        self.scale = scale
    }

    public func apply(_ p: Point) -> Point {
        p.rotated(by: angle, about: center).scaled(by: scale, about: center)
    }

    /// A direction (unit vector) under the transform.
    public func direction(_ v: Point) -> Point { v.rotated(by: angle) }

    func length(_ d: Double) -> Double { d * scale }
}

extension Primitive {
    /// The primitive moved by `t`.
    public func transformed(by t: Transform) -> Primitive {
        switch self {
        case .arc(var a):
            a.center = t.apply(a.center)
            a.radius = t.length(a.radius)
            a.width = t.length(a.width)
            a.start += t.angle
            return .arc(a)
        case .ring(let r):
            return .ring(Ring(center: t.apply(r.center), radius: t.length(r.radius), width: t.length(r.width)))
        case .disc(let d):
            return .disc(Disc(center: t.apply(d.center), radius: t.length(d.radius)))
        case .capsule(let c):
            return .capsule(Capsule(a: t.apply(c.a), b: t.apply(c.b), width: t.length(c.width)))
        case .polyline(let p):
            return .polyline(Polyline(points: p.points.map(t.apply), width: t.length(p.width)))
        case .roundedRect(let r):
            return .roundedRect(r.transformed(by: t))
        case .roundedRectOutline(let o):
            return .roundedRectOutline(RoundedRectOutline(shape: o.shape.transformed(by: t), width: t.length(o.width)))
        case .wedge(var w):
            w.center = t.apply(w.center)
            w.radius = t.length(w.radius)
            w.start += t.angle
            return .wedge(w)
        case .path(let path):
            return .path(path.mapped(t.apply))
        }
    }
}

extension RoundedRect {
    /// Scaled about the transform's centre (a rotation, never applied to rectangles, moves only the centre).
    func transformed(by t: Transform) -> RoundedRect {
        let c = t.apply(rect.center)
        let w = t.length(rect.width), h = t.length(rect.height)
        return RoundedRect(rect: Rect(x: c.x - w / 2, y: c.y - h / 2, width: w, height: h), cornerRadius: t.length(cornerRadius))
    }
}

extension Paint {
    public func transformed(by t: Transform) -> Paint {
        switch self {
        case .solid: return self
        case .conic(var c):
            c.center = t.apply(c.center)
            c.start += t.angle
            return .conic(c)
        case .radial(var r):
            r.center = t.apply(r.center)
            r.stops = r.stops.map { ProfileStop(distance: t.length($0.distance), alpha: $0.alpha) }
            return .radial(r)
        case .linear(var l):
            l.origin = t.apply(l.origin)
            l.direction = t.direction(l.direction)
            l.stops = l.stops.map { ProfileStop(distance: t.length($0.distance), alpha: $0.alpha) }
            return .linear(l)
        }
    }
}

extension Clip {
    public func transformed(by t: Transform) -> Clip {
        switch self {
        case .annularSector(var s):
            s.center = t.apply(s.center)
            s.innerRadius = t.length(s.innerRadius)
            s.outerRadius = t.length(s.outerRadius)
            s.start += t.angle
            return .annularSector(s)
        case .halfPlane(let h):
            return .halfPlane(HalfPlane(point: t.apply(h.point), normal: t.direction(h.normal)))
        }
    }
}
