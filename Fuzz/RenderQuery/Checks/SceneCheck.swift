import RingCore

/// Checks on a laid-out scene that the writers rely on but cannot see in their output: NumberFormatting
/// prints a non-finite number as 0 and the rasterizer clamps, so a NaN or runaway coordinate from the layout
/// would otherwise pass silently as a wrong picture.
public enum SceneCheck {
    /// Larger than any coordinate, angle (10 laps in degrees), duration or radius a valid spec produces.
    static let maxMagnitude = 1e6

    public static func check(_ scene: Scene, context: @autoclosure () -> String) {
        if !(scene.width > 0 && scene.height > 0) { fail("scene is \(scene.width)×\(scene.height)", [], context) }
        if scene.title.isEmpty { fail("scene has no title", [], context) }
        var path = ["scene"]
        if let duration = scene.duration, !isSane(duration) { fail("duration \(duration)", path, context) }
        walk(items: scene.items, &path, context)
    }

    /// The scene tree is walked explicitly (a new kind of item fails to compile here, which is the reminder
    /// to check it); what the items hold is walked through reflection, so a field added to a primitive, paint,
    /// clip or motion is covered without anyone updating this file.
    static func walk(items: [SceneItem], _ path: inout [String], _ context: () -> String) {
        for (index, item) in items.enumerated() {
            path.append(String(index))
            switch item {
            case .shape(let shape):
                // Glyph strokes are polylines by the hundred: reflecting every point would cost several
                // times the render, so they are read directly.
                if case .polyline(let line) = shape.primitive {
                    checkPoints(line.points, &path, context)
                    if !isSane(line.width) { fail("polyline width \(line.width)", path, context) }
                } else if case .path(let outline) = shape.primitive {
                    // Text outlines likewise: hundreds of curve elements per label (reflecting them was a
                    // quarter of every execution).
                    checkOutline(outline, &path, context)
                } else {
                    reflect(shape.primitive, "primitive", &path, context)
                }
                reflect(shape.paint, "paint", &path, context)
                if !shape.motions.isEmpty { reflect(shape.motions, "motions", &path, context) }
            case .group(let group):
                if !isSane(group.opacity) { fail("group opacity \(group.opacity)", path, context) }
                if let clip = group.clip { reflect(clip, "clip", &path, context) }
                if !group.motions.isEmpty { reflect(group.motions, "motions", &path, context) }
                walk(items: group.items, &path, context)
            }
            path.removeLast()
        }
    }

    static func reflect(_ value: Any, _ label: String, _ path: inout [String], _ context: () -> String) {
        path.append(label)
        walk(value, &path, context)
        path.removeLast()
    }

    /// Every stored value of `value`, through reflection; `path` is the stack of field names, for the message.
    static func walk(_ value: Any, _ path: inout [String], _ context: () -> String) {
        if let x = value as? Double {
            if !isSane(x) { fail("\(x)", path, context) }
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

    static func checkOutline(_ outline: FilledPath, _ path: inout [String], _ context: () -> String) {
        for (k, element) in outline.elements.enumerated() {
            let points: [Point]
            switch element {
            case .move(let p), .line(let p): points = [p]
            case .quad(let c, let p): points = [c, p]
            case .cubic(let c1, let c2, let p): points = [c1, c2, p]
            case .close: points = []
            }
            for point in points where !isSane(point.x) || !isSane(point.y) {
                fail("outline element \(k) at (\(point.x), \(point.y))", path, context)
            }
        }
    }

    static func checkPoints(_ points: [Point], _ path: inout [String], _ context: () -> String) {
        for (k, point) in points.enumerated() where !isSane(point.x) || !isSane(point.y) {
            fail("point \(k) = (\(point.x), \(point.y))", path, context)
        }
    }

    static func isSane(_ x: Double) -> Bool { x.isFinite && abs(x) <= maxMagnitude }

    static func fail(_ message: String, _ path: [String], _ context: () -> String) -> Never {
        fatalError("RenderQuery fuzz invariant: layout produced \(path.joined(separator: ".")): \(message)\n  for \(context())")
    }
}
