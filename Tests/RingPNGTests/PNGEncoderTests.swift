import RingRaster
import Testing
@testable import RingPNG

@Suite struct PNGEncoderTests {
    /// A 1×1 transparent pixel, built independently with Python's `zlib` and `struct`.
    static let transparentPixelPNG: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52,
        0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4,
        0x89, 0x00, 0x00, 0x00, 0x0B, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x60, 0x00, 0x02, 0x00,
        0x00, 0x05, 0x00, 0x01, 0x7A, 0x5E, 0xAB, 0x3F, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44,
        0xAE, 0x42, 0x60, 0x82,
    ]

    /// The streaming (zlib) path, against bytes made independently.
    @Test func transparentPixelKnownAnswer() {
        #expect(PNGEncoder.encode(Bitmap(width: 1, height: 1), options: .init(wholeBufferLevels: nil)) == Self.transparentPixelPNG)
    }

    /// The whole-buffer (libdeflate) path: the same pixels as the streaming path, the same bytes every time, and
    /// within 3 % of its size (libdeflate level 6 against zlib level 6 with the ring match tuning: +0.3 … +2.0 %
    /// on rings of 256–512 px for about 0.6 of the time, level 7 above; docs/performance.md, "PNG compression").
    @Test func wholeBufferAndStreamingPathsAgree() throws {
        for image in [Bitmap(width: 1, height: 1), TestImages.ring(size: 48), TestImages.ring(size: 300)] {
            let whole = PNGEncoder.encode(image)
            let streamed = PNGEncoder.encode(image, options: .init(wholeBufferLevels: nil))
            #expect(whole == PNGEncoder.encode(image), "deterministic")
            #expect(try PNGDecoder.decode(whole).pixels == PNGDecoder.decode(streamed).pixels)
            if image.width > 1 {
                #expect(Double(whole.count) <= Double(streamed.count) * 1.03, "\(image.width) px: \(whole.count) vs \(streamed.count) bytes")
            }
        }
        #expect(PNGEncoder.wholeBufferPixelLimit == 1 << 20)
        #expect(PNGEncoder.WholeBufferLevels.ringImages.level(forPixels: 64 * 64) == 8)
        #expect(PNGEncoder.WholeBufferLevels.ringImages.level(forPixels: 256 * 256) == 6)
        #expect(PNGEncoder.WholeBufferLevels.ringImages.level(forPixels: 1024 * 1024) == 7)
    }

    @Test func defaultsAreLevelSixFilterNone() {
        let options = PNGEncoder.Options()
        #expect(options.level == 6)
        #expect(options.filter == .none)
        #expect(options.zlibStrategy == .default)
    }

    @Test func layoutIsSignatureHeaderOneIDATEnd() throws {
        let png = PNGEncoder.encode(TestImages.ring(size: 48))
        #expect(Array(png.prefix(8)) == PNGChunkWriter.signature)
        let chunks = try PNGDecoder.chunks(png)
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        #expect(chunks[0].data == [0, 0, 0, 48, 0, 0, 0, 48, 8, 6, 0, 0, 0])
    }

    @Test func outputIsDeterministic() {
        let bitmap = TestImages.ring(size: 40)
        #expect(PNGEncoder.encode(bitmap) == PNGEncoder.encode(bitmap))
    }

    @Test(arguments: [(64, 64, 1), (37, 23, 2), (1, 9, 3), (9, 1, 4)])
    func roundTripsNoise(width: Int, height: Int, seed: UInt64) throws {
        let bitmap = TestImages.noise(width: width, height: height, seed: seed)
        let image = try PNGDecoder.decode(PNGEncoder.encode(bitmap))
        #expect(image.width == width && image.height == height)
        #expect(image.pixels == TestImages.straight(bitmap))
    }

    @Test func roundTripsRingAndZeroesTransparentPixels() throws {
        var bitmap = TestImages.ring(size: 64)
        // Garbage colour under alpha 0 (not valid premultiplied data) must still come out as 0,0,0,0.
        bitmap.pixels[0] = 77
        let image = try PNGDecoder.decode(PNGEncoder.encode(bitmap))
        #expect(image.pixels == TestImages.straight(bitmap))
        #expect(image.pixel(x: 0, y: 0) == (0, 0, 0, 0))
        #expect(bitmap.pixels.contains { $0 > 0 && $0 < 255 }, "the test ring must have partial coverage")
    }

    @Test(arguments: PNGEncoder.FilterStrategy.allCases, [0, 1, 6, 9])
    func everyFilterAndLevelRoundTrips(filter: PNGEncoder.FilterStrategy, level: Int) throws {
        let bitmap = TestImages.noise(width: 31, height: 17, seed: 11)
        let ring = TestImages.ring(size: 33)
        for image in [bitmap, ring] {
            let options = PNGEncoder.Options(level: level, filter: filter)
            #expect(try PNGDecoder.decode(PNGEncoder.encode(image, options: options)).pixels == TestImages.straight(image))
        }
    }

    @Test(arguments: PNGEncoder.ZlibStrategy.allCases)
    func everyZlibStrategyRoundTrips(strategy: PNGEncoder.ZlibStrategy) throws {
        let ring = TestImages.ring(size: 50)
        let png = PNGEncoder.encode(ring, options: .init(filter: .minSum, zlibStrategy: strategy))
        #expect(try PNGDecoder.decode(png).pixels == TestImages.straight(ring))
    }

    /// The filter-type byte of each row is the one the strategy promises.
    @Test(arguments: PNGEncoder.FilterStrategy.allCases)
    func rowsCarryTheRequestedFilterType(filter: PNGEncoder.FilterStrategy) throws {
        let ring = TestImages.ring(size: 40)
        let types = try PNGInspection.filterTypes(PNGEncoder.encode(ring, options: .init(filter: filter)))
        #expect(types.count == 40)
        switch filter {
        case .none: #expect(types == Array(repeating: 0, count: 40))
        case .sub: #expect(types == Array(repeating: 1, count: 40))
        case .up: #expect(types == Array(repeating: 2, count: 40))
        case .average: #expect(types == Array(repeating: 3, count: 40))
        case .paeth: #expect(types == Array(repeating: 4, count: 40))
        case .minSum:
            // The first row is all zero bytes (transparent): None scores 0 and wins ties.
            #expect(types[0] == 0)
            #expect(Set(types).count >= 2, "MinSum should mix filter types on a ring, got \(Set(types))")
        }
    }

    @Test func opaqueImagesUseRGBUnlessDisallowed() throws {
        let opaque = TestImages.ring(size: 32, background: .init(0.11, 0.11, 0.12))
        let rgb = PNGEncoder.encode(opaque)
        #expect(try PNGDecoder.header(rgb).colorType == .rgb)
        #expect(try PNGDecoder.decode(rgb).pixels == opaque.pixels)
        let rgba = PNGEncoder.encode(opaque, options: .init(allowsRGB: false))
        #expect(try PNGDecoder.header(rgba).colorType == .rgba)
        #expect(try PNGDecoder.decode(rgba).pixels == opaque.pixels)

        var almost = opaque
        almost.pixels[almost.pixels.count - 1] = 254
        #expect(try PNGDecoder.header(PNGEncoder.encode(almost)).colorType == .rgba)
    }
}
