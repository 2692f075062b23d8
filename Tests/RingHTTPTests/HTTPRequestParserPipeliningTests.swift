import Testing
@testable import RingHTTP

/// Several requests per read, lazily drained, and `hasPartialRequest` (which arms the header-read deadline).
@Suite struct HTTPRequestParserPipeliningTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func fourRequestsInOneBufferComeOutInOrder() throws {
        var parser = HTTPRequestParser()
        parser.append(bytes((1...4).map { "GET /\($0) HTTP/1.1\r\nHost: x\r\n\r\n" }.joined()))
        var paths: [String] = []
        while let request = try parser.nextRequest() { paths.append(request.path) }
        #expect(paths == ["/1", "/2", "/3", "/4"])
        #expect(!parser.hasPartialRequest)
        #expect(parser.bufferedByteCount == 0)
    }

    @Test func validRequestThenGarbageYieldsRequestFirst() throws {
        var parser = HTTPRequestParser()
        parser.append(bytes("GET /ok HTTP/1.1\r\nHost: x\r\n\r\nHELLO\u{1}\r\n\r\n"))
        #expect(try parser.nextRequest()?.path == "/ok")
        #expect(throws: HTTPParseError.invalidMethod) { try parser.nextRequest() }
        #expect(throws: HTTPParseError.invalidMethod) { try parser.nextRequest() }
    }

    @Test func laterRequestsStayBufferedUntilAskedFor() throws {
        var parser = HTTPRequestParser()
        let second = "GET /2 HTTP/1.1\r\nHost: x\r\n\r\n"
        parser.append(bytes("GET /1 HTTP/1.1\r\nHost: x\r\n\r\n" + second))
        #expect(try parser.nextRequest()?.path == "/1")
        // The second request is buffered, unparsed: it counts as partial and as buffered bytes.
        #expect(parser.hasPartialRequest)
        #expect(parser.bufferedByteCount == second.utf8.count)
        #expect(try parser.nextRequest()?.path == "/2")
        #expect(!parser.hasPartialRequest)
    }

    @Test func partialRequestStates() throws {
        var parser = HTTPRequestParser()
        #expect(!parser.hasPartialRequest, "fresh parser")
        parser.append(bytes("\r"))
        #expect(!parser.hasPartialRequest, "a lone CR may still be an empty line")
        #expect(try parser.nextRequest() == nil)
        #expect(!parser.hasPartialRequest)
        parser.append(bytes("\n\r\n"))
        #expect(try parser.nextRequest() == nil)
        #expect(!parser.hasPartialRequest, "skipped empty lines are not a request")
        #expect(parser.bufferedByteCount == 0)
        parser.append(bytes("G"))
        #expect(parser.hasPartialRequest, "counts before nextRequest() has looked at it")
        #expect(try parser.nextRequest() == nil)
        #expect(parser.hasPartialRequest, "inside the request line")
        parser.append(bytes("ET / HTTP/1.1\r\nHost: x\r\n"))
        #expect(try parser.nextRequest() == nil)
        #expect(parser.hasPartialRequest, "inside the header section")
        parser.append(bytes("\r\n"))
        #expect(try parser.nextRequest() != nil)
        #expect(!parser.hasPartialRequest, "request complete")
        parser.append(bytes("GET"))
        #expect(try parser.nextRequest() == nil)
        #expect(parser.hasPartialRequest)
        parser.append(bytes("\u{0}"))
        #expect(throws: HTTPParseError.invalidMethod) { try parser.nextRequest() }
        #expect(!parser.hasPartialRequest, "nothing to wait for after an error")
    }

    @Test func compactionKeepsTheBufferSmallOverALongConnection() throws {
        var parser = HTTPRequestParser()
        let one = bytes("GET /ring.svg?p=0.5 HTTP/1.1\r\nHost: localhost:8080\r\nAccept: */*\r\n\r\n")
        let stream = Array(repeating: one, count: 3000).flatMap { $0 }
        var count = 0
        var largestBuffer = 0
        // Odd-sized reads, so requests straddle read boundaries everywhere.
        for start in stride(from: 0, to: stream.count, by: 1337) {
            parser.append(stream[start..<min(start + 1337, stream.count)])
            largestBuffer = max(largestBuffer, parser.buffer.count)
            while let request = try parser.nextRequest() {
                #expect(request.path == "/ring.svg" && request.query == "p=0.5")
                count += 1
            }
        }
        #expect(count == 3000)
        #expect(parser.bufferedByteCount == 0)
        #expect(largestBuffer < 2 * HTTPRequestParser.compactionThreshold + 1337)
    }
}
