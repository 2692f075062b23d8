import RingCore
import RingRaster
@testable import RingText
import Testing

/// The rasterizer fills outlines by exact signed-area accumulation: each pixel's alpha is the area of the glyph
/// inside it. Held against 64 × 64 point sampling of the same outline under the non-zero rule, for real glyphs
/// at 16 px text (issue 17: mean ≤ 0.4 levels).
@Suite struct ExactCoverageTests {
    /// For each sample row at `y`: the crossings of the outline's edges, sorted, with their winding direction.
    static func crossings(_ polygons: [[Point]], y: Double) -> [(x: Double, dir: Int)] {
        var out: [(x: Double, dir: Int)] = []
        for poly in polygons {
            for (a, b) in zip(poly, poly.dropFirst() + [poly[0]]) where (a.y <= y) != (b.y <= y) {
                let t = (y - a.y) / (b.y - a.y)
                out.append((a.x + t * (b.x - a.x), b.y > a.y ? 1 : -1))
            }
        }
        return out.sorted { $0.x < $1.x }
    }

    @Test(arguments: ["Ag", "完了", "سلام", "नमस्ते", "@%8"])
    func glyphCoverageMatchesSupersampling(_ text: String) throws {
        let fonts = try #require(FontSet.load(), "no label fonts: scripts/setup serve installs them")
        let line = try #require(fonts.line(text, tabularDigits: false))
        let ink = try #require(line.ink)
        // 16 px text: an em of 16 px, placed off the pixel grid.
        let scale = 16.0, origin = Point(x: 3.37 - ink.minX * scale, y: 2.71 - ink.minY * scale)
        let path = line.path.mapped { Point(x: origin.x + $0.x * scale, y: origin.y + $0.y * scale) }
        let width = Int((ink.width * scale).rounded(.up)) + 8, height = Int((ink.height * scale).rounded(.up)) + 8
        let scene = Scene(
            width: Double(width), height: Double(height), title: text,
            items: [.shape(Shape(.path(path), .solid(Color(hex: 0xFFFFFF))))])
        let bitmap = Rasterizer.render(scene, scale: 1)
        let polygons = path.polygons(tolerance: 0.0005)
        let n = 64
        var inside = [Int](repeating: 0, count: width * height)
        for y in 0..<height {
            for sy in 0..<n {
                let crossings = Self.crossings(polygons, y: Double(y) + (Double(sy) + 0.5) / Double(n))
                var k = 0, winding = 0
                for sx in 0..<(width * n) {
                    let x = (Double(sx) + 0.5) / Double(n)
                    while k < crossings.count, crossings[k].x < x {
                        winding += crossings[k].dir
                        k += 1
                    }
                    if winding != 0 { inside[y * width + sx / n] += 1 }
                }
            }
        }
        var total = 0.0, worst = 0.0
        for i in 0..<(width * height) {
            let expected = 255 * Double(inside[i]) / Double(n * n)
            let got = Double(bitmap.pixels[i * 4 + 3])
            total += abs(got - expected)
            worst = max(worst, abs(got - expected))
        }
        let mean = total / Double(width * height)
        print("exact coverage \(text): mean \(mean), worst \(worst) levels over \(width)×\(height) px")
        #expect(mean <= 0.4, "mean \(mean)")
        // One sample of 4 096 is 0.06 levels; the sampling error of an edge pixel is a few levels at most.
        #expect(worst <= 6, "worst \(worst)")
    }
}
