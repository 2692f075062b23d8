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

/// `ContentCoding.preferred(by:)` reads `Accept-Encoding` as bytes since 2026-11-27; these pin that it still decides
/// exactly as the `String` version it replaced, kept here as the reference, over many generated values.
@Suite struct ContentCodingByteParsingTests {
    /// The `String` implementation as it was (split on `,` and `;`, trimmed and lowercased copies).
    static func reference(_ values: [String]) -> ContentCoding {
        guard !values.isEmpty else { return .identity }
        func lowered(_ s: Substring) -> String {
            var s = s
            while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
            while let l = s.last, l == " " || l == "\t" { s.removeLast() }
            return String(decoding: s.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
        }
        func qValue(_ parameters: ArraySlice<Substring>) -> Double? {
            for parameter in parameters {
                let trimmed = lowered(parameter)
                guard trimmed.hasPrefix("q=") else { continue }
                guard let q = Double(trimmed.dropFirst(2)), (0...1).contains(q) else { return nil }
                return q
            }
            return 1
        }
        var gzipQ: Double?, identityQ: Double?, anyQ: Double?
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";")
                guard let name = parts.first.map(lowered), !name.isEmpty, let q = qValue(parts.dropFirst()) else { continue }
                switch name {
                case "gzip", "x-gzip": gzipQ = max(gzipQ ?? 0, q)
                case "identity": identityQ = max(identityQ ?? 0, q)
                case "*": anyQ = max(anyQ ?? 0, q)
                default: continue
                }
            }
        }
        let gzip = gzipQ ?? anyQ ?? 0
        let identity = identityQ ?? anyQ ?? 0
        return gzip > 0 && gzip >= identity ? .gzip : .identity
    }

    @Test func decidesAsTheStringVersionDid() {
        let names = ["gzip", "GZip", "x-gzip", "identity", "IDENTITY", "*", "br", "deflate", "", " ", "gzipx", "gz"]
        let parameters = [
            "", ";q=0", ";q=1", ";Q=0.5", "; q=0.3 ", ";q=0.000", ";q=1.0", ";q=2", ";q=-1", ";q=abc", ";q=", ";q= 0.5",
            ";level=1", ";level=1;q=0.2", ";;q=0.7", ";q=1E-1", ";q=0X1P-1", ";q=nan", ";q=inf", ";", ";;",
        ]
        var rng = SystemRandomNumberGenerator()
        var seen: Set<ContentCoding> = []
        for _ in 0..<4_000 {
            var values: [String] = []
            for _ in 0..<Int.random(in: 1...2, using: &rng) {
                var elements: [String] = []
                for _ in 0..<Int.random(in: 0...4, using: &rng) {
                    let lead = [";", "", "", " ", "\t"].randomElement(using: &rng)!
                    let trail = ["", "", " ", "\t "].randomElement(using: &rng)!
                    elements.append(lead + names.randomElement(using: &rng)! + parameters.randomElement(using: &rng)! + trail)
                }
                values.append(elements.joined(separator: [",", ", ", " ,", ",,"].randomElement(using: &rng)!))
            }
            let headers = HTTPHeaders(values.map { ("Accept-Encoding", $0) })
            let expected = Self.reference(values)
            seen.insert(expected)
            #expect(ContentCoding.preferred(by: headers) == expected, "\(values)")
        }
        // Both answers came up, so the comparison was not one-sided.
        #expect(seen == [.gzip, .identity])
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
