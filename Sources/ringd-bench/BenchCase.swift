import RingApp
import RingCore
import RingPNG
import RingRaster
import RingSVG

/// One image to time: a route and query, rendered both ways through the service's pipeline (query decoding,
/// layout, SVG writer / rasterizer + PNG encoder) with no cache in between.
struct BenchCase {
    var name: String
    var route: ImageRoute
    var query: String
    /// The fonts labels are set in (the service's: the system's).
    var typeface: Typeface = .system

    /// The cases `scripts/bench/render` compares: a gradient ring and three-ring activity at three sizes.
    static func standard(sizes: [Int]) -> [BenchCase] {
        sizes.flatMap { size in
            [
                BenchCase(name: "ring-\(size)", route: .ring, query: "p=0.73&size=\(size)"),
                BenchCase(name: "activity-\(size)", route: .activity, query: "p=0.8,0.6,1.1&size=\(size)"),
            ]
        }
    }

    func spec() throws -> RingSpec {
        try QueryDecoder.decode(route: route, query: QueryString(parsing: query), typeface: typeface)
    }

    /// The SVG text, from the query.
    func svg() throws -> [UInt8] {
        Array(SVGWriter.write(RingLayout.scene(for: try spec(), text: typeface.setter)).utf8)
    }

    /// The PNG bytes, from the query, with the rasterizer's statistics: as the service draws a still PNG, each
    /// row compressed as soon as it is drawn.
    func png(statistics: inout RenderStatistics) throws -> [UInt8] {
        let spec = try spec()
        let rows = Rasterizer.rows(RingLayout.scene(for: spec, text: typeface.setter), scale: Double(spec.common.scale))
        let png = PNGEncoder.encode(width: rows.width, height: rows.height, opaque: rows.isOpaque) { y, buffer in
            rows.render(row: y, into: buffer)
            return UnsafePointer(buffer)
        }
        statistics = rows.statistics
        return png
    }
}
