/// Decodes the glyph table of ``StrokeFontData`` (its doc comment describes the format).
///
/// Strict on purpose: a typo in the table is an error naming the line, not a silently odd glyph.
enum StrokeFontParser {
    struct Failure: Error, CustomStringConvertible {
        let line: Int
        let message: String
        var description: String { "glyph table line \(line): \(message)" }
    }

    /// Glyphs by key: the character itself, or `space` / `notdef`.
    static func parse(_ table: String, unitsPerCap: Double, dotRadius: Double) throws -> [String: StrokeGlyph] {
        var glyphs: [String: StrokeGlyph] = [:]
        for (index, line) in table.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = index + 1
            guard !line.allSatisfy(\.isWhitespace) else { continue }
            let head = line.prefix { $0 != "|" && $0 != " " }
            // The `|` glyph names itself, so split off the key before looking for the separator.
            let rest = line.dropFirst(head.isEmpty ? 1 : head.count)
            let key = head.isEmpty ? String(line.prefix(1)) : String(head)
            guard key.count == 1 || key == "space" || key == "notdef" else {
                throw Failure(line: lineNumber, message: "unknown glyph name \(key)")
            }
            guard glyphs[key] == nil else { throw Failure(line: lineNumber, message: "duplicate glyph \(key)") }
            let halves = rest.split(separator: "|", maxSplits: 1, omittingEmptySubsequences: false)
            let bearings = halves[0].split(separator: " ").compactMap { Double($0) }
            guard halves.count == 2, bearings.count == 2 else {
                throw Failure(line: lineNumber, message: "expected `<glyph> <left> <right> | <strokes>`")
            }
            let strokes: [StrokePath]
            do {
                strokes = try parseStrokes(halves[1], scale: 1 / unitsPerCap, dotRadius: dotRadius)
            } catch let message as Message {
                throw Failure(line: lineNumber, message: message.text)
            }
            let local = StrokeGlyph(advance: 0, strokes: strokes)
            let left = bearings[0] / unitsPerCap
            let right = bearings[1] / unitsPerCap
            let inkRight = local.inkBounds?.maxX ?? 0
            glyphs[key] = StrokeGlyph(
                advance: left + inkRight + right, strokes: strokes.map { $0.offset(by: Point(x: left, y: 0)) })
        }
        return glyphs
    }

    private struct Message: Error {
        let text: String
    }

    /// Parses `M`/`L`/`A`/`O`/`D` commands into strokes, scaling grid units to em units.
    private static func parseStrokes(_ text: Substring, scale: Double, dotRadius: Double) throws -> [StrokePath] {
        var tokens = text.split(separator: " ")[...]
        var strokes: [StrokePath] = []
        var current: StrokePath?

        func numbers(_ count: Int, for command: Substring) throws -> [Double] {
            let values = tokens.prefix(count).compactMap { Double($0) }
            guard values.count == count else { throw Message(text: "\(command) needs \(count) numbers") }
            tokens = tokens.dropFirst(count)
            return values
        }
        func finish() {
            if let stroke = current { strokes.append(stroke) }
            current = nil
        }
        func ellipse(_ c: Point, _ rx: Double, _ ry: Double) -> StrokePath {
            let quarter = Double.pi / 2
            return StrokePath(
                start: Point(x: c.x, y: c.y + ry),
                elements: [.arc(center: c, radiusX: rx, radiusY: ry, start: quarter, end: quarter + 2 * Double.pi)])
        }

        while let command = tokens.popFirst() {
            switch command {
            case "M":
                let v = try numbers(2, for: command)
                finish()
                current = StrokePath(start: Point(x: v[0], y: v[1]) * scale)
            case "L":
                let v = try numbers(2, for: command)
                guard current != nil else { throw Message(text: "L without a current stroke") }
                current?.elements.append(.line(to: Point(x: v[0], y: v[1]) * scale))
            case "A":
                let v = try numbers(6, for: command)
                let center = Point(x: v[0], y: v[1]) * scale
                let (rx, ry) = (v[2] * scale, v[3] * scale)
                let (from, to) = (v[4] * Double.pi / 180, v[5] * Double.pi / 180)
                let start = StrokePath.point(center: center, radiusX: rx, radiusY: ry, angle: from)
                if current == nil {
                    current = StrokePath(start: start)
                } else if let end = current?.end, end.distance(to: start) > 1e-9 {
                    current?.elements.append(.line(to: start))
                }
                current?.elements.append(.arc(center: center, radiusX: rx, radiusY: ry, start: from, end: to))
            case "O":
                let v = try numbers(4, for: command)
                finish()
                strokes.append(ellipse(Point(x: v[0], y: v[1]) * scale, v[2] * scale, v[3] * scale))
            case "D":
                let v = try numbers(2, for: command)
                finish()
                strokes.append(ellipse(Point(x: v[0], y: v[1]) * scale, dotRadius * scale, dotRadius * scale))
            default:
                throw Message(text: "unknown command \(command)")
            }
        }
        finish()
        return strokes
    }
}
