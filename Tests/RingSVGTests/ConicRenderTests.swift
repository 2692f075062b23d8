import Foundation
import RingCore
import RingTestSupport
import Testing

@testable import RingSVG

/// Renders gradient rings with librsvg and reads the pixels back: the pieces must reproduce the model's conic
/// gradient (docs/design.md §Conic gradients) with no seam between them.
@Suite struct ConicRenderTests {
    /// Levels a sampled channel may differ from the model.
    static let tolerance = 2

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var spec: RingSpec
        var testDescription: String { name }
    }

    static let cases = [
        Case(name: "default-070", spec: Fixtures.ring(0.7, size: 256)),
        Case(name: "laps-120", spec: Fixtures.ring(1.2, size: 256)),
        Case(name: "thick-045", spec: Fixtures.ring(0.45, size: 256, thickness: .fraction(0.3))),
        Case(
            name: "three-stops-090",
            spec: Fixtures.ring(
                0.9, fill: .gradient(Gradient(stops: [NamedColors.lightRed, NamedColors.lightGreen, .black])!),
                size: 256)),
    ]

    @Test(.tags(.externalTool), arguments: cases)
    func piecesReproduceTheGradient(_ c: Case) throws {
        let scene = RingLayout.scene(for: c.spec)
        let body = try #require(
            scene.items.flatMap(\.allShapes).compactMap { shape -> (ArcBand, ConicPaint)? in
                if case .arc(let arc) = shape.primitive, case .conic(let paint) = shape.paint { return (arc, paint) }
                return nil
            }.first)
        let (arc, paint) = body
        let rendered = try PNGProbe.render(SVGWriter.write(scene), name: c.name)
        defer { PNGProbe.discard(rendered) }
        guard let png = rendered else { return }

        // Stay clear of the tip, where the shadow and cap cover the band.
        let tip = arc.isFullCircle ? arc.startPoint : arc.endPoint
        let keepOut = arc.width / 2 * (1 + 3 * TipShadow.sigmaRatio) + 2
        func pixel(_ p: Point) -> (Int, Int) { (Int(p.x.rounded(.down)), Int(p.y.rounded(.down))) }
        func centre(_ q: (Int, Int)) -> Point { Point(x: Double(q.0) + 0.5, y: Double(q.1) + 0.5) }

        // 32 points along the centre line, then every piece boundary across the band.
        var points: [(Int, Int)] = (0..<32).map { k in
            pixel(arc.point(atFraction: (Double(k) + 0.5) / 32))
        }
        let n = SVGDocument.pieceCount(arc, paint)
        for k in 1..<max(n, 1) {
            let angle = arc.start + arc.sweep * Double(k) / Double(n)
            for r in [arc.radius - arc.width / 4, arc.radius, arc.radius + arc.width / 4] {
                points.append(pixel(.polar(center: arc.center, radius: r, angle: angle)))
            }
        }
        points = points.filter { centre($0).distance(to: tip) > keepOut }
        #expect(points.count >= 24)
        let pixels = try #require(try PNGProbe.sample(png, points))
        var worst = 0
        for (q, got) in zip(points, pixels) {
            let want = paint.color(at: centre(q))
            let error = max(abs(got.r - Int(want.r)), abs(got.g - Int(want.g)), abs(got.b - Int(want.b)))
            worst = max(worst, error)
            #expect(got.a == 255, "background shows through at \(q): alpha \(got.a)")
            #expect(error <= Self.tolerance, "at \(q): rendered \(got), model \(want.hexRGB)")
        }
        print("conic \(c.name): \(n) pieces, \(points.count) samples, worst \(worst) levels")
    }
}

extension SceneItem {
    var allShapes: [Shape] {
        switch self {
        case .shape(let s): [s]
        case .group(let g): g.items.flatMap(\.allShapes)
        }
    }
}
