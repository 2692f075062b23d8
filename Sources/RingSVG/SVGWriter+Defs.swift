import RingCore

/// Paint servers and clip paths: the shadow profiles become gradients with the scene's exact stops, clips
/// become `clipPath`s of arcs and lines.
extension SVGDocument {
    /// A `radialGradient` carrying the profile's stops; returns its id (shared by equal profiles).
    mutating func define(_ profile: RadialProfile) -> String {
        let r = max(profile.radius, 1e-6)
        var rest = " gradientUnits=\"userSpaceOnUse\" cx=\"\(SVGWriter.fmt(profile.center.x))\""
        rest += " cy=\"\(SVGWriter.fmt(profile.center.y))\" r=\"\(SVGWriter.fmt(r))\">"
        rest += profileStops(profile.stops, length: r, color: profile.color)
        rest += "</radialGradient>"
        return define("h", element: "radialGradient", rest)
    }

    /// A `linearGradient` from the profile's line forward over its stops; returns its id (shared by equal
    /// profiles).
    mutating func define(_ profile: LinearProfile) -> String {
        let length = max(profile.stops.last?.distance ?? 0, 1e-6)
        let end = profile.origin + profile.direction * length
        var rest = " gradientUnits=\"userSpaceOnUse\" x1=\"\(SVGWriter.fmt(profile.origin.x))\""
        rest += " y1=\"\(SVGWriter.fmt(profile.origin.y))\" x2=\"\(SVGWriter.fmt(end.x))\""
        rest += " y2=\"\(SVGWriter.fmt(end.y))\">"
        rest += profileStops(profile.stops, length: length, color: profile.color)
        rest += "</linearGradient>"
        return define("h", element: "linearGradient", rest)
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

    /// A `clipPath` for `clip`; returns its id (shared by equal clips).
    mutating func define(_ clip: Clip) -> String {
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
        return define("c", element: "clipPath", "><path d=\"\(path.d)\"/></clipPath>")
    }
}
