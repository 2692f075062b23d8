import RingCore
@testable import RingRaster

/// The float coverage of a scene's single shape, straight from the rasterizer's coverage pass (before colours
/// and 8-bit rounding), for accuracy tests.
struct CoverageMask {
    let width: Int
    let height: Int
    private var values: [Float]

    init(_ scene: Scene, scale: Double = 1) {
        width = Rasterizer.side(scene.width * scale)
        height = Rasterizer.side(scene.height * scale)
        values = [Float](repeating: 0, count: width * height)
        let nodes = RenderNode.compile(scene.items, Transform(center: .zero, scale: scale))
        precondition(nodes.count == 1, "a coverage mask shows one shape")
        guard case .shape(let shape) = nodes[0] else { preconditionFailure("a coverage mask shows one shape") }
        let renderer = RowRenderer(width: width, depth: 0)
        for y in 0..<height where shape.rows.contains(y) {
            let runs = renderer.fillCoverage(shape, y: y)
            for i in 0..<runs.count {
                for x in runs.start(i)..<runs.end(i) { values[y * width + x] = renderer.coverageRow[x] }
            }
        }
    }

    subscript(x: Int, y: Int) -> Float { values[y * width + x] }
}
