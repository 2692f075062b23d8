import RingTestSupport
import RingRaster
import Testing
@testable import RingPNG

@Suite struct PNGDecoderTests {
    /// RGBA with IHDR, IDAT, IEND only: the tests below find IDAT by position.
    let png = PNGEncoder.encode(TestImages.noise(width: 8, height: 5, seed: 3), options: .init(allowsPalette: false))

    @Test func rejectsBadSignature() {
        var bytes = png
        bytes[1] = 0x51
        #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode(bytes) }
        #expect(throws: PNGDecodingError.notPNG) { try PNGDecoder.decode([]) }
    }

    @Test func rejectsCorruptedChunkData() throws {
        // Flip a bit inside the IDAT data: the CRC must catch it before zlib sees it.
        let idatOffset = 8 + 25 + 8
        var bytes = png
        bytes[idatOffset + 3] ^= 0x10
        #expect(throws: PNGDecodingError.badCRC(chunk: "IDAT")) { try PNGDecoder.decode(bytes) }
    }

    @Test func rejectsTruncationAndTrailingBytes() {
        #expect(throws: PNGDecodingError.truncated) { try PNGDecoder.decode(Array(png.dropLast())) }
        #expect(throws: PNGDecodingError.truncated) { try PNGDecoder.decode(Array(png.dropLast(12))) }
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(png + [0]) }
    }

    @Test func rejectsCorruptImageDataWithValidCRC() throws {
        var chunks = try PNGDecoder.chunks(png)
        chunks[1].data[5] ^= 0xFF
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(PNGInspection.assemble(chunks)) }
    }

    @Test func rejectsBadFilterType() throws {
        var chunks = try PNGDecoder.chunks(png)
        var raw = try Zlib.inflate(chunks[1].data, expectedCount: 5 * (8 * 4 + 1))
        raw[2 * 33] = 5
        chunks[1].data = Zlib.deflate(raw, level: 6)
        #expect(throws: PNGDecodingError.badFilterType(5, row: 2)) { try PNGDecoder.decode(PNGInspection.assemble(chunks)) }
    }

    @Test func rejectsStructuralErrors() throws {
        let chunks = try PNGDecoder.chunks(png)
        let (ihdr, idat, iend) = (chunks[0], chunks[1], chunks[2])
        let unknownCritical = PNGChunk(type: "ABCD", data: [])
        let ancillary = PNGChunk(type: "abCD", data: [1, 2])
        #expect(throws: PNGDecodingError.missingChunk("IHDR")) { try PNGDecoder.decode(PNGInspection.assemble([idat, iend])) }
        #expect(throws: PNGDecodingError.missingChunk("IDAT")) { try PNGDecoder.decode(PNGInspection.assemble([ihdr, iend])) }
        #expect(throws: PNGDecodingError.unsupported("critical chunk ABCD")) {
            try PNGDecoder.decode(PNGInspection.assemble([ihdr, unknownCritical, idat, iend]))
        }
        // Unknown ancillary chunks are ignored.
        #expect(try PNGDecoder.decode(PNGInspection.assemble([ihdr, ancillary, idat, iend])) == PNGDecoder.decode(png))
        // IDAT split in two consecutive chunks is fine; separated by another chunk it is not.
        let half = idat.data.count / 2
        let first = PNGChunk(type: "IDAT", data: Array(idat.data[..<half]))
        let second = PNGChunk(type: "IDAT", data: Array(idat.data[half...]))
        #expect(try PNGDecoder.decode(PNGInspection.assemble([ihdr, first, second, iend])) == PNGDecoder.decode(png))
        #expect(throws: PNGDecodingError.self) { try PNGDecoder.decode(PNGInspection.assemble([ihdr, first, ancillary, second, iend])) }
    }

    @Test func rejectsUnsupportedHeaders() throws {
        var chunks = try PNGDecoder.chunks(png)
        chunks[0].data[8] = 16
        #expect(throws: PNGDecodingError.unsupported("bit depth 16")) { try PNGDecoder.decode(PNGInspection.assemble(chunks)) }
        chunks[0].data[8] = 8
        chunks[0].data[12] = 1
        #expect(throws: PNGDecodingError.unsupported("Adam7 interlacing")) { try PNGDecoder.decode(PNGInspection.assemble(chunks)) }
        chunks[0].data[12] = 0
        chunks[0].data[0...7] = [0, 0, 0x40, 0, 0, 0, 0x40, 0]  // 16384 × 16384
        #expect(throws: PNGDecodingError.tooLarge(width: 16384, height: 16384)) {
            try PNGDecoder.decode(PNGInspection.assemble(chunks))
        }
    }

    /// Grey, grey+alpha, palette with tRNS and RGB with a tRNS key, written by hand.
    @Test func decodesOtherColourTypes() throws {
        func file(_ colorType: PNGColorType, _ rows: [[UInt8]], extra: [PNGChunk] = []) -> [UInt8] {
            var writer = PNGChunkWriter()
            writer.appendHeader(width: rows[0].count / colorType.channels, height: rows.count, colorType: colorType)
            for chunk in extra { writer.append(chunk.type, chunk.data) }
            writer.append("IDAT", Zlib.deflate(rows.flatMap { [0] + $0 }, level: 6))
            writer.appendEnd()
            return writer.bytes
        }
        let grey = try PNGDecoder.decode(file(.greyscale, [[0, 128], [255, 7]], extra: [PNGChunk(type: "tRNS", data: [0, 7])]))
        #expect(grey.pixels == [0, 0, 0, 255, 128, 128, 128, 255, 255, 255, 255, 255, 7, 7, 7, 0])
        let greyAlpha = try PNGDecoder.decode(file(.greyscaleAlpha, [[10, 20, 30, 40]]))
        #expect(greyAlpha.pixels == [10, 10, 10, 20, 30, 30, 30, 40])
        let palette = try PNGDecoder.decode(
            file(.palette, [[1, 0, 1]], extra: [PNGChunk(type: "PLTE", data: [1, 2, 3, 4, 5, 6]), PNGChunk(type: "tRNS", data: [99])]))
        #expect(palette.pixels == [4, 5, 6, 255, 1, 2, 3, 99, 4, 5, 6, 255])
        #expect(throws: PNGDecodingError.self) {
            try PNGDecoder.decode(file(.palette, [[2]], extra: [PNGChunk(type: "PLTE", data: [1, 2, 3, 4, 5, 6])]))
        }
        #expect(throws: PNGDecodingError.missingChunk("PLTE")) { try PNGDecoder.decode(file(.palette, [[0]])) }
        let keyed = try PNGDecoder.decode(
            file(.rgb, [[1, 2, 3, 1, 2, 4]], extra: [PNGChunk(type: "tRNS", data: [0, 1, 0, 2, 0, 3])]))
        #expect(keyed.pixels == [1, 2, 3, 0, 1, 2, 4, 255])
    }

    /// Each filter type reconstructs what the encoder filtered, on rows where they disagree.
    @Test func reconstructsEveryFilterType() {
        var rng = SplitMix64(seed: 5)
        let previous = (0..<24).map { _ in UInt8.random(in: 0...255, using: &rng) }
        let row = (0..<24).map { _ in UInt8.random(in: 0...255, using: &rng) }
        for bpp in [1, 2, 3, 4] {
            var encodings: Set<[UInt8]> = []
            for filter in PNGFilter.allCases {
                var filtered = [UInt8](repeating: 0, count: row.count)
                row.withUnsafeBufferPointer { r in
                    previous.withUnsafeBufferPointer { p in
                        filtered.withUnsafeMutableBufferPointer { filter.apply(row: r, previous: p, bpp: bpp, into: $0) }
                    }
                }
                encodings.insert(filtered)
                previous.withUnsafeBufferPointer { p in
                    filtered.withUnsafeMutableBufferPointer { filter.reconstruct(row: $0, previous: p, bpp: bpp) }
                }
                #expect(filtered == row, "filter \(filter) bpp \(bpp)")
            }
            #expect(encodings.count == 5)
        }
    }

    /// Paeth predictor against the specification's worked tie-breaking rules.
    @Test func paethPredictor() {
        #expect(PNGFilter.paethPredictor(10, 20, 10) == 20)  // p = 20: b is exact
        #expect(PNGFilter.paethPredictor(20, 10, 10) == 20)  // p = 20: a is exact
        #expect(PNGFilter.paethPredictor(10, 10, 10) == 10)  // all tie: a
        #expect(PNGFilter.paethPredictor(5, 9, 7) == 7)  // p = 7: c is exact
        #expect(PNGFilter.paethPredictor(0, 255, 255) == 0)  // p = 0
        #expect(PNGFilter.paethPredictor(4, 6, 0) == 6)  // p = 10: pb 4 < pa 6
    }
}
