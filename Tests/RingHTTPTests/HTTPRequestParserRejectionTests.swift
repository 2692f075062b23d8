import Testing
@testable import RingHTTP

/// Malformed requests from `Fixtures/malformed-requests.json`, each with the exact status it must get, however
/// the bytes are split.
@Suite struct HTTPRequestParserRejectionTests {
    static let statusesTheParserUses: Set<Int> = [400, 413, 414, 417, 431, 501, 505]

    @Test(arguments: RequestFixture.rejections)
    func rejectsWithExactStatus(_ fixture: RequestFixture) throws {
        let outcome = ParserDriver.whole(fixture.bytes)
        let error = try #require(outcome.error, "\(fixture.name) was accepted: \(outcome)")
        #expect(error.status.code == fixture.status, "\(fixture.name): \(error)")
        #expect(outcome.requests.count == fixture.requests, "\(fixture.name): \(outcome)")
        #expect(Self.statusesTheParserUses.contains(error.status.code))
        #expect(!error.reason.isEmpty)
    }

    @Test(arguments: RequestFixture.rejections)
    func sameErrorHoweverSplit(_ fixture: RequestFixture) {
        let whole = ParserDriver.whole(fixture.bytes)
        let oneByOne = ParserDriver.byteByByte(fixture.bytes)
        #expect(oneByOne == whole, "\(fixture.name): byte by byte gave \(oneByOne), whole gave \(whole)")
        for position in ParserDriver.splitPositions(for: fixture.bytes.count) {
            let split = ParserDriver.split(fixture.bytes, at: position)
            #expect(split == whole, "\(fixture.name) split at \(position): \(split), whole: \(whole)")
            if split != whole { break }
        }
    }

    @Test(arguments: RequestFixture.valid)
    func fixtureValidCasesParse(_ fixture: RequestFixture) {
        let whole = ParserDriver.whole(fixture.bytes)
        #expect(whole.error == nil, "\(fixture.name): \(whole)")
        #expect(whole.requests.count == fixture.requests, "\(fixture.name): \(whole)")
        #expect(!whole.partial)
        #expect(ParserDriver.byteByByte(fixture.bytes) == whole, "\(fixture.name)")
    }

    @Test func errorIsStickyAndLaterBytesAreDropped() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost : x\r\n\r\n".utf8))
        #expect(throws: HTTPParseError.whitespaceBeforeColon) { try parser.nextRequest() }
        parser.append(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8))
        #expect(parser.bufferedByteCount == 0)
        #expect(!parser.hasPartialRequest)
        for _ in 0..<3 {
            #expect(throws: HTTPParseError.whitespaceBeforeColon) { try parser.nextRequest() }
        }
    }

    @Test func reasonsNameTheProblem() {
        let cases: [(String, HTTPParseError)] = [
            ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length : 5\r\n\r\n", .whitespaceBeforeColon),
            ("GET / HTTP/1.1\r\n\r\n", .missingHost),
            ("GET / HTTP/1.1\r\nHost: a\r\nHost: a\r\n\r\n", .multipleHosts),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: a\r\n b\r\n\r\n", .obsoleteLineFolding),
            (
                "GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n",
                .contentLengthAndTransferEncoding
            ),
            ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n", .transferEncodingNotChunked),
            ("GET / HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n", .chunkedNotAccepted),
            ("GET / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n", .transferEncodingInHTTP10),
            ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: 1,2\r\n\r\n", .multipleContentLengths),
            ("GET / HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\n", .invalidContentLength),
            ("GET / HTTP/1.1\r\nHost: x\r\nX: \u{0}\r\n\r\n", .invalidFieldValue),
            ("GET / HTTP/2.0\r\n\r\n", .versionNotSupported),
            ("GET / HTTP/1.1 \r\n\r\n", .malformedVersion),
            ("GET  / HTTP/1.1\r\n\r\n", .extraWhitespace),
            ("GET / HTTP/1.1\r\nHost: x\r\nExpect: x\r\n\r\n", .unsupportedExpectation),
        ]
        for (text, expected) in cases {
            #expect(ParserDriver.whole(Array(text.utf8)).error == expected, "\(text.debugDescription)")
        }
    }
}

/// The fixture file itself: it must load, and hold enough distinct cases to mean something.
@Suite struct RequestFixtureFileTests {
    @Test func loadsWithEnoughDistinctCases() throws {
        let cases = try RequestFixture.loaded.get()
        #expect(Set(cases.map(\.name)).count == cases.count, "duplicate case names")
        #expect(Set(cases.map(\.bytes)).count == cases.count, "duplicate requests")
        #expect(RequestFixture.rejections.count >= 50)
        #expect(RequestFixture.valid.count >= 10)
        let statuses = Set(RequestFixture.rejections.compactMap(\.status))
        #expect(statuses == HTTPRequestParserRejectionTests.statusesTheParserUses)
    }
}
