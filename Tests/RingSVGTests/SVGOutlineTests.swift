import RingCore
import Testing
@testable import RingSVG

/// Text outlines as path data: a quadratic whose control point mirrors the previous one on the writer's grid is
/// written as `t` (TrueType's implied on-curve points make most of a DejaVu or Noto glyph so), any other as `q`.
@Suite struct SVGOutlineTests {
    static func tail(_ elements: [FilledPath.Element]) -> String? {
        SVGOutline(FilledPath(elements))?.tail
    }

    @Test func mirroredQuadraticsAreShorthand() {
        let p = { (x: Double, y: Double) in Point(x: x, y: y) }
        #expect(Self.tail([.move(p(0, 0)), .quad(p(1, 1), p(2, 0)), .quad(p(3, -1), p(4, 0)), .quad(p(5, 1), p(6, 0)), .close])
            == "q1 1 2 0t2 0 2 0z")
        // Not mirrored (by a hundredth): a full `q`.
        #expect(Self.tail([.move(p(0, 0)), .quad(p(1, 1), p(2, 0)), .quad(p(3, -1.01), p(4, 0)), .close])
            == "q1 1 2 0 1-1.01 2 0z")
        // After a line there is no control point to mirror: SVG's `t` would draw a line, so `q`.
        #expect(Self.tail([.move(p(0, 0)), .line(p(1, 0)), .quad(p(1, 0), p(2, 0)), .close]) == "h1q0 0 1 0z")
        // A new subpath starts afresh.
        #expect(Self.tail([.move(p(0, 0)), .quad(p(1, 1), p(2, 0)), .close, .move(p(2, 0)), .quad(p(3, -1), p(4, 0)), .close])
            == "q1 1 2 0zm2 0q1-1 2 0z")
    }
}
