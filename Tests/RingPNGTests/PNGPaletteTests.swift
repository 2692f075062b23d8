import RingDeflate
import RingRaster
import Testing
@testable import RingPNG

/// Still pictures of at most 256 colours are written as 8-bit palette images (as `optipng -o2` would make them):
/// the same pixels, fewer bytes; everything else stays RGB(A).
@Suite struct PNGPaletteTests {
    /// A disc of one colour, its edge coverage in 1/32 steps (so at most 33 colours), over an opaque
    /// background or transparency.
    static func disc(size: Int, opaqueBackground: Bool) -> Bitmap {
        var bitmap = Bitmap(width: size, height: size)
        let centre = Double(size) / 2, radius = Double(size) * 0.4
        for y in 0..<size {
            for x in 0..<size {
                let dx = Double(x) + 0.5 - centre, dy = Double(y) + 0.5 - centre
                let distance = (dx * dx + dy * dy).squareRoot()
                let coverage = (min(1, max(0, radius + 0.5 - distance)) * 32).rounded() / 32
                let i = (y * size + x) * 4
                // Premultiplied: the disc (30, 144, 255) at `coverage` over the background.
                let (r, g, b) = (30 * coverage, 144 * coverage, 255 * coverage)
                if opaqueBackground {
                    let under = 1 - coverage
                    bitmap.pixels[i..<(i + 4)] = [
                        UInt8((r + 250 * under).rounded()), UInt8((g + 250 * under).rounded()),
                        UInt8((b + 240 * under).rounded()), 255,
                    ]
                } else {
                    bitmap.pixels[i..<(i + 4)] = [
                        UInt8(r.rounded()), UInt8(g.rounded()), UInt8(b.rounded()), UInt8((255 * coverage).rounded()),
                    ]
                }
            }
        }
        return bitmap
    }

    static func chunk(_ type: String, of png: [UInt8]) throws -> [UInt8]? {
        try PNGDecoder.chunks(png).first { $0.type == type }?.data
    }

    @Test(arguments: [false, true])
    func flatPicturesBecomeSmallerPaletteImagesOfTheSamePixels(opaqueBackground: Bool) throws {
        let image = Self.disc(size: 96, opaqueBackground: opaqueBackground)
        let png = PNGEncoder.encode(image)
        let direct = PNGEncoder.encode(image, options: .init(allowsPalette: false))
        #expect(try PNGDecoder.header(png).colorType == .palette)
        #expect(try PNGDecoder.header(direct).colorType == (opaqueBackground ? .rgb : .rgba))
        let pixels = try PNGDecoder.decode(png).pixels
        #expect(pixels == (try PNGDecoder.decode(direct).pixels))
        #expect(png.count < direct.count)

        // One entry per colour; translucent ones first, so tRNS is exactly as long as there are of them.
        var colours: [[UInt8]] = []
        for p in stride(from: 0, to: pixels.count, by: 4) where !colours.contains(Array(pixels[p..<(p + 4)])) {
            colours.append(Array(pixels[p..<(p + 4)]))
        }
        let plte = try #require(try Self.chunk("PLTE", of: png))
        #expect(plte.count == 3 * colours.count)
        let translucent = colours.filter { $0[3] != 255 }.count
        let trns = try Self.chunk("tRNS", of: png)
        #expect(trns?.count == (translucent == 0 ? nil : translucent))
        #expect(trns?.allSatisfy { $0 != 255 } ?? true)
        #expect(opaqueBackground == (trns == nil))
    }

    @Test func moreThan256ColoursStayDirect() throws {
        let gradient = TestImages.ring(size: 128)
        #expect(try PNGDecoder.header(PNGEncoder.encode(gradient)).colorType == .rgba)
        let noise = TestImages.noise(width: 64, height: 64, seed: 7)
        #expect(try PNGDecoder.header(PNGEncoder.encode(noise)).colorType == .rgba)
    }

    /// Up to 64² px both encodings are tried: 40 colours in 40 pixels make a palette dearer than the pixels.
    @Test func smallPicturesKeepTheSmallerFile() throws {
        let noise = TestImages.noise(width: 8, height: 5, seed: 3)
        let png = PNGEncoder.encode(noise)
        #expect(try PNGDecoder.header(png).colorType == .rgba)
        #expect(png == PNGEncoder.encode(noise, options: .init(allowsPalette: false)))
        let disc = Self.disc(size: 24, opaqueBackground: false)
        let small = PNGEncoder.encode(disc)
        #expect(small.count <= PNGEncoder.encode(disc, options: .init(allowsPalette: false)).count)
        #expect(try PNGDecoder.decode(small) == PNGDecoder.decode(PNGEncoder.encode(disc, options: .init(allowsPalette: false))))
    }

    /// Also where both encodings are compared (24 and 48 px): an opaque picture streamed as RGBA is compared with
    /// its RGB file, as its bitmap is, so both paths choose alike.
    @Test(arguments: [24, 48, 80], [false, true])
    func streamedEqualsBitmapEncoding(size: Int, opaqueBackground: Bool) {
        let image = Self.disc(size: size, opaqueBackground: opaqueBackground)
        #expect(RowStreamEncodingTests.streamed(image, opaque: false) == PNGEncoder.encode(image))
        if opaqueBackground {
            #expect(RowStreamEncodingTests.streamed(image, opaque: true) == PNGEncoder.encode(image))
        }
    }

    /// Frames would need one palette for all; animated PNGs stay RGB(A).
    @Test func animatedPicturesStayDirect() throws {
        let still = Self.disc(size: 96, opaqueBackground: false)
        let apng = APNGEncoder.encode(frames: [APNGFrame(image: still, delay: APNGDelay(numerator: 1, denominator: 30))], defaultImage: still)
        #expect(try PNGDecoder.header(apng).colorType == .rgba)
        #expect(try Self.chunk("PLTE", of: apng) == nil)
    }

    /// Beyond the whole-buffer limit rows stream through zlib and are gone before the colours are known.
    @Test func streamedLargePicturesStayDirect() throws {
        let width = 1025, height = 1024
        #expect(width * height > PNGEncoder.wholeBufferPixelLimit)
        let png = PNGEncoder.encode(width: width, height: height, opaque: false) { _, buffer in
            buffer.update(repeating: 0, count: width * 4)
            return UnsafePointer(buffer)
        }
        #expect(try PNGDecoder.header(png).colorType == .rgba)
    }
}

/// Which deflate level a still picture's rows get: palette indices their own (issue 21: every PNG within 5 % of
/// `optipng -o2`).
@Suite struct PNGCompressionChoiceTests {
    /// A palette picture's indices are compressed at the level its size gives (6), and again at
    /// ``PNGEncoder/WholeBufferLevels/palette`` (8) when that came to at most
    /// ``PNGEncoder/WholeBufferLevels/paletteRetryUpToBytes``, keeping the smaller; larger ones stay at 6.
    @Test func paletteIndicesAreCompressedAgainWhenSmall() throws {
        let levels = PNGEncoder.WholeBufferLevels.ringImages
        #expect(levels.palette == 8 && levels.paletteRetryUpToBytes == 2048)
        var retried = 0, kept = 0
        for size in [96, 128, 256, 512, 1024] {
            #expect(levels.level(forPixels: size * size) == (size > 512 ? 7 : 6))
            let png = PNGEncoder.encode(PNGPaletteTests.disc(size: size, opaqueBackground: false))
            #expect(try PNGDecoder.header(png).colorType == .palette)
            let rows = try PNGInspection.filteredRows(png)
            let atSizeLevel = rows.withUnsafeBufferPointer { WholeDeflate.zlib($0, level: levels.level(forPixels: size * size)) }
            let atPaletteLevel = rows.withUnsafeBufferPointer { WholeDeflate.zlib($0, level: levels.palette) }
            if atSizeLevel.count <= levels.paletteRetryUpToBytes {
                retried += 1
                #expect(try PNGInspection.imageData(png) == (atPaletteLevel.count < atSizeLevel.count ? atPaletteLevel : atSizeLevel), "\(size)")
                #expect(atPaletteLevel.count < atSizeLevel.count, "\(size)")
            } else {
                kept += 1
                #expect(try PNGInspection.imageData(png) == atSizeLevel, "\(size)")
            }
        }
        // Both sides of the rule were seen.
        #expect(retried > 0 && kept > 0, "retried \(retried), kept \(kept)")
    }

    /// Pictures of at most 64² px are compressed at ``PNGEncoder/WholeBufferLevels/tiny`` (8): a small gradient ring
    /// changes colour from pixel to pixel, and level 6 left the service's 64 px ring 5.3 % over `optipng -o2`. One
    /// pixel more and the size's own level (6) applies again.
    @Test func tinyPicturesAreCompressedHarder() throws {
        let levels = PNGEncoder.WholeBufferLevels.ringImages
        #expect(levels.tiny == 8 && levels.tinyUpTo == 64 * 64)
        #expect(levels.level(forPixels: 64 * 64) == 8 && levels.level(forPixels: 64 * 64 + 1) == 6)
        for (size, level) in [(48, 8), (64, 8), (65, 6)] {
            let png = PNGEncoder.encode(TestImages.ring(size: size))
            #expect(try PNGDecoder.header(png).colorType == .rgba, "a gradient ring has more than 256 colours")
            let rows = try PNGInspection.filteredRows(png)
            let expected = rows.withUnsafeBufferPointer { WholeDeflate.zlib($0, level: level) }
            #expect(try PNGInspection.imageData(png) == expected, "\(size) px at level \(level)")
        }
        // What the tier buys on the service's own 64 px ring (the bench's ring-64 case).
        let rows = try PNGInspection.filteredRows(PNGEncoder.encode(TestImages.ring(size: 64)))
        let six = rows.withUnsafeBufferPointer { WholeDeflate.zlib($0, level: 6) }.count
        let eight = rows.withUnsafeBufferPointer { WholeDeflate.zlib($0, level: 8) }.count
        #expect(eight < six, "level 8 \(eight) bytes, level 6 \(six)")
    }
}
