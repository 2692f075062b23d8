import Foundation
import RingPNG
import RingTestSupport
import Testing

/// librsvg (`rsvg-convert`) as the independent renderer our PNGs are held to (rendering.md §8.2).
enum Librsvg {
    /// `svg` rendered by rsvg-convert at `width` × `height` pixels, decoded.
    static func render(_ svg: [UInt8], width: Int, height: Int) throws -> PNGImage {
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svgFile = directory.appendingPathComponent("image.svg")
        let pngFile = directory.appendingPathComponent("image.rsvg.png")
        try Data(svg).write(to: svgFile)
        let run = try ExternalTool.run(
            "rsvg-convert", ["-w", "\(width)", "-h", "\(height)", "-o", pngFile.path, svgFile.path],
            install: "apt-get install librsvg2-bin")
        try #require(run.status == 0, "rsvg-convert failed: \(run.stderr)")
        return try PNGDecoder.decode(Array(try Data(contentsOf: pngFile)))
    }
}
