import Foundation
import RingCore
import Testing
@testable import RingRaster

/// docs/design.md §Yardsticks: coverage of a thick round-capped arc against a 64×64-supersampled reference, over the
/// pixels whose centres lie within a pixel of an edge. The bar: mean error ≤ 0.4 levels, max ≤ 4.
@Suite struct CoverageExactnessTests {
    /// The research arc (docs/design.md §Coverage): 73 % sweep from the top, width 16 % of the image, radius leaving 6 %.
    struct TestArc {
        let size: Double
        var width: Double { 0.16 * size }
        var radius: Double { 0.5 * size - width / 2 - 0.06 * size }
        var center: Point { Point(x: size / 2, y: size / 2) }
        let start = -Double.pi / 2
        var sweep: Double { 2 * .pi * 0.73 }

        var band: ArcBand { ArcBand(center: center, radius: radius, width: width, start: start, sweep: sweep) }

        var scene: Scene {
            Scene(width: size, height: size, title: "arc", items: [.shape(Shape(.arc(band), .solid(.white)))])
        }

        /// Exact signed distance (independent of the rasterizer: angles by atan2, not cross products).
        func distance(_ x: Double, _ y: Double) -> Double {
            let vx = x - center.x, vy = y - center.y
            var phi = (atan2(vy, vx) - start).truncatingRemainder(dividingBy: 2 * .pi)
            if phi < 0 { phi += 2 * .pi }
            let hw = width / 2
            if phi <= sweep { return abs((vx * vx + vy * vy).squareRoot() - radius) - hw }
            let e0 = (radius * cos(start), radius * sin(start))
            let e1 = (radius * cos(start + sweep), radius * sin(start + sweep))
            let d0 = ((vx - e0.0) * (vx - e0.0) + (vy - e0.1) * (vy - e0.1)).squareRoot()
            let d1 = ((vx - e1.0) * (vx - e1.0) + (vy - e1.1) * (vy - e1.1)).squareRoot()
            return min(d0, d1) - hw
        }

        /// Fraction of `n × n` stratified samples of pixel (`px`, `py`) inside the arc.
        func reference(_ px: Int, _ py: Int, samples n: Int) -> Double {
            var inside = 0
            for j in 0..<n {
                let y = Double(py) + (Double(j) + 0.5) / Double(n)
                for i in 0..<n where distance(Double(px) + (Double(i) + 0.5) / Double(n), y) < 0 {
                    inside += 1
                }
            }
            return Double(inside) / Double(n * n)
        }
    }

    /// Errors in 8-bit levels over the edge pixels.
    struct Errors {
        var count = 0
        var sum = 0.0
        var max = 0.0
        var mean: Double { count > 0 ? sum / Double(count) : 0 }

        mutating func add(_ e: Double) {
            count += 1
            sum += e
            max = Swift.max(max, e)
        }
    }

    static func measure(size: Int) -> (float: Errors, bytes: Errors) {
        let arc = TestArc(size: Double(size))
        let bitmap = Rasterizer.render(arc.scene, scale: 1)
        let mask = CoverageMask(arc.scene)
        var float = Errors(), bytes = Errors()
        for y in 0..<size {
            for x in 0..<size where abs(arc.distance(Double(x) + 0.5, Double(y) + 0.5)) < 1 {
                let truth = 255 * arc.reference(x, y, samples: 64)
                float.add(abs(Double(mask[x, y]) * 255 - truth))
                bytes.add(abs(Double(bitmap.pixel(x: x, y: y).a) - truth))
            }
        }
        return (float, bytes)
    }

    @Test(arguments: [64, 256, 1024])
    func roundCappedArcMatchesSupersampledReference(size: Int) {
        let (float, bytes) = Self.measure(size: size)
        print("coverage \(size) px: \(float.count) edge pixels; float mean \(float.mean) max \(float.max); 8-bit mean \(bytes.mean) max \(bytes.max)")
        #expect(float.count > size * 4)
        #expect(float.mean <= 0.4)
        #expect(float.max <= 4)
        // The 8-bit bitmap adds at most half a level of rounding.
        #expect(bytes.mean <= 0.4 + 0.5)
        #expect(bytes.max <= 4.5)
    }
}
