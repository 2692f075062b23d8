import RingCore

/// What fills or strokes an element: a colour or a gradient reference, with its alpha.
struct SVGPaint {
    var value: String
    var alpha: UInt8

    init(_ color: Color) {
        value = color.svgHex
        alpha = color.a
    }

    init(reference id: String) {
        value = "url(#\(id))"
        alpha = 255
    }

    var fill: String {
        " fill=\"\(value)\"" + (alpha == 255 ? "" : " fill-opacity=\"\(NumberFormatting.alpha(alpha))\"")
    }

    func stroke(width: Double) -> String {
        " fill=\"none\" stroke=\"\(value)\""
            + (alpha == 255 ? "" : " stroke-opacity=\"\(NumberFormatting.alpha(alpha))\"")
            + " stroke-width=\"\(NumberFormatting.length(width))\""
    }
}

extension SVGDocument {
    mutating func write(_ shape: Shape) {
        // A shape that only shows from the hand-over on (a lapping ring's finished band) is the still layer's to
        // draw: in the animated layer it would be bytes that never show.
        if Self.hiddenWhilePlaying(shape.motions) { return }
        switch shape.paint {
        case .solid(let color):
            writeElement(shape.primitive, SVGPaint(color), motions: shape.motions)
        case .conic(let paint):
            writeConic(shape.primitive, paint, motions: shape.motions)
        case .radial(let profile):
            let id = define(profile)
            writeElement(shape.primitive, SVGPaint(reference: id), motions: shape.motions)
        case .linear(let profile):
            let id = define(profile)
            writeElement(shape.primitive, SVGPaint(reference: id), motions: shape.motions)
        }
    }

    /// Whether `motions` keep an item invisible until ``Scene/handOverTime``.
    static func hiddenWhilePlaying(_ motions: [Motion]) -> Bool {
        motions.contains { motion in
            guard case .opacity(let track) = motion else { return false }
            // Piecewise between keys: zero at every key before the hand-over and at the hand-over itself.
            return track.value(at: Scene.handOverTime) == 0
                && track.keys.allSatisfy { $0.time >= Scene.handOverTime || $0.value == 0 }
        }
    }

    /// One primitive as one element (or a disc-capped path for arcs with mixed caps).
    mutating func writeElement(_ primitive: Primitive, _ paint: SVGPaint, motions: [Motion]) {
        let trim = motions.trim
        if case .wedge(let wedge) = primitive, trim != nil {
            writeGrowingWedge(wedge, paint, motions: motions)
            return
        }
        let strokes = primitive.isStroked(trimmed: trim != nil)
        var extra = ""
        if trim != nil { extra += " pathLength=\"1\"" }
        if let cls = animationClass(motions, paintProperty: strokes ? "stroke" : "fill") {
            extra += " class=\"\(cls)\""
        }
        let f = SVGWriter.fmt
        switch primitive {
        case .ring(let ring):
            if trim != nil {
                // Trimmed outlines start at the top and run clockwise (seed 003 draws its circle that way).
                let path = SVGPath.arc(center: ring.center, radius: ring.radius, start: -.pi / 2, sweep: Angle.fullTurn)
                body += "<path d=\"\(path.d)\"" + paint.stroke(width: ring.width) + " stroke-linecap=\"round\"" + extra
                body += "/>"
            } else {
                body += circle(ring.center, ring.radius) + paint.stroke(width: ring.width) + extra + "/>"
            }

        case .arc(let arc):
            if arc.isFullCircle && trim == nil {
                body += circle(arc.center, arc.radius) + paint.stroke(width: arc.width) + extra + "/>"
                return
            }
            if arc.isFullCircle {
                let start = arc.start + arc.sweep * (trim?.origin ?? 0)
                let sweep = arc.sweep < 0 ? -Angle.fullTurn : Angle.fullTurn
                let path = SVGPath.arc(center: arc.center, radius: arc.radius, start: start, sweep: sweep)
                body += "<path d=\"\(path.d)\"" + paint.stroke(width: arc.width) + extra + "/>"
                return
            }
            writeArc(arc, paint, extra: extra, trimmed: trim != nil)

        case .disc(let disc):
            body += circle(disc.center, disc.radius) + paint.fill + extra + "/>"

        case .capsule(let capsule):
            if SVGPath.pair(capsule.a) == SVGPath.pair(capsule.b) && trim == nil {
                body += circle(capsule.a, capsule.width / 2) + paint.fill + extra + "/>"
            } else {
                body += "<line x1=\"\(f(capsule.a.x))\" y1=\"\(f(capsule.a.y))\" x2=\"\(f(capsule.b.x))\""
                body += " y2=\"\(f(capsule.b.y))\"" + paint.stroke(width: capsule.width)
                body += " stroke-linecap=\"round\"" + extra + "/>"
            }

        case .polyline(let line):
            guard let first = line.points.first else { return }
            if line.points.count == 1 && trim == nil {
                body += circle(first, line.width / 2) + paint.fill + extra + "/>"
                return
            }
            var path = SVGPath()
            path.move(to: first)
            for p in line.points.dropFirst() { path.line(to: p) }
            if line.points.count == 1 { path.line(to: first) }
            body += "<path d=\"\(path.d)\"" + paint.stroke(width: line.width)
            body += " stroke-linecap=\"round\" stroke-linejoin=\"round\"" + extra + "/>"

        case .roundedRect(let shape):
            body += rect(shape) + paint.fill + extra + "/>"

        case .roundedRectOutline(let outline):
            if trim != nil {
                body += "<path d=\"\(Self.outlinePath(outline.shape).d)\"" + paint.stroke(width: outline.width)
                body += " stroke-linecap=\"round\""
            } else {
                body += rect(outline.shape) + paint.stroke(width: outline.width)
            }
            // Round joins make the outline exactly "all points within width/2 of the shape's edge".
            body += " stroke-linejoin=\"round\"" + extra + "/>"

        case .wedge(let wedge):
            if wedge.isFullCircle {
                body += circle(wedge.center, wedge.radius) + paint.fill + extra + "/>"
            } else {
                var path = SVGPath()
                path.move(to: wedge.center)
                path.line(to: .polar(center: wedge.center, radius: wedge.radius, angle: wedge.start))
                path.arc(center: wedge.center, radius: wedge.radius, start: wedge.start, sweep: wedge.sweep)
                path.close()
                body += "<path d=\"\(path.d)\"" + paint.fill + extra + "/>"
            }

        case .path(let outline):
            // Non-zero winding is SVG's default fill rule, as it is the fonts'.
            guard let compact = outlines[outline] ?? SVGOutline(outline) else { return }
            if motions.isEmpty, sharedOutlines.contains(compact.tail) {
                // Drawn more than once (a text and its shadow, both themes' labels): defined once, placed by `<use>`.
                let id = define("p", element: "path", " d=\"\(compact.originD)\"/>")
                body += "<use href=\"#\(id)\" x=\"\(SVGOutline.number(compact.startX))\" y=\"\(SVGOutline.number(compact.startY))\""
                body += paint.fill + extra + "/>"
            } else {
                body += "<path d=\"\(compact.d)\"" + paint.fill + extra + "/>"
            }
        }
    }

    /// A wedge that grows: a stroke of width r on the circle of radius r/2 (seed 004's trick — with butt ends it
    /// covers exactly the sector, and a dash can grow it). Only the animated layer grows wedges; it hands over to
    /// the still picture's filled wedge at the end.
    private mutating func writeGrowingWedge(_ wedge: Wedge, _ paint: SVGPaint, motions: [Motion]) {
        let sweep = wedge.isFullCircle ? (wedge.sweep < 0 ? -Angle.fullTurn : Angle.fullTurn) : wedge.sweep
        let path = SVGPath.arc(center: wedge.center, radius: wedge.radius / 2, start: wedge.start, sweep: sweep)
        var extra = " pathLength=\"1\""
        if let cls = animationClass(motions, paintProperty: "stroke") { extra += " class=\"\(cls)\"" }
        body += "<path d=\"\(path.d)\"" + paint.stroke(width: wedge.radius) + extra + "/>"
    }

    /// A partial arc band: one stroked path; mixed caps become a butt stroke over discs at the round ends.
    private mutating func writeArc(_ arc: ArcBand, _ paint: SVGPaint, extra: String, trimmed: Bool) {
        if !trimmed, arc.startCap == .butt, arc.endCap == .butt,
            SVGPath.prefersSector(radius: arc.radius, width: arc.width, sweep: arc.sweep)
        {
            let sector = SVGPath.sector(
                center: arc.center, inner: max(0, arc.radius - arc.width / 2), outer: arc.radius + arc.width / 2,
                start: arc.start, sweep: arc.sweep)
            body += "<path d=\"\(sector.d)\"" + paint.fill + extra + "/>"
            return
        }
        let path = SVGPath.arc(center: arc.center, radius: arc.radius, start: arc.start, sweep: arc.sweep)
        let cap: String
        if arc.startCap == arc.endCap {
            cap = arc.startCap == .round ? " stroke-linecap=\"round\"" : ""
        } else {
            cap = ""
            for (end, point) in [(arc.startCap, arc.startPoint), (arc.endCap, arc.endPoint)] where end == .round {
                body += circle(point, arc.width / 2) + paint.fill + "/>"
            }
        }
        if SVGPath.pair(arc.startPoint) == SVGPath.pair(arc.endPoint) && !trimmed {
            // Too short to have a direction: round caps make it a dot, butt caps make it nothing.
            if arc.startCap == .round && arc.endCap == .round {
                body += circle(arc.startPoint, arc.width / 2) + paint.fill + extra + "/>"
            }
            return
        }
        body += "<path d=\"\(path.d)\"" + paint.stroke(width: arc.width) + cap + extra + "/>"
    }

    /// The opening of a circle's element. Always `<circle>`, even where librsvg's four quarter-turn cubics for it
    /// bulge out (``SVGPath/maxCubicDeviation``): Chromium's GPU raster draws a `<circle>` with exact coverage and
    /// the same circle as a path of arcs with its coarser path coverage (a 1024 px ring's track on black: 12 →
    /// 4 229 pixels over 16 levels against the PNG, measured), and browsers show most of these pictures.
    func circle(_ c: Point, _ r: Double) -> String {
        "<circle cx=\"\(SVGWriter.fmt(c.x))\" cy=\"\(SVGWriter.fmt(c.y))\" r=\"\(SVGWriter.fmt(r))\""
    }

    func rect(_ shape: RoundedRect) -> String {
        let f = SVGWriter.fmt
        let r = shape.rect
        var s = "<rect x=\"\(f(r.x))\" y=\"\(f(r.y))\" width=\"\(f(r.width))\" height=\"\(f(r.height))\""
        if shape.cornerRadius > 0 { s += " rx=\"\(f(shape.cornerRadius))\"" }
        return s
    }

    /// The outline of a rounded rectangle as a path from the middle of the top edge, clockwise.
    static func outlinePath(_ shape: RoundedRect) -> SVGPath {
        let r = shape.cornerRadius, b = shape.rect
        var path = SVGPath()
        path.move(to: Point(x: b.x + b.width / 2, y: b.y))
        let corners: [(Point, Double)] = [
            (Point(x: b.maxX - r, y: b.y + r), -Double.pi / 2),
            (Point(x: b.maxX - r, y: b.maxY - r), 0),
            (Point(x: b.x + r, y: b.maxY - r), Double.pi / 2),
            (Point(x: b.x + r, y: b.y + r), Double.pi),
        ]
        for (center, angle) in corners {
            path.line(to: .polar(center: center, radius: r, angle: angle))
            if r > 0 { path.arc(center: center, radius: r, start: angle, sweep: Double.pi / 2) }
        }
        path.close()
        return path
    }
}

extension Primitive {
    /// True when the SVG element strokes (so colour motions animate `stroke`, not `fill`).
    func isStroked(trimmed: Bool) -> Bool {
        switch self {
        case .ring, .arc, .capsule, .polyline, .roundedRectOutline: true
        case .wedge: trimmed
        case .disc, .roundedRect, .path: false
        }
    }
}

extension [Motion] {
    /// The trim motion, if any.
    var trim: (track: Track<Double>, origin: Double)? {
        for motion in self {
            if case .trim(let track, let origin) = motion { return (track, origin) }
        }
        return nil
    }
}
