/// A filled outline of straight and curved segments under the non-zero winding rule: the shape of text set in
/// a real font (glyph outlines from RingText), drawn by the SVG writer as one `<path>` and by the rasterizer with
/// exact signed-area coverage.
///
/// Every contour starts with ``Element/move(_:)`` and is closed implicitly (as SVG and font outlines close them);
/// ``Element/close`` may end it explicitly.
public struct FilledPath: Sendable, Hashable {
    public enum Element: Sendable, Hashable {
        /// Starts a contour at the point.
        case move(Point)
        /// A straight segment to the point.
        case line(Point)
        /// A quadratic Bézier segment: control point, end point.
        case quad(Point, Point)
        /// A cubic Bézier segment: two control points, end point.
        case cubic(Point, Point, Point)
        /// Closes the current contour with a straight segment back to its start.
        case close
    }

    public var elements: [Element]

    public init(_ elements: [Element] = []) {
        self.elements = elements
    }

    public var isEmpty: Bool { !elements.contains { if case .move = $0 { false } else { true } } }

    /// The box of every point and control point: it holds the outline (a Bézier lies in its control hull).
    public var controlBounds: TextBounds? {
        var box: TextBounds?
        func add(_ p: Point) { box = box?.union(TextBounds(point: p)) ?? TextBounds(point: p) }
        for element in elements {
            switch element {
            case .move(let p), .line(let p): add(p)
            case .quad(let c, let p): add(c); add(p)
            case .cubic(let c1, let c2, let p): add(c1); add(c2); add(p)
            case .close: break
            }
        }
        return box
    }

    /// Every point mapped through `map` (any affine map keeps Bézier segments Bézier segments).
    public func mapped(_ map: (Point) -> Point) -> FilledPath {
        FilledPath(elements.map { element in
            switch element {
            case .move(let p): .move(map(p))
            case .line(let p): .line(map(p))
            case .quad(let c, let p): .quad(map(c), map(p))
            case .cubic(let c1, let c2, let p): .cubic(map(c1), map(c2), map(p))
            case .close: .close
            }
        })
    }

    /// Appends `other`'s contours.
    public mutating func append(_ other: FilledPath) {
        elements += other.elements
    }

    /// The outline as closed polygons, curves replaced by chords that stray at most `tolerance` from them.
    ///
    /// A Bézier's chord error is bounded by its second differences (a quadratic with control polygon deviation
    /// `d` needs `√(d / (4·tolerance))` pieces, a cubic `√(3·d / (4·tolerance))`), so the piece count comes from
    /// the control points alone, capped by ``maxPiecesPerCurve``.
    public func polygons(tolerance: Double) -> [[Point]] {
        var result: [[Point]] = []
        var current: [Point] = []
        var pen = Point(x: 0, y: 0)
        func finish() {
            if current.count > 2 { result.append(current) }
            current = []
        }
        let tol = max(tolerance, 1e-9)
        for element in elements {
            switch element {
            case .move(let p):
                finish()
                current = [p]
                pen = p
            case .line(let p):
                if current.isEmpty { current = [pen] }
                current.append(p)
                pen = p
            case .quad(let c, let p):
                if current.isEmpty { current = [pen] }
                let dx = pen.x - 2 * c.x + p.x, dy = pen.y - 2 * c.y + p.y
                let n = Self.pieces((dx * dx + dy * dy).squareRoot() / (4 * tol))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    current.append(Point(
                        x: u * u * pen.x + 2 * u * t * c.x + t * t * p.x,
                        y: u * u * pen.y + 2 * u * t * c.y + t * t * p.y))
                }
                pen = p
            case .cubic(let c1, let c2, let p):
                if current.isEmpty { current = [pen] }
                let ax = pen.x - 2 * c1.x + c2.x, ay = pen.y - 2 * c1.y + c2.y
                let bx = c1.x - 2 * c2.x + p.x, by = c1.y - 2 * c2.y + p.y
                let d = max((ax * ax + ay * ay).squareRoot(), (bx * bx + by * by).squareRoot())
                let n = Self.pieces(3 * d / (4 * tol))
                for i in 1...n {
                    let t = Double(i) / Double(n), u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, cc = 3 * u * t * t, e = t * t * t
                    current.append(Point(
                        x: a * pen.x + b * c1.x + cc * c2.x + e * p.x,
                        y: a * pen.y + b * c1.y + cc * c2.y + e * p.y))
                }
                pen = p
            case .close:
                if let first = current.first { pen = first }
                finish()
            }
        }
        finish()
        return result
    }

    /// Most chords one curve becomes: a curve this long at any sane size never needs more (a glyph's curves span
    /// a fraction of an em), and a hostile control point cannot multiply the work without bound.
    public static let maxPiecesPerCurve = 256

    private static func pieces(_ squared: Double) -> Int {
        guard squared.isFinite, squared > 0 else { return 1 }
        return min(max(1, Int(min(squared.squareRoot(), Double(maxPiecesPerCurve)).rounded(.up))), maxPiecesPerCurve)
    }
}
