import RingCore

/// Checks on a laid-out scene that the writers rely on but cannot see in their output: NumberFormatting
/// prints a non-finite number as 0 and the rasterizer clamps, so a NaN or runaway coordinate from the layout
/// would otherwise pass silently as a wrong picture.
public enum SceneCheck {
    /// Larger than any coordinate, angle (10 laps in degrees), duration or radius a valid spec produces.
    static let maxMagnitude = 1e6

    public static func check(_ scene: Scene, context: String) {
        if !(scene.width > 0 && scene.height > 0) { fail("scene is \(scene.width)×\(scene.height)", [], context) }
        if scene.title.isEmpty { fail("scene has no title", [], context) }
        var path = ["scene"]
        walk(scene, &path, context)
    }

    /// Visits every stored value through reflection, so a field added to a primitive is covered without
    /// anyone updating this file. `path` is the stack of field names, for the failure message.
    static func walk(_ value: Any, _ path: inout [String], _ context: String) {
        if let x = value as? Double {
            if !isSane(x) { fail("\(x)", path, context) }
            return
        }
        // Fast paths for what scenes hold by the thousand (glyph strokes are polylines of points): reflecting
        // each of them costs several times the whole render.
        if let shape = value as? Shape, case .polyline(let line) = shape.primitive {
            checkPoints(line.points, &path, context)
            if !isSane(line.width) { fail("polyline width \(line.width)", path, context) }
            path.append("paint")
            walk(shape.paint, &path, context)
            path.removeLast()
            if !shape.motions.isEmpty {
                path.append("motions")
                walk(shape.motions, &path, context)
                path.removeLast()
            }
            return
        }
        if let points = value as? [Point] {
            checkPoints(points, &path, context)
            return
        }
        if let point = value as? Point {
            checkPoints([point], &path, context)
            return
        }
        if value is String || value is Int || value is UInt8 || value is Bool || value is Color { return }
        for (index, child) in Mirror(reflecting: value).children.enumerated() {
            path.append(child.label ?? String(index))
            walk(child.value, &path, context)
            path.removeLast()
        }
    }

    static func checkPoints(_ points: [Point], _ path: inout [String], _ context: String) {
        for (k, point) in points.enumerated() where !isSane(point.x) || !isSane(point.y) {
            fail("point \(k) = (\(point.x), \(point.y))", path, context)
        }
    }

    static func isSane(_ x: Double) -> Bool { x.isFinite && abs(x) <= maxMagnitude }

    static func fail(_ message: String, _ path: [String], _ context: String) -> Never {
        fatalError("RenderQuery fuzz invariant: layout produced \(path.joined(separator: ".")): \(message)\n  for \(context)")
    }
}
