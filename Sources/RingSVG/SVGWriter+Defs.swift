import RingCore

/// Paint servers and clip paths: the shadow profiles become gradients with the scene's exact stops, clips
/// become `clipPath`s of arcs and lines.
extension SVGDocument {
    /// A `radialGradient` carrying the profile's stops; returns its id.
    mutating func define(_ profile: RadialProfile) -> String {
        let id = newID("h")
        let r = max(profile.radius, 1e-6)
        defs += "<radialGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" cx=\"\(SVGWriter.fmt(profile.center.x))\""
        defs += " cy=\"\(SVGWriter.fmt(profile.center.y))\" r=\"\(SVGWriter.fmt(r))\">"
        defs += profileStops(profile.stops, length: r, color: profile.color)
        defs += "</radialGradient>"
        return id
    }

    /// A `linearGradient` from the profile's line forward over its stops; returns its id.
    mutating func define(_ profile: LinearProfile) -> String {
        let id = newID("h")
        let length = max(profile.stops.last?.distance ?? 0, 1e-6)
        let end = profile.origin + profile.direction * length
        defs += "<linearGradient id=\"\(id)\" gradientUnits=\"userSpaceOnUse\" x1=\"\(SVGWriter.fmt(profile.origin.x))\""
        defs += " y1=\"\(SVGWriter.fmt(profile.origin.y))\" x2=\"\(SVGWriter.fmt(end.x))\" y2=\"\(SVGWriter.fmt(end.y))\">"
        defs += profileStops(profile.stops, length: length, color: profile.color)
        defs += "</linearGradient>"
        return id
    }

    private func profileStops(_ stops: [ProfileStop], length: Double, color: Color) -> String {
        var s = ""
        for stop in stops {
            s += "<stop offset=\"\(NumberFormatting.fraction(stop.distance / length))\""
            if color.r != 0 || color.g != 0 || color.b != 0 { s += " stop-color=\"\(color.svgHex)\"" }
            let alpha = Double(stop.alpha) / 255 * color.opacity
            s += " stop-opacity=\"\(NumberFormatting.fraction(alpha))\"/>"
        }
        return s
    }

    /// A `clipPath` for `clip`; returns its id.
    mutating func define(_ clip: Clip) -> String {
        let id = newID("c")
        var path = SVGPath()
        switch clip {
        case .annularSector(let s):
            path.move(to: .polar(center: s.center, radius: s.outerRadius, angle: s.start))
            path.arc(center: s.center, radius: s.outerRadius, start: s.start, sweep: s.sweep)
            if s.innerRadius > 0.005 {
                path.line(to: .polar(center: s.center, radius: s.innerRadius, angle: s.start + s.sweep))
                path.arc(center: s.center, radius: s.innerRadius, start: s.start + s.sweep, sweep: -s.sweep)
            } else {
                path.line(to: s.center)
            }
            path.close()
        case .halfPlane(let h):
            // A square with one side on the boundary line, reaching past the image but small enough that
            // renderers' fixed-point clippers keep it exact (cairo mangles ±1e5).
            let big = extent
            let along = Point(x: -h.normal.y, y: h.normal.x)
            path.move(to: h.point + along * big)
            path.line(to: h.point + along * big + h.normal * big)
            path.line(to: h.point - along * big + h.normal * big)
            path.line(to: h.point - along * big)
            path.close()
        }
        defs += "<clipPath id=\"\(id)\"><path d=\"\(path.d)\"/></clipPath>"
        return id
    }
}
