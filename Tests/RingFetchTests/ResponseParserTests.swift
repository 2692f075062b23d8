import Testing
@testable import RingFetch

/// Well-formed responses, the status line, header fields, and framing by Content-Length, close and 1xx.
/// Every case goes through every two-way split and byte-by-byte feeding, which must agree.
@Suite struct ResponseParserTests {
    /// The outcome of `text`, after checking that every split of it gives the same outcome.
    private func parse(_ text: String, close: Bool = true, limits: FetchLimits = FetchLimits()) -> Outcome {
        parse(text.bytes, close: close, limits: limits)
    }

    private func parse(_ bytes: [UInt8], close: Bool = true, limits: FetchLimits = FetchLimits()) -> Outcome {
        let (outcome, disagreement) = ParserDriver.everySplit(bytes, limits: limits, close: close)
        #expect(disagreement == nil)
        return outcome
    }

    @Test func contentLengthResponse() {
        let text = "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 7\r\n\r\n{\"a\":1}"
        let expected = Parsed(
            status: 200, headers: ["content-type: application/json", "content-length: 7"], body: "{\"a\":1}")
        // Complete without EOF: the length says where the body ends.
        #expect(parse(text, close: false) == .response(expected))
    }

    @Test func accessorsFindFieldsInAnyCase() throws {
        var parser = ResponseParser()
        let text = "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nX-A: 1\r\ncache-control:  no-cache \r\n"
            + "Content-Length: 0\r\n\r\n"
        let response = try #require(try parser.feed(text.bytes))
        #expect(response.header("CACHE-CONTROL") == "max-age=60")
        #expect(response.headers("Cache-Control") == ["max-age=60", "no-cache"])
        #expect(response.headers("cache-control").joined(separator: ",") == "max-age=60,no-cache")
        #expect(response.header("x-a") == "1")
        #expect(response.header("missing") == nil)
        #expect(response.headers("missing").isEmpty)
        #expect(response.headers.map(\.name) == ["cache-control", "x-a", "cache-control", "content-length"])
    }

    @Test func publicInitLowercasesNames() {
        let response = ClientResponse(status: 200, reason: "OK", headers: [("ETag", "\"x\"")], body: [])
        #expect(response.headers.first?.name == "etag")
        #expect(response.header("etag") == "\"x\"")
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK", 200, "OK"),
        ("HTTP/1.1 200 ", 200, ""),
        ("HTTP/1.1 200", 200, ""),
        ("HTTP/1.0 404 Not  Found ", 404, "Not  Found "),
        ("HTTP/1.1 599 \tweird\t", 599, "\tweird\t"),
    ])
    func statusLines(line: String, status: Int, reason: String) {
        let expected = Parsed(status: status, reason: reason, headers: ["content-length: 0"])
        #expect(parse(line + "\r\nContent-Length: 0\r\n\r\n") == .response(expected))
    }

    @Test func reasonKeepsObsTextReplacingInvalidUTF8() {
        var bytes = "HTTP/1.1 200 Tr\u{e8}s bien ".bytes
        bytes += [0xFF] + "\r\nContent-Length: 0\r\n\r\n".bytes
        #expect(parse(bytes).parsed?.reason == "Tr\u{e8}s bien \u{FFFD}")
    }

    @Test(arguments: [
        ("HTTP/2 200 OK", FetchResponseError.badVersion),
        ("HTTP/2.0 200 OK", .badVersion),
        ("HTTP/1.2 200 OK", .badVersion),
        ("HTTP/0.9 200 OK", .badVersion),
        ("HTTP/1.", .badVersion),
        ("HTTP/1.1", .badStatusLine),
        ("HTTP/1.10 200 OK", .badStatusLine),
        ("http/1.1 200 OK", .badStatusLine),
        ("ICY 200 OK", .badStatusLine),
        ("HTTP/1.1 20 OK", .badStatusLine),
        ("HTTP/1.1 2000 OK", .badStatusLine),
        ("HTTP/1.1 600 Nope", .badStatusLine),
        ("HTTP/1.1 099 Nope", .badStatusLine),
        ("HTTP/1.1  200 OK", .badStatusLine),
        ("HTTP/1.1\t200 OK", .badStatusLine),
        ("HTTP/1.1 200\tOK", .badStatusLine),
        ("HTTP/1.1 2x0 OK", .badStatusLine),
        ("HTTP/1.1 200 O\u{0}K", .badStatusLine),
        ("HTTP/1.1 200 O\u{7F}K", .badStatusLine),
        (" HTTP/1.1 200 OK", .badStatusLine),
        ("", .badStatusLine),  // an empty line before the status line
    ])
    func malformedStatusLines(line: String, error: FetchResponseError) {
        #expect(parse(line + "\r\nContent-Length: 0\r\n\r\n").error == error)
    }

    @Test func bareLineFeedsAreAcceptedInTheHead() {
        let expected = Parsed(status: 200, headers: ["content-length: 2", "x: y"], body: "hi")
        #expect(parse("HTTP/1.1 200 OK\nContent-Length: 2\nX: y\n\nhi") == .response(expected))
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 2\nX: y\r\n\nhi") == .response(expected))
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\rContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: a\rb\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nX: a\r\r\nContent-Length: 0\r\n\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 0\r\r\n\r\n",
    ])
    func bareCarriageReturnsAreRefused(text: String) {
        #expect(parse(text).error == .bareCarriageReturn)
    }

    @Test(arguments: [
        ("HTTP/1.1 200 OK\r\nX: a\r\n  continued\r\n\r\n", FetchResponseError.obsoleteLineFolding),
        ("HTTP/1.1 200 OK\r\nX: a\r\n\tcontinued\r\n\r\n", .obsoleteLineFolding),
        ("HTTP/1.1 200 OK\r\n X: a\r\n\r\n", .obsoleteLineFolding),
        ("HTTP/1.1 200 OK\r\nX : a\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\nX\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\n: a\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\nX Y: a\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\nX(: a\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\nX\u{0}: a\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\nCaf\u{e9}: a\r\n\r\n", .badFieldLine),  // é is not a tchar
        ("HTTP/1.1 200 OK\r\nX: a\u{0}b\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\nX: a\u{7F}\r\n\r\n", .badFieldLine),
        ("HTTP/1.1 200 OK\r\nX: a\u{1B}[31m\r\n\r\n", .badFieldLine),
    ])
    func malformedFieldLines(text: String, error: FetchResponseError) {
        #expect(parse(text).error == error)
    }

    @Test func fieldValuesAreTrimmedAndKeepObsText() {
        // é in UTF-8, then a lone 0xC3 that is not valid UTF-8 and is replaced.
        let bytes = "HTTP/1.1 200 OK\r\nEmpty:\r\nSpaces: \t \r\nX-Name:  a  b \t\r\nX-Obs: \u{e9}".bytes
            + [0xC3] + "\r\nContent-Length: 0\r\n\r\n".bytes
        #expect(parse(bytes).parsed?.headers
            == ["empty: ", "spaces: ", "x-name: a  b", "x-obs: \u{e9}\u{FFFD}", "content-length: 0"])
    }

    @Test(arguments: [204, 304])
    func bodilessStatusesIgnoreFraming(status: Int) {
        for framing in ["Content-Length: 10", "Transfer-Encoding: chunked", "Transfer-Encoding: gzip", ""] {
            let text = "HTTP/1.1 \(status) X\r\n\(framing.isEmpty ? "" : framing + "\r\n")\r\nbody bytes"
            #expect(parse(text, close: false).parsed?.body == [], "\(framing)")
        }
    }

    @Test func zeroContentLengthCompletesWithoutEOF() {
        #expect(parse("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n", close: false).parsed?.body == [])
    }

    @Test func bytesAfterTheResponseAreIgnored() throws {
        var parser = ResponseParser()
        let first = try #require(try parser.feed("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhiEXTRA".bytes))
        #expect(first.body == "hi".bytes)
        let again = try #require(try parser.feed("HTTP/1.1 500 No\r\n\r\n".bytes))
        #expect(Parsed(again) == Parsed(first))
        #expect(Parsed(try parser.finish()) == Parsed(first))
    }

    @Test func nothingIsReturnedBeforeTheBodyIsComplete() throws {
        var parser = ResponseParser()
        #expect(try parser.feed("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhel".bytes) == nil)
        #expect(try parser.feed([]) == nil)
        #expect(try parser.feed("lo".bytes)?.body == "hello".bytes)
    }

    @Test(arguments: [
        ("Content-Length: 5\r\nContent-Length: 5", "hello"),
        ("Content-Length: 5, 5", "hello"),
        ("Content-Length: 5 ,5\r\nContent-Length: 05", "hello"),
        ("Content-Length: 0005", "hello"),
        ("Content-Length: 00", ""),
    ])
    func agreeingContentLengths(fields: String, body: String) {
        let text = "HTTP/1.1 200 OK\r\n\(fields)\r\n\r\nhelloEXTRA"
        #expect(parse(text, close: false).parsed?.body == body.bytes)
    }

    @Test(arguments: [
        "Content-Length: 5\r\nContent-Length: 6",
        "Content-Length: 5, 6",
        "Content-Length: 5,,5",
        "Content-Length: 5,",
        "Content-Length: ",
        "Content-Length: -5",
        "Content-Length: +5",
        "Content-Length: 5a",
        "Content-Length: 0x10",
        "Content-Length: 1 2",
        "Content-Length: 5.0",
        "Content-Length: \u{665}",  // an Arabic-Indic digit five is not a DIGIT
        "Content-Length: 99999999999999999999999999, 1",
    ])
    func invalidContentLengths(fields: String) {
        #expect(parse("HTTP/1.1 200 OK\r\n\(fields)\r\n\r\nhello").error == .badContentLength)
    }

    @Test func hugeContentLengthIsTooLargeNotAnOverflow() {
        for value in ["99999999999999999999999999", "9223372036854775807", "9223372036854775808", "65537"] {
            let text = "HTTP/1.1 200 OK\r\nContent-Length: \(value)\r\n\r\n"
            #expect(parse(text).error == .bodyTooLarge(limit: 65536), "\(value)")
        }
    }

    @Test func closeDelimitedBody() {
        let expected = Parsed(status: 200, headers: ["x: 1"], body: "until\r\nthe end")
        #expect(parse("HTTP/1.1 200 OK\r\nX: 1\r\n\r\nuntil\r\nthe end") == .response(expected))
        #expect(parse("HTTP/1.1 200 OK\r\nX: 1\r\n\r\nuntil", close: false) == .needMore)
        #expect(parse("HTTP/1.0 200 OK\r\n\r\n").parsed?.body == [])
    }

    @Test(arguments: [
        "",
        "HTTP/1.1 200",
        "HTTP/1.1 200 OK\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n",
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r",
        "HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhell",
        "HTTP/1.1 100 Continue\r\n\r\n",
        "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n",
    ])
    func eofBeforeTheEndIsTruncation(text: String) {
        #expect(parse(text).error == .truncated)
    }

    @Test func interimResponsesAreSkipped() {
        let text = "HTTP/1.1 100 Continue\r\n\r\n"
            + "HTTP/1.1 103 Early Hints\r\nLink: </style.css>; rel=preload\r\nContent-Length: 99\r\n\r\n"
            + "HTTP/1.1 102 Processing\r\n\r\n"
            + "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"
        #expect(parse(text, close: false) == .response(Parsed(status: 200, headers: ["content-length: 2"], body: "ok")))
    }

    @Test func switchingProtocolsIsRefused() {
        let text = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"
        #expect(parse(text).error == .unexpectedUpgrade)
    }

    @Test func errorsAreSticky() {
        var parser = ResponseParser()
        #expect(throws: FetchResponseError.badStatusLine) { try parser.feed("HTTP/1.1 OK\r\n".bytes) }
        #expect(throws: FetchResponseError.badStatusLine) {
            try parser.feed("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".bytes)
        }
        #expect(throws: FetchResponseError.badStatusLine) { try parser.finish() }
        #expect(parser.bufferedByteCount == 0)

        var truncated = ResponseParser()
        #expect(throws: FetchResponseError.truncated) { try truncated.finish() }
        #expect(throws: FetchResponseError.truncated) { try truncated.feed("HTTP/1.1 200 OK\r\n\r\n".bytes) }
    }

    @Test func transferEncodingChunkedWinsOverContentLength() {
        let text = "HTTP/1.1 200 OK\r\nContent-Length: 100\r\nTransfer-Encoding: Chunked\r\n\r\n2\r\nhi\r\n0\r\n\r\n"
        #expect(parse(text, close: false).parsed?.body == "hi".bytes)
        // Even an invalid Content-Length does not matter then.
        let invalid = "HTTP/1.1 200 OK\r\nContent-Length: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        #expect(parse(invalid, close: false).parsed?.body == [])
    }

    @Test(arguments: [
        ("Transfer-Encoding: gzip, chunked", FetchResponseError.unsupportedTransferCoding("gzip")),
        ("Transfer-Encoding: gzip\r\nTransfer-Encoding: chunked", .unsupportedTransferCoding("gzip")),
        ("Transfer-Encoding: chunked, identity", .unsupportedTransferCoding("identity")),
        ("Transfer-Encoding: chunked;q=1", .unsupportedTransferCoding("chunked;q=1")),
        ("Transfer-Encoding: x-\u{e9}", .unsupportedTransferCoding("x-?")),  // é is one scalar
        ("Transfer-Encoding: " + String(repeating: "z", count: 40), .unsupportedTransferCoding(String(repeating: "z", count: 32) + "\u{2026}")),
        ("Transfer-Encoding: chunked, chunked", .badTransferEncoding),
        ("Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked", .badTransferEncoding),
        ("Transfer-Encoding: ", .badTransferEncoding),
        ("Transfer-Encoding: ,", .badTransferEncoding),
    ])
    func unacceptableTransferEncodings(fields: String, error: FetchResponseError) {
        #expect(parse("HTTP/1.1 200 OK\r\n\(fields)\r\n\r\n0\r\n\r\n").error == error)
    }

    @Test func transferEncodingInHTTP10IsFaultyFraming() {
        let text = "HTTP/1.0 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"
        #expect(parse(text).error == .transferEncodingInHTTP10)
    }

    @Test func descriptionsAreShortPhrases() {
        #expect(FetchResponseError.bodyTooLarge(limit: 65536).description == "the document is over 64 KiB")
        #expect(FetchResponseError.bodyTooLarge(limit: 1000).description == "the document is over 1000 bytes")
        #expect(FetchResponseError.badStatusLine.description == "the upstream's answer is not valid HTTP (status line)")
        #expect(FetchResponseError.decodedBodyTooLarge(limit: 65536).description
            == "the document is over 64 KiB once decompressed")
        #expect(FetchResponseError.unsupportedTransferCoding("gzip").description.hasSuffix("(gzip)"))
        let all: [FetchResponseError] = [
            .headTooLarge, .tooManyHeaderFields, .bodyTooLarge(limit: 1), .malformed("x"), .truncated,
            .unsupportedTransferCoding("x"), .unexpectedUpgrade, .unsupportedContentEncoding("x"), .badGzip,
            .decodedBodyTooLarge(limit: 1),
        ]
        for error in all {
            #expect(!error.description.isEmpty && error.description.count < 80 && !error.description.hasSuffix("."))
        }
    }
}
