import Testing
@testable import RingHTTP

/// Limits trip exactly one byte past the boundary, and before the line or section ends, so an attacker never
/// makes the parser hold more than the limit.
@Suite struct HTTPRequestParserLimitsTests {
    private let small = HTTPParserLimits(maxTargetBytes: 16, maxHeaderBytes: 64, maxHeaderFields: 3)

    private func outcome(_ text: String, _ limits: HTTPParserLimits) -> ParseOutcome {
        ParserDriver.whole(Array(text.utf8), limits: limits)
    }

    @Test func targetLimitIsInclusive() {
        let at = "/" + String(repeating: "a", count: 15)
        #expect(outcome("GET \(at) HTTP/1.1\r\nHost: x\r\n\r\n", small).requests.first?.target == at)
        #expect(outcome("GET \(at)a HTTP/1.1\r\nHost: x\r\n\r\n", small).error == .targetTooLong)
    }

    @Test func headerFieldLimitIsInclusive() {
        let three = "GET / HTTP/1.1\r\nHost: x\r\nA: 1\r\nB: 2\r\n"
        #expect(outcome(three + "\r\n", small).requests.count == 1)
        #expect(outcome(three + "C: 3\r\n\r\n", small).error == .tooManyFields)
    }

    @Test func headerSectionLimitCountsTheFinalEmptyLine() {
        // "Host: x\r\n" (9) + "X: " (3) + value + CRLF (2) + final CRLF (2) = 16 + value.
        let at = "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "v", count: 48) + "\r\n\r\n"
        #expect(outcome(at, small).requests.count == 1)
        let over = "GET / HTTP/1.1\r\nHost: x\r\nX: " + String(repeating: "v", count: 49) + "\r\n\r\n"
        #expect(outcome(over, small).error == .headerSectionTooLarge)
    }

    @Test func limitsTripBeforeTheLineEnds() throws {
        let cases: [(prefix: String, filler: UInt8, error: HTTPParseError, limit: Int)] = [
            ("GET /", UInt8(ascii: "a"), .targetTooLong, 16 + 4),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: ", UInt8(ascii: "a"), .headerSectionTooLarge, 16 + 64),
            ("", UInt8(ascii: "A"), .methodTooLong, HTTPRequestParser.maxMethodBytes),
            ("GET / HTTP/1.1", UInt8(ascii: "1"), .malformedVersion, 14),
        ]
        for c in cases {
            var parser = HTTPRequestParser(limits: small)
            parser.append(Array(c.prefix.utf8))
            #expect(try parser.nextRequest() == nil)
            var fed = c.prefix.utf8.count
            var thrown: HTTPParseError?
            while thrown == nil && fed < 100_000 {
                parser.append(CollectionOfOne(c.filler))
                fed += 1
                do { _ = try parser.nextRequest() } catch { thrown = error }
            }
            #expect(thrown == c.error)
            #expect(fed <= c.limit + 1, "\(c.error) only after \(fed) bytes")
            #expect(parser.bufferedByteCount == 0, "the buffer is released")
        }
    }

    @Test func emptyLinesBeforeARequestAreBounded() {
        let request = "GET / HTTP/1.1\r\nHost: x\r\n\r\n"
        let limit = HTTPRequestParser.maxEmptyLinesBeforeRequest
        let at = String(repeating: "\r\n", count: limit) + request
        #expect(ParserDriver.byteByByte(Array(at.utf8)).requests.count == 1)
        let over = String(repeating: "\r\n", count: limit + 1) + request
        #expect(ParserDriver.byteByByte(Array(over.utf8)).error == .tooManyEmptyLines)
        // The count restarts with every request.
        let pipelined = Array(repeating: String(repeating: "\r\n", count: limit) + request, count: 3).joined()
        #expect(ParserDriver.whole(Array(pipelined.utf8)).requests.count == 3)
    }

    @Test func defaultLimitsMatchTheDesign() {
        let limits = HTTPParserLimits()
        #expect(limits.maxTargetBytes == 8192)
        #expect(limits.maxHeaderBytes == 16384)
        #expect(limits.maxHeaderFields == 100)
    }
}
