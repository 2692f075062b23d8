import RingTestSupport
import Testing
@testable import RingPNG

@Suite struct ZlibTests {
    /// `zlib.compress(b"hello")` from Python (level 6, default strategy): header 78 9C, Adler-32 062C0215.
    static let helloStream: [UInt8] = [0x78, 0x9C, 0xCB, 0x48, 0xCD, 0xC9, 0xC9, 0x07, 0x00, 0x06, 0x2C, 0x02, 0x15]

    @Test func deflateKnownAnswer() {
        #expect(Zlib.deflate(Array("hello".utf8), level: 6) == Self.helloStream)
    }

    @Test func inflateKnownAnswer() throws {
        #expect(try Zlib.inflate(Self.helloStream, expectedCount: 5) == Array("hello".utf8))
    }

    @Test(arguments: [0, 1, 6, 9], PNGEncoder.ZlibStrategy.allCases)
    func piecewiseDeflateRoundTrips(level: Int, strategy: PNGEncoder.ZlibStrategy) throws {
        var rng = SplitMix64(seed: 7)
        // Compressible but not trivial, and longer than the 64 KiB output chunk.
        let input = (0..<300_000).map { i in UInt8(truncatingIfNeeded: i / 97 &+ (rng.next() % 5 == 0 ? 1 : 0)) }
        var deflater = Deflater(level: level, strategy: strategy.zlib)
        for start in stride(from: 0, to: input.count, by: 4099) {
            input[start..<min(start + 4099, input.count)].withUnsafeBufferPointer { deflater.append($0) }
        }
        let stream = deflater.finish()
        #expect(try Zlib.inflate(stream, expectedCount: input.count) == input)
    }

    @Test func inflateRejectsDamage() {
        let stream = Self.helloStream
        #expect(throws: PNGDecodingError.self) { try Zlib.inflate(Array(stream.dropLast()), expectedCount: 5) }
        var badChecksum = stream
        badChecksum[badChecksum.count - 1] ^= 1
        #expect(throws: PNGDecodingError.self) { try Zlib.inflate(badChecksum, expectedCount: 5) }
        #expect(throws: PNGDecodingError.self) { try Zlib.inflate(stream + [0], expectedCount: 5) }
        #expect(throws: PNGDecodingError.self) { try Zlib.inflate(stream, expectedCount: 4) }
        #expect(throws: PNGDecodingError.self) { try Zlib.inflate(stream, expectedCount: 6) }
        #expect(throws: PNGDecodingError.self) { try Zlib.inflate([0x78, 0x9C, 0xFF, 0xFF], expectedCount: 5) }
    }
}
