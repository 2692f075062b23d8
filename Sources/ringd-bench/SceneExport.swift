import RingCore

/// The bench scene's shapes as JSON for the Skia comparison in `scripts/bench/render`, so Skia draws the same
/// rings (same radii, widths, angles, colours and gradient stops) through its own API: stroked circles and arcs,
/// sweep gradients, filled discs. Clips and shadow profiles are left out (Skia draws the tip cap whole and no
/// shadow): the comparison is about drawing and encoding cost, not exact looks.
enum SceneExport {
    static func json(_ scene: Scene) -> String {
        var shapes: [String] = []
        func add(_ item: SceneItem) {
            switch item {
            case .group(let g): g.items.forEach(add)
            case .shape(let s): if let j = json(s) { shapes.append(j) }
            }
        }
        scene.items.forEach(add)
        let bg = scene.background.map { "\"\(hex($0))\"" } ?? "null"
        return "{\"width\": \(scene.width), \"height\": \(scene.height), \"background\": \(bg), \"shapes\": ["
            + shapes.joined(separator: ", ") + "]}"
    }

    static func hex(_ c: Color) -> String { c.hexRGBA }

    static func json(_ shape: Shape) -> String? {
        var paint: String
        switch shape.paint {
        case .solid(let c): paint = "\"color\": \"\(hex(c))\""
        case .conic(let p):
            let stops = (0...32).map { hex(p.color(atFraction: Double($0) / 32)) }
            paint = "\"sweep_colors\": [" + stops.map { "\"\($0)\"" }.joined(separator: ", ") + "]"
            paint += ", \"paint_start\": \(p.start), \"paint_sweep\": \(p.sweep)"
        case .radial, .linear: return nil
        }
        switch shape.primitive {
        case .ring(let r):
            return "{\"kind\": \"ring\", \"cx\": \(r.center.x), \"cy\": \(r.center.y), \"r\": \(r.radius), \"w\": \(r.width), \(paint)}"
        case .arc(let a):
            let round = a.startCap == .round || a.endCap == .round
            return "{\"kind\": \"arc\", \"cx\": \(a.center.x), \"cy\": \(a.center.y), \"r\": \(a.radius), \"w\": \(a.width), "
                + "\"start\": \(a.start), \"sweep\": \(a.sweep), \"round\": \(round), \(paint)}"
        case .disc(let d):
            return "{\"kind\": \"disc\", \"cx\": \(d.center.x), \"cy\": \(d.center.y), \"r\": \(d.radius), \(paint)}"
        default:
            return nil
        }
    }
}
