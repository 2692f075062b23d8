import Foundation
import RingPNG
import RingTestSupport
import Testing

/// librsvg (`rsvg-convert`) as the independent renderer our PNGs are held to (docs/design.md §Yardsticks).
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

    /// `svg` rendered by rsvg-convert at `factor` times the size and box-filtered down (in premultiplied
    /// colour) to `width` × `height`: librsvg's geometry with its anti-aliasing error divided by the factor. At
    /// one sample per pixel, cairo's rasterizer strays up to about 15 levels on the edges of small text, where
    /// an exact-area fill and librsvg at 8× agree within 3 (docs/reliability.md, "Labels").
    static func renderSupersampled(_ svg: [UInt8], width: Int, height: Int, factor: Int = 8) throws -> PNGImage {
        let big = try render(svg, width: width * factor, height: height * factor)
        var pixels = [UInt8](repeating: 0, count: width * height * 4)
        let n = Double(factor * factor)
        for y in 0..<height {
            for x in 0..<width {
                var sum = (r: 0.0, g: 0.0, b: 0.0, a: 0.0)
                for sy in 0..<factor {
                    for sx in 0..<factor {
                        let i = ((y * factor + sy) * big.width + x * factor + sx) * 4
                        let a = Double(big.pixels[i + 3]) / 255
                        sum.r += Double(big.pixels[i]) * a
                        sum.g += Double(big.pixels[i + 1]) * a
                        sum.b += Double(big.pixels[i + 2]) * a
                        sum.a += a
                    }
                }
                let o = (y * width + x) * 4
                let alpha = sum.a / n
                if alpha > 0 {
                    pixels[o] = UInt8(min(255, (sum.r / sum.a).rounded()))
                    pixels[o + 1] = UInt8(min(255, (sum.g / sum.a).rounded()))
                    pixels[o + 2] = UInt8(min(255, (sum.b / sum.a).rounded()))
                }
                pixels[o + 3] = UInt8(min(255, (alpha * 255).rounded()))
            }
        }
        return PNGImage(width: width, height: height, pixels: pixels)
    }
}
