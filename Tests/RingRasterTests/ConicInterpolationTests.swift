import RingCore
import Testing
@testable import RingRaster

/// Interior pixels of a conic band take one exact angle per block of pixels and interpolate between them; the
/// block is the longest the band's inner radius allows for the gradient's steepness. Whatever block is chosen,
/// every interpolated pixel stays within a level of the colour its own exact angle gives.
@Suite struct ConicInterpolationTests {
    /// (band radius, width, gradient stops): a large and a small ring, a steep many-stop gradient, a full turn.
    static let redOrange = [Color(r: 250, g: 17, b: 79), Color(r: 255, g: 158, b: 70)]
    static let blueYellow = [Color(r: 0, g: 0, b: 255), Color(r: 255, g: 255, b: 0)]
    static let rainbow: [Color] = (0..<8).map { (k: Int) -> Color in
        Color(r: UInt8(k * 36), g: UInt8(255 - k * 36), b: k % 2 == 0 ? 0 : 255)
    }
    static let cases: [(Double, Double, [Color], Double)] = [
        (450, 100, redOrange, 0.73), (110, 24, redOrange, 0.73), (28, 6, blueYellow, 0.9), (300, 60, rainbow, 1),
    ]

    @Test(arguments: 0..<cases.count)
    func interpolatedColoursStayWithinALevelOfExactOnes(_ index: Int) throws {
        let (radius, width, stops, progress) = Self.cases[index]
        let extent = radius + width / 2, side = Int(2 * extent + 4)
        let center = Point(x: Double(side) / 2, y: Double(side) / 2)
        let gradient = try #require(Gradient(stops: stops))
        let paint = ConicPaint(center: center, start: -.pi / 2, sweep: 2 * .pi * progress, gradient: gradient)
        let shader = ConicShader(paint, inner: radius - width / 2, extent: extent)
        #expect(ConicShader.interpolationBlocks.contains(shader.block))
        let row = UnsafeMutablePointer<SIMD4<Float>>.allocate(capacity: side)
        defer { row.deallocate() }
        var worst: Float = 0, wholeBlocks = 0
        try shader.table.entries.withUnsafeBufferPointer { lut in
            for y in stride(from: 0, to: side, by: 7) {
                let yc = Double(y) + 0.5
                // The band's interior on this row, as the rasterizer would fill it.
                let band = SpanSet.annulus(cx: center.x, cy: center.y, inner: radius - width / 2, outer: extent, y: yc)
                let runs = PixelRuns(band, width: side)
                for i in 0..<runs.count {
                    let range = runs.start(i)..<runs.end(i)
                    row.update(repeating: SIMD4(repeating: -1), count: side)
                    shader.fill(y: yc, range: range, into: row)
                    for x in range {
                        let exact = ColorTable.nearest(
                            lut, last: shader.table.last,
                            shader.fraction(Float(Double(x) + 0.5 - center.x), Float(yc - center.y)))
                        let difference = (row[x] - exact) * 255
                        worst = max(worst, difference.max(), -difference.min())
                        try #require(row[x].w >= 0, "pixel \(x) on row \(y) was not filled")
                    }
                    wholeBlocks += range.count / shader.block
                }
            }
        }
        // Table colours are whole levels apart (up to float rounding): at most one level.
        #expect(worst.rounded() <= 1, "worst channel difference \(worst) levels (block \(shader.block))")
        #expect(wholeBlocks > 0)
    }

    /// Wide bands far from their centre take long blocks, small ones short blocks.
    @Test func blockFollowsTheInnerRadius() throws {
        let gradient = try #require(Gradient(stops: [Color(r: 250, g: 17, b: 79), Color(r: 255, g: 158, b: 70)]))
        func block(_ inner: Double) -> Int {
            let paint = ConicPaint(center: Point(x: 0, y: 0), start: 0, sweep: 4.6, gradient: gradient)
            return ConicShader(paint, inner: inner, extent: inner + 20).block
        }
        #expect(block(400) == ConicShader.interpolationBlocks.first)
        #expect(block(5) == ConicShader.interpolationBlocks.last)
        #expect(block(400) >= block(100) && block(100) >= block(20))
    }
}
