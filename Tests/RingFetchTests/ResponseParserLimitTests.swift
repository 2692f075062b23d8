import Testing
@testable import RingFetch

/// Every limit passes at exactly the limit and fails at limit + 1 byte, before a line or body ends, and the
/// parser never holds more than the limit.
@Suite struct ResponseParserLimitTests {
    private let small = FetchLimits(maxHeadBytes: 128, maxHeaderFields: 3, maxBodyBytes: 100, maxChunkLineBytes: 16)

    private func outcome(_ bytes: [UInt8], close: Bool = true) -> Outcome {
        let (outcome, disagreement) = ParserDriver.everySplit(bytes, limits: small, close: close)
        #expect(disagreement == nil)
        return outcome
    }

    /// A head of exactly `count` bytes: status line, an `X:` field padded to fit, Content-Length: 0, and the
    /// final empty line.
    private func head(count: Int, extra: String = "") -> [UInt8] {
        let fixed = "HTTP/1.1 200 OK\r\n" + extra + "Content-Length: 0\r\nX: \r\n\r\n"
        precondition(count >= fixed.utf8.count)
        let fill = String(repeating: "v", count: count - fixed.utf8.count)
        return ("HTTP/1.1 200 OK\r\n" + extra + "Content-Length: 0\r\nX: " + fill + "\r\n\r\n").bytes
    }

    @Test func headLimitCountsEveryLineAndTheFinalEmptyLine() {
        #expect(head(count: 128).count == 128)
        #expect(outcome(head(count: 128), close: false).parsed?.status == 200)
        #expect(outcome(head(count: 129)).error == .headTooLarge)
        // The byte that trips it is the 129th, whatever it is: here the last LF.
        #expect(ParserDriver.errorPosition(head(count: 129), limits: small)! == (.headTooLarge, 129))
    }

    @Test func aHeaderLineThatNeverEndsTripsAtLimitPlusOne() throws {
        let prefix = "HTTP/1.1 200 OK\r\nX: ".bytes
        let bytes = prefix + [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        let position = try #require(ParserDriver.errorPosition(bytes, limits: small))
        #expect(position == (.headTooLarge, 129))
        // Same for a status line that never ends.
        let status = "HTTP/1.1 200 ".bytes + [UInt8](repeating: UInt8(ascii: "a"), count: 1000)
        #expect(ParserDriver.errorPosition(status, limits: small)! == (.headTooLarge, 129))
    }

    @Test func aTenMegabyteHeaderLineNeverBuffersMoreThanTheLimit() throws {
        let limits = FetchLimits()
        var parser = ResponseParser(limits: limits)
        #expect(try parser.feed("HTTP/1.1 200 OK\r\nX-Huge: ".bytes) == nil)
        let piece = [UInt8](repeating: UInt8(ascii: "a"), count: 1024)
        var fed = 0
        var thrown: FetchResponseError?
        while fed < 10_000_000 && thrown == nil {
            do {
                _ = try parser.feed(piece)
                fed += piece.count
                #expect(parser.bufferedByteCount <= limits.maxHeadBytes)
            } catch {
                thrown = error
            }
        }
        #expect(thrown == .headTooLarge)
        #expect(fed < limits.maxHeadBytes)
        #expect(parser.bufferedByteCount == 0, "the buffer is released")

        // One 10 MB read: refused without copying it.
        var whole = ResponseParser(limits: limits)
        let huge = "HTTP/1.1 200 OK\r\nX-Huge: ".bytes + [UInt8](repeating: UInt8(ascii: "a"), count: 10_000_000)
        #expect(throws: FetchResponseError.headTooLarge) { try whole.feed(huge) }
    }

    @Test func interimHeadsCountTowardsTheHeadLimit() {
        let interim = "HTTP/1.1 103 Early Hints\r\nLink: </a>\r\n\r\n".bytes  // 40 bytes
        let final = head(count: 128 - interim.count)
        #expect(outcome(interim + final, close: false).parsed?.status == 200)
        #expect(outcome(interim + head(count: 128 - interim.count + 1)).error == .headTooLarge)
        // An endless stream of interim responses trips it too.
        let endless = Array([[UInt8]](repeating: "HTTP/1.1 100 Continue\r\n\r\n".bytes, count: 100).joined())
        #expect(ParserDriver.errorPosition(endless, limits: small)?.error == .headTooLarge)
        #expect(ParserDriver.errorPosition(endless, limits: small)?.fed == 129)
    }

    @Test func fieldCountLimit() {
        // head() holds two fields (Content-Length, X); one more is the limit of 3.
        #expect(outcome(head(count: 60, extra: "A: 1\r\n"), close: false).parsed?.headers.count == 3)
        #expect(outcome(head(count: 60, extra: "A: 1\r\nB: 2\r\n")).error == .tooManyHeaderFields)
        // Per head: an interim response's fields are not carried into the final one.
        let interim = "HTTP/1.1 103 Early Hints\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n".bytes
        #expect(outcome(interim + "HTTP/1.1 200 OK\r\nA: 1\r\nB: 2\r\nC: 3\r\n\r\n".bytes).parsed?.headers.count == 3)
    }

    @Test func contentLengthOverTheLimitIsRefusedBeforeTheBody() throws {
        let atLimit = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\n\r\n".bytes
        let body = [UInt8](repeating: 0x7B, count: 100)
        #expect(outcome(atLimit + body, close: false).parsed?.body == body)
        let over = "HTTP/1.1 200 OK\r\nContent-Length: 101\r\n\r\n".bytes
        // Thrown at the head's last byte: no body byte has been read.
        let position = try #require(ParserDriver.errorPosition(over + body + [0], limits: small))
        #expect(position == (.bodyTooLarge(limit: 100), over.count))
    }

    @Test func closeDelimitedBodyLimit() throws {
        let head = "HTTP/1.1 200 OK\r\n\r\n".bytes
        let body = [UInt8](repeating: 0x61, count: 100)
        #expect(outcome(head + body).parsed?.body == body)
        let position = try #require(ParserDriver.errorPosition(head + body + [0x61], limits: small))
        #expect(position == (.bodyTooLarge(limit: 100), head.count + 101))
    }

    @Test func closeDelimitedBodyNeverBuffersMoreThanTheLimit() throws {
        let limits = FetchLimits()
        var parser = ResponseParser(limits: limits)
        _ = try parser.feed("HTTP/1.1 200 OK\r\n\r\n".bytes)
        // One 10 MB read is refused whole, without copying any of it.
        #expect(throws: FetchResponseError.bodyTooLarge(limit: limits.maxBodyBytes)) {
            try parser.feed([UInt8](repeating: 0, count: 10_000_000))
        }
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func chunkedBodyLimitIsCheckedOnTheDeclaredSize() throws {
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".bytes
        let sixty = [UInt8](repeating: 0x61, count: 60)
        let forty = [UInt8](repeating: 0x62, count: 40)
        let atLimit = head + "3c\r\n".bytes + sixty + "\r\n28\r\n".bytes + forty + "\r\n0\r\n\r\n".bytes
        #expect(outcome(atLimit, close: false).parsed?.body == sixty + forty)
        let overPrefix = head + "3c\r\n".bytes + sixty + "\r\n29\r\n".bytes
        let over = overPrefix + forty + "b\r\n0\r\n\r\n".bytes
        #expect(outcome(over).error == .bodyTooLarge(limit: 100))
        // Thrown at the LF of the size line that asks for too much.
        #expect(ParserDriver.errorPosition(over, limits: small)! == (.bodyTooLarge(limit: 100), overPrefix.count))
    }

    @Test func chunkLineLimitIncludesItsCRLF() throws {
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n".bytes
        // "1;" + 12 bytes of extension + CRLF = 16 bytes.
        let atLimit = head + "1;xxxxxxxxxxxx\r\nz\r\n0\r\n\r\n".bytes
        #expect(outcome(atLimit, close: false).parsed?.body == "z".bytes)
        let over = head + "1;xxxxxxxxxxxxx\r\nz\r\n0\r\n\r\n".bytes
        #expect(outcome(over).error == .chunkLineTooLong)
        // An extension that never ends trips at the 17th byte of its line.
        let endless = head + "1;".bytes + [UInt8](repeating: UInt8(ascii: "x"), count: 1000)
        #expect(ParserDriver.errorPosition(endless, limits: small)! == (.chunkLineTooLong, head.count + 17))
        // So do leading zeros: the line limit bounds how long a size may be written.
        let zeros = head + [UInt8](repeating: UInt8(ascii: "0"), count: 1000)
        #expect(ParserDriver.errorPosition(zeros, limits: small)! == (.chunkLineTooLong, head.count + 17))
    }

    @Test func trailerSectionHasItsOwnHeadSizedBudget() throws {
        // A head close to the limit does not eat into the trailers' budget.
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nX: ".bytes
            + [UInt8](repeating: UInt8(ascii: "h"), count: 128 - 52) + "\r\n\r\n".bytes
        #expect(head.count == 128)
        // Trailer section: "T: " + fill + CRLF + CRLF = 128 bytes.
        let trailer = "T: ".bytes + [UInt8](repeating: UInt8(ascii: "t"), count: 128 - 7) + "\r\n\r\n".bytes
        let atLimit = head + "0\r\n".bytes + trailer
        #expect(outcome(atLimit, close: false).parsed?.status == 200)
        let over = head + "0\r\nT: ".bytes + [UInt8](repeating: UInt8(ascii: "t"), count: 1000)
        #expect(ParserDriver.errorPosition(over, limits: small)! == (.headTooLarge, head.count + 3 + 129))
    }

    @Test func trailerFieldCountLimit() {
        let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n".bytes
        #expect(outcome(head + "A: 1\r\nB: 2\r\nC: 3\r\n\r\n".bytes, close: false).parsed?.status == 200)
        #expect(outcome(head + "A: 1\r\nB: 2\r\nC: 3\r\nD: 4\r\n\r\n".bytes).error == .tooManyHeaderFields)
    }

    @Test func defaultsAreTheDocumentedOnes() {
        let limits = FetchLimits()
        #expect(limits.maxHeadBytes == 16 * 1024)
        #expect(limits.maxHeaderFields == 64)
        #expect(limits.maxBodyBytes == 64 * 1024)
        #expect(limits.maxChunkLineBytes == 1024)
    }
}
