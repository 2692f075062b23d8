import Foundation
import RingHTTP
import RingPNG
import RingTestSupport
import Testing
@testable import RingApp

/// On images of 16–24 px every pixel is an edge pixel, and there librsvg's own anti-aliasing strays from the
/// exact pixel areas (see `RendererAgreementTests.allEdgeCases`). The exact areas come from librsvg itself at
/// 16× the size, box-filtered down: our PNG must match them closely. The shapes are single, non-overlapping ones,
/// so the supersampled picture and the 1× compositing model agree.
@Suite struct TinyImageAccuracyTests {
    static let cases = [
        "/ring?p=0.7&size=16&color=blue&track=none", "/ring?p=0.7&size=16&track=none", "/check?size=24",
        "/petals?p=0.8&size=16",
    ]
    /// Supersampling factor of the reference.
    static let zoom = 16
    /// Mean difference (levels) to the exact areas.
    static let meanTolerance = 0.4

    @Test(.tags(.externalTool), arguments: cases)
    func tinyImagesMatchExactAreas(_ target: String) throws {
        let parts = target.split(separator: "?")
        let c = GalleryCase(name: "tiny", path: String(parts[0]), query: String(parts[1]))
        let app = RingApplication()
        let ours = try PNGDecoder.decode(c.respond(app, format: .png).body)
        let directory = try ExternalTool.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let svg = directory.appendingPathComponent("tiny.svg"), png = directory.appendingPathComponent("tiny.png")
        try Data(c.respond(app, format: .svg).body).write(to: svg)
        let run = try ExternalTool.run(
            "rsvg-convert", ["-z", "\(Self.zoom)", "-o", png.path, svg.path], install: "apt-get install librsvg2-bin")
        try #require(run.status == 0, "rsvg-convert failed: \(run.stderr)")
        let big = try PNGDecoder.decode(Array(try Data(contentsOf: png)))
        try #require(big.width == ours.width * Self.zoom && big.height == ours.height * Self.zoom)
        let reference = Self.boxFiltered(big, by: Self.zoom)
        let comparison = PixelComparison(ours: ours, theirs: reference)
        print("\(target): mean \(comparison.mean) levels from the exact areas")
        #expect(comparison.mean <= Self.meanTolerance)
    }

    /// `image` shrunk by `k`: each pixel the mean of a k×k block, averaged premultiplied.
    static func boxFiltered(_ image: PNGImage, by k: Int) -> PNGImage {
        let w = image.width / k, h = image.height / k
        var out = PNGImage(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                var sum = [Double](repeating: 0, count: 4)
                for j in 0..<k {
                    for i in 0..<k {
                        let p = ((y * k + j) * image.width + x * k + i) * 4
                        let a = Double(image.pixels[p + 3])
                        for c in 0..<3 { sum[c] += Double(image.pixels[p + c]) * a / 255 }
                        sum[3] += a
                    }
                }
                let n = Double(k * k)
                let a = sum[3] / n
                let o = (y * w + x) * 4
                for c in 0..<3 { out.pixels[o + c] = a > 0 ? UInt8(min(255, (sum[c] / n * 255 / a).rounded())) : 0 }
                out.pixels[o + 3] = UInt8(a.rounded())
            }
        }
        return out
    }
}
