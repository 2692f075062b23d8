import CZlib
import Testing
@testable import RingFetch

/// Compresses test data with the system zlib, so the decoder is checked against a real encoder.
enum Compressor {
    /// `windowBits`: 31 gzip, 15 zlib, -15 raw deflate.
    static func compress(_ bytes: [UInt8], windowBits: Int32 = 31, level: Int32 = 9) -> [UInt8] {
        var stream = z_stream()
        let initStatus = deflateInit2_(
            &stream, level, Z_DEFLATED, windowBits, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
            Int32(MemoryLayout<z_stream>.size))
        precondition(initStatus == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))))
        let status = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        precondition(status == Z_STREAM_END)
        return Array(output[..<Int(stream.total_out)])
    }

    static func gzip(_ text: String) -> [UInt8] { compress(text.bytes) }
}

@Suite struct GzipDecoderTests {
    private let json = Array(String(repeating: "{\"key\": \"value\", \"n\": [1, 2, 3]}\n", count: 200).utf8)

    @Test func gzipRoundTrip() throws {
        let compressed = Compressor.compress(json)
        #expect(compressed.count < json.count / 4)
        #expect(compressed.starts(with: [0x1F, 0x8B]))
        #expect(try GzipDecoder.decode(compressed, limit: 64 * 1024) == json)
    }

    @Test func zlibRoundTrip() throws {
        let compressed = Compressor.compress(json, windowBits: 15)
        #expect(try GzipDecoder.decode(compressed, limit: 64 * 1024, format: .zlib) == json)
    }

    @Test func emptyPayloadRoundTrip() throws {
        #expect(try GzipDecoder.decode(Compressor.compress([]), limit: 0) == [])
        #expect(try GzipDecoder.decode(Compressor.compress([], windowBits: 15), limit: 0, format: .zlib) == [])
    }

    @Test func incompressibleDataLargerThanAChunk() throws {
        // Pseudo-random bytes, so the output arrives in many inflate calls of chunkBytes each.
        var state: UInt32 = 0x1234_5678
        let noise = (0..<(GzipDecoder.chunkBytes * 3 + 17)).map { _ -> UInt8 in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(truncatingIfNeeded: state >> 24)
        }
        #expect(try GzipDecoder.decode(Compressor.compress(noise), limit: noise.count) == noise)
        #expect(throws: FetchResponseError.decodedBodyTooLarge(limit: noise.count - 1)) {
            try GzipDecoder.decode(Compressor.compress(noise), limit: noise.count - 1)
        }
    }

    @Test(arguments: [0, 1, 100, GzipDecoder.chunkBytes - 1, GzipDecoder.chunkBytes, GzipDecoder.chunkBytes + 1])
    func limitIsInclusive(size: Int) throws {
        let data = [UInt8](repeating: 0x41, count: size)
        let compressed = Compressor.compress(data)
        #expect(try GzipDecoder.decode(compressed, limit: size) == data)
        if size > 0 {
            #expect(throws: FetchResponseError.decodedBodyTooLarge(limit: size - 1)) {
                try GzipDecoder.decode(compressed, limit: size - 1)
            }
        }
    }

    @Test func gzipBombStopsAtTheLimit() throws {
        let limit = 64 * 1024
        let bomb = Compressor.compress([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count < 20_000, "10 MB of zeros compress to about 10 KB")
        #expect(throws: FetchResponseError.decodedBodyTooLarge(limit: limit)) {
            try GzipDecoder.decode(bomb, limit: limit)
        }
        // It stopped one byte past the limit, not after inflating everything.
        switch GzipDecoder.inflate(bomb, limit: limit, format: .gzip) {
        case .success:
            Issue.record("the bomb was accepted")
        case .failure(let refusal):
            #expect(refusal.error == .decodedBodyTooLarge(limit: limit))
            #expect(refusal.produced == limit + 1)
        }
    }

    @Test func corruptDataIsBadGzip() {
        let good = Compressor.compress(json)
        var flipped = good
        flipped[good.count / 2] ^= 0xFF
        var badCRC = good
        badCRC[good.count - 6] ^= 0x01  // CRC-32 precedes the 4-byte length at the end
        var badLength = good
        badLength[good.count - 1] ^= 0x01
        var badMagic = good
        badMagic[0] = 0x1E
        let cases: [(String, [UInt8])] = [
            ("flipped byte", flipped), ("bad CRC", badCRC), ("bad ISIZE", badLength), ("bad magic", badMagic),
            ("empty", []), ("header only", Array(good.prefix(10))), ("truncated by one", Array(good.dropLast())),
            ("truncated by half", Array(good.prefix(good.count / 2))), ("plain text", json),
            ("trailing garbage", good + [0x00]), ("trailing text", good + "junk".bytes),
            ("second member", good + Compressor.compress("more".bytes)),
            ("zlib data", Compressor.compress(json, windowBits: 15)),
            ("raw deflate", Compressor.compress(json, windowBits: -15)),
        ]
        for (name, bytes) in cases {
            #expect(throws: FetchResponseError.badGzip, "\(name)") { try GzipDecoder.decode(bytes, limit: 1 << 20) }
        }
    }

    @Test func corruptZlibIsBadGzip() {
        let good = Compressor.compress(json, windowBits: 15)
        var badAdler = good
        badAdler[good.count - 1] ^= 0x01
        let cases: [(String, [UInt8])] = [
            ("bad Adler-32", badAdler), ("truncated", Array(good.dropLast(3))), ("trailing", good + [0]),
            ("gzip data", Compressor.compress(json)), ("raw deflate", Compressor.compress(json, windowBits: -15)),
            // A valid header (0x78 0xBB: FDICT set) asking for a preset dictionary.
            ("preset dictionary", [0x78, 0xBB, 0x00, 0x00, 0x00, 0x01, 0x03, 0x00]),
        ]
        for (name, bytes) in cases {
            #expect(throws: FetchResponseError.badGzip, "\(name)") {
                try GzipDecoder.decode(bytes, limit: 1 << 20, format: .zlib)
            }
        }
    }

    @Test func randomGarbageNeverCrashes() {
        var state: UInt64 = 42
        for length in [1, 2, 10, 18, 100, 1000] {
            for _ in 0..<50 {
                var bytes = (0..<length).map { _ -> UInt8 in
                    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    return UInt8(truncatingIfNeeded: state >> 56)
                }
                if length >= 3 { bytes[0] = 0x1F; bytes[1] = 0x8B; bytes[2] = 8 }  // get past the magic
                do {
                    let output = try GzipDecoder.decode(bytes, limit: 4096)
                    #expect(output.count <= 4096)
                } catch {
                    #expect(error == .badGzip || error == .decodedBodyTooLarge(limit: 4096))
                }
            }
        }
    }

    @Test func decodeContentByEncoding() throws {
        let gz = Compressor.compress(json)
        let zl = Compressor.compress(json, windowBits: 15)
        #expect(try GzipDecoder.decodeContent(json, contentEncoding: nil, limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent(json, contentEncoding: "identity", limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent(json, contentEncoding: "", limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent(gz, contentEncoding: "gzip", limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent(gz, contentEncoding: " GZip ", limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent(gz, contentEncoding: "x-gzip", limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent(gz, contentEncoding: "identity, gzip", limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent(zl, contentEncoding: "deflate", limit: 1 << 20) == json)
        #expect(try GzipDecoder.decodeContent([], contentEncoding: "gzip", limit: 0) == [])
        #expect(throws: FetchResponseError.unsupportedContentEncoding("br")) {
            try GzipDecoder.decodeContent(gz, contentEncoding: "br", limit: 1 << 20)
        }
        #expect(throws: FetchResponseError.unsupportedContentEncoding("gzip,gzip")) {
            try GzipDecoder.decodeContent(gz, contentEncoding: "gzip, gzip", limit: 1 << 20)
        }
        #expect(throws: FetchResponseError.unsupportedContentEncoding("gzip,br")) {
            try GzipDecoder.decodeContent(gz, contentEncoding: "gzip, br", limit: 1 << 20)
        }
        // The decoded limit applies to an identity body too, so callers need only one check.
        #expect(throws: FetchResponseError.decodedBodyTooLarge(limit: 10)) {
            try GzipDecoder.decodeContent(json, contentEncoding: nil, limit: 10)
        }
    }

    @Test func chunkedGzipResponseEndToEnd() throws {
        let compressed = Compressor.compress(json)
        var wire = "HTTP/1.1 200 OK\r\nContent-Encoding: gzip\r\nTransfer-Encoding: chunked\r\n\r\n".bytes
        var offset = 0
        while offset < compressed.count {
            let piece = compressed[offset..<min(offset + 100, compressed.count)]
            wire += String(piece.count, radix: 16).bytes + "\r\n".bytes + piece + "\r\n".bytes
            offset += piece.count
        }
        wire += "0\r\n\r\n".bytes
        var parser = ResponseParser()
        let response = try #require(try parser.feed(wire))
        #expect(response.body == compressed)
        let limit = FetchLimits().maxBodyBytes
        #expect(try GzipDecoder.decodeContent(response.body, contentEncoding: response.header("content-encoding"), limit: limit) == json)
    }
}
