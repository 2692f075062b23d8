import CZlib
import RingHTTP
import Testing
@testable import RingApp

@Suite struct ContentCodingTests {
    func coding(_ acceptEncoding: String?) -> ContentCoding {
        ContentCoding.preferred(by: HTTPHeaders(acceptEncoding.map { [("Accept-Encoding", $0)] } ?? []))
    }

    @Test(arguments: [
        ("gzip", ContentCoding.gzip), ("gzip, deflate, br", .gzip), ("GZIP", .gzip), ("x-gzip", .gzip),
        ("br;q=1.0, gzip;q=0.8, *;q=0.1", .gzip), ("*", .gzip), ("identity;q=0.5, gzip", .gzip),
        ("gzip;q=0", .identity), ("gzip;q=0.0, *;q=1", .identity), ("*;q=0, identity", .identity),
        ("deflate, br", .identity), ("", .identity), ("identity", .identity),
        ("gzip;q=0.4, identity;q=0.5", .identity), ("gzip;q=abc", .identity), ("gzip;q=2", .identity),
        ("*, gzip;q=0", .identity), (" gzip ; q=0.5 ", .gzip),
    ])
    func acceptEncodingPicksTheCoding(header: String, expected: ContentCoding) {
        #expect(coding(header) == expected)
    }

    @Test func noHeaderMeansIdentity() {
        #expect(coding(nil) == .identity)
    }

    @Test func severalHeaderLinesFormOneList() {
        let headers = HTTPHeaders([("Accept-Encoding", "br"), ("Accept-Encoding", "gzip;q=0.5")])
        #expect(ContentCoding.preferred(by: headers) == .gzip)
    }
}

@Suite struct EntityTagConditionTests {
    func condition(_ values: String...) -> EntityTagCondition? {
        EntityTagCondition(HTTPHeaders(values.map { ("If-None-Match", $0) }))
    }

    @Test func parsesListsStarAndWeakTags() throws {
        let c = try #require(condition(#""a", W/"b" ,"c,d""#))
        #expect(c.lists("\"a\"") && c.lists("\"b\"") && c.lists("\"c,d\""))
        #expect(!c.lists("\"c\"") && !c.matchesAny)
        #expect(try #require(condition("*")).matchesAny)
        #expect(condition() == nil)
    }

    @Test func skipsMembersThatAreNotEntityTags() throws {
        let c = try #require(condition("abc, \"ok\", W/, \""))
        #expect(c.tags == ["\"ok\""])
    }
}

@Suite struct GzipTests {
    /// Inflates a gzip member with zlib (windowBits 31 accepts only the gzip wrapper).
    static func gunzip(_ bytes: [UInt8]) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit2_(&stream, 31, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        var status: Int32 = Z_OK
        input.withUnsafeMutableBufferPointer { inBuffer in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = uInt(inBuffer.count)
            while status == Z_OK {
                chunk.withUnsafeMutableBufferPointer { out in
                    stream.next_out = out.baseAddress
                    stream.avail_out = uInt(out.count)
                    status = inflate(&stream, Z_NO_FLUSH)
                    output.append(contentsOf: out[0..<(out.count - Int(stream.avail_out))])
                }
            }
        }
        return status == Z_STREAM_END && stream.avail_in == 0 ? output : nil
    }

    @Test(arguments: [0, 1, 100, 100_000])
    func roundTrips(count: Int) throws {
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...7, using: &generator) }
        let compressed = Gzip.compress(bytes)
        #expect(compressed.prefix(2) == [0x1F, 0x8B])  // gzip magic, not a zlib header
        #expect(try #require(Self.gunzip(compressed)) == bytes)
    }
}
