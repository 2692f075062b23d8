import Testing
@testable import RingFetch

/// The chunked transfer coding: extensions, trailers, sizes, and the CRLFs of the framing.
@Suite struct ChunkedTests {
    private static let head = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n"

    private func parse(_ chunked: String, close: Bool = true, limits: FetchLimits = FetchLimits()) -> Outcome {
        let (outcome, disagreement) = ParserDriver.everySplit((Self.head + chunked).bytes, limits: limits, close: close)
        #expect(disagreement == nil)
        return outcome
    }

    @Test func chunksWithExtensionsAndTrailers() {
        let chunked = "5;name=value;flag\r\nhello\r\n"
            + "7 ; q=\"a;b\"\r\n, world\r\n"
            + "A\r\n!!!!!!!!!!\r\n"
            + "0;last\r\nExpires: never\r\nX-Checksum: abc\r\n\r\nIGNORED"
        let expected = Parsed(status: 200, headers: ["transfer-encoding: chunked"], body: "hello, world!!!!!!!!!!")
        #expect(parse(chunked, close: false) == .response(expected))
    }

    @Test func sizesInAnyCaseWithLeadingZerosAndTrailingWhitespace() {
        let chunked = "0000a\r\n0123456789\r\n1F \t\r\n" + String(repeating: "x", count: 31) + "\r\n000\r\n\r\n"
        #expect(parse(chunked, close: false).parsed?.body == ("0123456789" + String(repeating: "x", count: 31)).bytes)
    }

    @Test func trailersMayEndInBareLineFeeds() {
        #expect(parse("2\r\nhi\r\n0\r\nX: y\n\n", close: false).parsed?.body == "hi".bytes)
    }

    @Test func trailerFieldsAreNotAddedToHeaders() {
        #expect(parse("0\r\nX: y\r\n\r\n", close: false).parsed?.headers == ["transfer-encoding: chunked"])
    }

    @Test(arguments: ["ffffffffffffffffff", "7fffffffffffffff", "8000000000000000", "10001", "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"])
    func hugeSizesAreOverTheLimitNotAnOverflow(size: String) {
        #expect(parse("\(size)\r\nabc").error == .bodyTooLarge(limit: FetchLimits.defaultMaxBodyBytes))
    }

    @Test(arguments: ["\r\n", "x\r\n", " 5\r\n", "5 x\r\n", "-1\r\n", "0x5\r\n", "+5\r\n", "5;\u{1}\r\n", "5\u{0}\r\n", ";5\r\n"])
    func malformedSizeLines(line: String) {
        #expect(parse(line + "hello\r\n0\r\n\r\n").error == .badChunkSize)
    }

    @Test(arguments: [
        "5\r\nhelloX\r\n0\r\n\r\n",  // data longer than its size
        "5\r\nhell\r\n0\r\n\r\n",  // shorter: the CR lands where data ends, then "\n0" is not CRLF
        "5\r\nhello\n0\r\n\r\n",  // LF without CR after data
        "5\r\nhello\r0\r\n\r\n",  // CR without LF
        "5\nhello\r\n0\r\n\r\n",  // bare LF ending a size line
        "5\r\nhello\r\n0\n\r\n",  // bare LF ending the last chunk
    ])
    func framingNeedsCRLF(chunked: String) {
        #expect(parse(chunked).error == .badChunkEnd)
    }

    @Test func bareCarriageReturnInASizeLineIsRefused() {
        #expect(parse("5\r;x\r\nhello\r\n0\r\n\r\n").error == .bareCarriageReturn)
    }

    @Test(arguments: [
        ("0\r\n X: y\r\n\r\n", FetchResponseError.obsoleteLineFolding),
        ("0\r\nX : y\r\n\r\n", .badFieldLine),
        ("0\r\nnot a field\r\n\r\n", .badFieldLine),
        ("0\r\nX: a\rb\r\n\r\n", .bareCarriageReturn),
    ])
    func malformedTrailers(chunked: String, error: FetchResponseError) {
        #expect(parse(chunked).error == error)
    }

    @Test(arguments: ["5\r\nhel", "5\r\nhello", "5\r\nhello\r", "5\r\nhello\r\n", "5\r\nhello\r\n0\r\n", "5\r\nhello\r\n0\r\nX: y\r\n", "5;ext"])
    func eofInsideTheChunksIsTruncation(chunked: String) {
        #expect(parse(chunked).error == .truncated)
    }

    @Test func chunkedBodyThroughTheDriverWithBinaryData() {
        let payload = (0..<300).map { UInt8($0 % 256) }
        var bytes = Self.head.bytes
        for piece in [payload[0..<100], payload[100..<101], payload[101..<300]] {
            bytes += String(piece.count, radix: 16).bytes + [0x0D, 0x0A] + piece + [0x0D, 0x0A]
        }
        bytes += "0\r\n\r\n".bytes
        #expect(ParserDriver.whole(bytes, close: false).parsed?.body == payload)
        #expect(ParserDriver.byteByByte(bytes, close: false).parsed?.body == payload)
    }
}
