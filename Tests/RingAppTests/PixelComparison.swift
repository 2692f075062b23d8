import Foundation
import RingPNG
import RingRaster

/// Two renderings of one picture compared as people see them: composited on mid-grey (128), per pixel the
/// largest channel difference in 8-bit levels, split into edge and interior pixels.
///
/// Edge pixels are those within a pixel of a visible boundary: where, in either image, some neighbour (or the grey
/// page beyond the image) differs from the pixel by more than ``edgeStep`` levels (the steepest gradient in the gallery changes under 3 levels
/// per pixel, an anti-aliased edge tens), grown by one pixel. Everything else is interior, where two faithful
/// renderers must agree closely: a seam, a wrong colour or a missing shape shows there.
struct PixelComparison {
    /// Neighbour difference (levels) that marks a boundary.
    static let edgeStep = 16.0
    /// Grey the images are composited on.
    static let grey = 128.0

    let width: Int
    let height: Int
    /// Composited RGB of each image.
    let ours: [Double]
    let theirs: [Double]
    /// Per-pixel largest channel difference.
    let difference: [Double]
    let isEdge: [Bool]

    init(ours a: PNGImage, theirs b: PNGImage) {
        precondition(a.width == b.width && a.height == b.height, "images differ in size")
        width = a.width
        height = a.height
        ours = Self.composite(a)
        theirs = Self.composite(b)
        var difference = [Double](repeating: 0, count: width * height)
        for i in 0..<(width * height) {
            var d = 0.0
            for c in 0..<3 { d = max(d, abs(ours[i * 3 + c] - theirs[i * 3 + c])) }
            difference[i] = d
        }
        self.difference = difference
        // Edges by colour and by coverage: a paint within `edgeStep` of the grey backdrop (the petals label's
        // #767676) shows no colour edge, but its outline's anti-aliased pixels are edges all the same.
        let boundary = [
            Self.boundaries(ours, width, height), Self.boundaries(theirs, width, height),
            Self.boundaries(Self.alpha(a), width, height, outside: 0), Self.boundaries(Self.alpha(b), width, height, outside: 0),
        ].reduce([Bool](repeating: false, count: width * height)) { zip($0, $1).map { $0 || $1 } }
        var grown = boundary
        for y in 0..<height {
            for x in 0..<width where boundary[y * width + x] {
                for ny in max(0, y - 1)...min(height - 1, y + 1) {
                    for nx in max(0, x - 1)...min(width - 1, x + 1) { grown[ny * width + nx] = true }
                }
            }
        }
        isEdge = grown
    }

    static func composite(_ image: PNGImage) -> [Double] {
        var out = [Double](repeating: 0, count: image.width * image.height * 3)
        for p in 0..<(image.width * image.height) {
            let a = Double(image.pixels[p * 4 + 3]) / 255
            for c in 0..<3 { out[p * 3 + c] = Double(image.pixels[p * 4 + c]) * a + grey * (1 - a) }
        }
        return out
    }

    /// Each pixel's alpha as three equal channels (0…255), so ``boundaries(_:_:_:)`` finds
    /// where coverage changes.
    static func alpha(_ image: PNGImage) -> [Double] {
        (0..<(image.width * image.height)).flatMap { p -> [Double] in
            let a = Double(image.pixels[p * 4 + 3])
            return [a, a, a]
        }
    }

    /// Pixels with a neighbour more than ``edgeStep`` away in some channel. Beyond the image lies `outside`, the grey page:
    /// a ring touching the border has its outer edge in the border pixels.
    static func boundaries(_ rgb: [Double], _ width: Int, _ height: Int, outside: Double = grey) -> [Bool] {
        var out = [Bool](repeating: false, count: width * height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                search: for ny in (y - 1)...(y + 1) {
                    for nx in (x - 1)...(x + 1) {
                        let inside = nx >= 0 && ny >= 0 && nx < width && ny < height
                        for c in 0..<3 {
                            let neighbour = inside ? rgb[(ny * width + nx) * 3 + c] : outside
                            if abs(rgb[i * 3 + c] - neighbour) > edgeStep {
                                out[i] = true
                                break search
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    var mean: Double { difference.reduce(0, +) / Double(difference.count) }
    var edgeCount: Int { isEdge.filter { $0 }.count }
    var edgeMean: Double {
        let e = zip(difference, isEdge).filter { $0.1 }.map(\.0)
        return e.isEmpty ? 0 : e.reduce(0, +) / Double(e.count)
    }
    /// The largest interior difference and where it is.
    var interiorWorst: (value: Double, x: Int, y: Int) {
        var best = (0.0, 0, 0)
        for (i, (d, edge)) in zip(difference, isEdge).enumerated() where !edge && d > best.0 {
            best = (d, i % width, i / width)
        }
        return best
    }

    /// A three-panel image: ours | theirs | difference amplified ×8 (edge pixels tinted blue where equal).
    func diffImage() -> [UInt8] {
        var bitmap = Bitmap(width: width * 3, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let i = y * width + x
                let amplified = UInt8(min(255, difference[i] * 8))
                let panels: [(Int, [UInt8])] = [
                    (0, (0..<3).map { UInt8(ours[i * 3 + $0].rounded()) }),
                    (width, (0..<3).map { UInt8(theirs[i * 3 + $0].rounded()) }),
                    (2 * width, [amplified, amplified, isEdge[i] ? max(amplified, 40) : amplified]),
                ]
                for (offset, rgb) in panels {
                    let o = (y * width * 3 + offset + x) * 4
                    bitmap.pixels[o] = rgb[0]
                    bitmap.pixels[o + 1] = rgb[1]
                    bitmap.pixels[o + 2] = rgb[2]
                    bitmap.pixels[o + 3] = 255
                }
            }
        }
        return PNGEncoder.encode(bitmap)
    }
}
