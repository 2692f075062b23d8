/// Evaluating motions: the still scene of one moment, for renderers that draw frames (APNG).
extension Scene {
    /// The picture at `time` seconds into the animation: every motion applied, no motions left. At or after the
    /// end this is the still picture; a still scene returns itself.
    ///
    /// The SVG writer emits the same motions as CSS keyframes, so a frame here matches the browser's frame at
    /// that moment, up to the SVG-side approximations (piecewise-linear reveal of gradient pieces).
    public func frame(at time: Double) -> Scene {
        guard let duration, duration > 0 else { return self }
        let t = (time / duration).clamped(to: 0...1)
        var frame = self
        frame.items = items.compactMap { $0.frame(at: t, transform: nil) }
        frame.darkItems = darkItems?.compactMap { $0.frame(at: t, transform: nil) }
        frame.duration = nil
        return frame
    }
}

extension Scene {
    /// Seconds after which a spinning picture looks as it started: the first spin's period over its symmetry
    /// (the layouts have at most one spin); nil when nothing spins.
    public var spinLoop: Double? {
        func loop(_ items: [SceneItem]) -> Double? {
            for item in items {
                guard case .group(let g) = item else { continue }
                for case .spin(_, let period, let symmetry) in g.motions { return period / Double(max(1, symmetry)) }
                if let inner = loop(g.items) { return inner }
            }
            return nil
        }
        return loop(items)
    }

    /// This still picture with every spinning group turned to where it is `seconds` after it started, its spin
    /// applied (an APNG's frames of ``spinLoop``). Other motions are not evaluated: call it on a frame.
    public func spun(at seconds: Double) -> Scene {
        func turn(_ item: SceneItem) -> SceneItem? {
            guard case .group(var g) = item else { return item }
            for case .spin(let center, let period, _) in g.motions {
                let angle = Angle.fullTurn * seconds / period
                g.motions = []
                if let clip = g.clip { g.clip = clip.transformed(by: Transform(center: center, angle: angle)) }
                g.items = g.items.compactMap { $0.frame(at: 1, transform: Transform(center: center, angle: angle)) }
                return .group(g)
            }
            g.items = g.items.compactMap(turn)
            return .group(g)
        }
        var out = self
        out.items = items.compactMap(turn)
        out.darkItems = darkItems?.compactMap(turn)
        return out
    }
}

extension SceneItem {
    /// This item at fraction `t` of the timeline under an inherited transform; nil when it paints nothing.
    func frame(at t: Double, transform: Transform?) -> SceneItem? {
        switch self {
        case .shape(let shape):
            return shape.frame(at: t, transform: transform)
        case .group(let group):
            var g = group
            var inner = transform
            for motion in group.motions {
                switch motion {
                case .rotate(let center, let track): inner = inner.then(Transform(center: center, angle: track.value(at: t)))
                case .scale(let center, let track): inner = inner.then(Transform(center: center, scale: track.value(at: t)))
                case .opacity(let track): g.opacity = track.value(at: t)
                case .trim, .color, .spin: break
                }
            }
            // An endless spin is no part of the timeline: every frame, the still picture included, keeps it.
            g.motions = group.motions.filter { if case .spin = $0 { true } else { false } }
            if let clip = g.clip, let inner { g.clip = clip.transformed(by: inner) }
            g.items = group.items.compactMap { $0.frame(at: t, transform: inner) }
            return g.opacity <= 0 || g.items.isEmpty ? nil : .group(g)
        }
    }
}

extension Optional where Wrapped == Transform {
    /// `next` applied after `self`. Motions nest as rotations and scales about points; composing them keeps a
    /// similarity, approximated here by composing centres (exact for the layouts, which never nest two
    /// transforms with different centres).
    func then(_ next: Transform) -> Transform {
        guard let outer = self else { return next }
        return Transform(center: outer.center, angle: outer.angle + next.angle, scale: outer.scale * next.scale)
    }
}

extension Shape {
    func frame(at t: Double, transform: Transform?) -> SceneItem? {
        var primitive = self.primitive
        var paint = self.paint
        var opacity = 1.0
        var local: Transform?
        for motion in motions {
            switch motion {
            case .trim(let track, let origin):
                guard let trimmed = primitive.trimmed(track.value(at: t), origin: origin) else { return nil }
                primitive = trimmed
            case .color(let track):
                if case .solid = paint { paint = .solid(track.value(at: t)) }
            case .opacity(let track):
                opacity = track.value(at: t)
            case .rotate(let center, let track):
                local = local.then(Transform(center: center, angle: track.value(at: t)))
            case .scale(let center, let track):
                local = local.then(Transform(center: center, scale: track.value(at: t)))
            case .spin:
                // Spins belong on groups (see Motion.spin); a frame shows the shape unturned.
                break
            }
        }
        for tr in [local, transform].compactMap({ $0 }) {
            primitive = primitive.transformed(by: tr)
            paint = paint.transformed(by: tr)
        }
        guard opacity > 0 else { return nil }
        let shape = SceneItem.shape(Shape(primitive, paint))
        return opacity < 1 ? .group(Group([shape], opacity: opacity)) : shape
    }
}

extension Primitive {
    /// The part of a stroke drawn when it is trimmed to `fraction` from `origin` (see ``Motion/trim(_:origin:)``);
    /// nil when nothing is drawn.
    ///
    /// Partial bands keep their start cap and end butt (the layouts ride a cap on the moving end); trimmed
    /// outlines and polylines have round ends like the strokes they are.
    public func trimmed(_ fraction: Double, origin: Double) -> Primitive? {
        let f = fraction.clamped(to: 0...1)
        if f >= 1 { return self }
        if f <= 0 { return nil }
        switch self {
        case .arc(let a):
            if a.isFullCircle {
                let turn = a.sweep < 0 ? -Angle.fullTurn : Angle.fullTurn
                return .arc(
                    ArcBand(
                        center: a.center, radius: a.radius, width: a.width, start: a.start + turn * origin,
                        sweep: turn * f, startCap: .butt, endCap: .butt))
            }
            return .arc(
                ArcBand(
                    center: a.center, radius: a.radius, width: a.width, start: a.start, sweep: a.sweep * f,
                    startCap: a.startCap, endCap: .butt))
        case .ring(let r):
            // Drawn from the top, clockwise, with round ends.
            return .arc(
                ArcBand(center: r.center, radius: r.radius, width: r.width, start: -.pi / 2, sweep: Angle.fullTurn * f))
        case .wedge(let w):
            let turn = w.isFullCircle ? (w.sweep < 0 ? -Angle.fullTurn : Angle.fullTurn) : w.sweep
            return .wedge(Wedge(center: w.center, radius: w.radius, start: w.start, sweep: turn * f))
        case .polyline(let p):
            return .polyline(Polyline(points: p.points.prefix(length: p.length * f), width: p.width))
        case .capsule(let c):
            return .capsule(Capsule(a: c.a, b: c.a + (c.b - c.a) * f, width: c.width))
        case .roundedRectOutline(let o):
            // The outline's centre line from the middle of the top edge, clockwise, as a round-jointed polyline
            // (corners flattened finely enough to stay within 0.05 px).
            let points = o.shape.outlinePoints(tolerance: 0.05)
            let length = zip(points, points.dropFirst()).reduce(0) { $0 + $1.0.distance(to: $1.1) }
            return .polyline(Polyline(points: points.prefix(length: length * f), width: o.width))
        case .disc, .roundedRect, .path:
            return self
        }
    }
}

extension Array where Element == Point {
    /// The leading part of the polyline through these points, `length` long.
    func prefix(length: Double) -> [Point] {
        guard var previous = first else { return [] }
        var out = [previous]
        var left = length
        for p in dropFirst() {
            let d = previous.distance(to: p)
            if d >= left {
                out.append(d > 0 ? previous + (p - previous) * (left / d) : p)
                return out
            }
            left -= d
            out.append(p)
            previous = p
        }
        return out
    }
}

extension RoundedRect {
    /// The outline's centre line from the middle of the top edge, clockwise, closed.
    func outlinePoints(tolerance: Double) -> [Point] {
        let r = cornerRadius, b = rect
        var points = [Point(x: b.x + b.width / 2, y: b.y)]
        let corners: [(Point, Double)] = [
            (Point(x: b.maxX - r, y: b.y + r), -Double.pi / 2), (Point(x: b.maxX - r, y: b.maxY - r), 0),
            (Point(x: b.x + r, y: b.maxY - r), Double.pi / 2), (Point(x: b.x + r, y: b.y + r), Double.pi),
        ]
        let steps = r > tolerance ? max(2, Int((Double.pi / 2 / (2 * Trig.acos(1 - tolerance / r))).rounded(.up))) : 1
        for (center, start) in corners {
            for k in 0...steps {
                points.append(.polar(center: center, radius: r, angle: start + Double.pi / 2 * Double(k) / Double(steps)))
            }
        }
        points.append(points[0])
        return points
    }
}
