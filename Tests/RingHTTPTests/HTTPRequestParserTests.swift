import Testing
@testable import RingHTTP

/// A valid input and exactly what the parser must make of it.
struct ValidRequestCase: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let expected: [HTTPRequest]
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ expected: HTTPRequest...) {
        self.name = name
        self.bytes = Array(text.utf8)
        self.expected = expected
    }
}

private func request(
    _ method: HTTPMethod, _ target: String, path: String? = nil, query: String? = nil,
    _ version: HTTPVersion = .http1_1, _ headers: [(String, String)] = [("Host", "x")]
) -> HTTPRequest {
    HTTPRequest(
        method: method, target: target, path: path ?? target, query: query, version: version,
        headers: HTTPHeaders(headers))
}

/// Valid request shapes: each parses to the same requests whether it arrives whole, one byte at a time, or
/// split in two at every position.
@Suite struct HTTPRequestParserTests {
    static let cases: [ValidRequestCase] = [
        ValidRequestCase(
            "GET origin-form with query", "GET /ring.svg?p=0.7&c=red HTTP/1.1\r\nHost: x\r\n\r\n",
            request(.get, "/ring.svg?p=0.7&c=red", path: "/ring.svg", query: "p=0.7&c=red")),
        ValidRequestCase(
            "HEAD HTTP/1.0 without Host", "HEAD /check.png HTTP/1.0\r\n\r\n",
            request(.head, "/check.png", .http1_0, [])),
        ValidRequestCase(
            "HTTP/1.0 keep-alive", "GET / HTTP/1.0\r\nHost: x\r\nConnection: keep-alive\r\n\r\n",
            request(.get, "/", .http1_0, [("Host", "x"), ("Connection", "keep-alive")])),
        ValidRequestCase(
            "absolute-form with port and query",
            "GET http://Example.com:8080/ring.png?p=0.5 HTTP/1.1\r\nHost: other\r\n\r\n",
            request(
                .get, "http://Example.com:8080/ring.png?p=0.5", path: "/ring.png", query: "p=0.5", .http1_1,
                [("Host", "other")])),
        ValidRequestCase(
            "absolute-form https without path", "GET HTTPS://[::1]?q=1 HTTP/1.1\r\nHost:\r\n\r\n",
            request(.get, "HTTPS://[::1]?q=1", path: "/", query: "q=1", .http1_1, [("Host", "")])),
        ValidRequestCase(
            "many headers, order and duplicates kept",
            "GET / HTTP/1.1\r\nHost: x\r\nAccept: image/png\r\nx-a: 1\r\nX-A: 2\r\nUser-Agent: curl/8.5.0\r\n"
                + "Cache-Control: no-cache\r\n"
                + "Accept-Encoding: gzip, deflate\r\nIf-None-Match: \"abc\"\r\nX-Empty:\r\nCookie: a=b; c=d\r\n\r\n",
            request(.get, "/", .http1_1, [
                ("Host", "x"), ("Accept", "image/png"), ("x-a", "1"), ("X-A", "2"), ("User-Agent", "curl/8.5.0"),
                ("Cache-Control", "no-cache"), ("Accept-Encoding", "gzip, deflate"), ("If-None-Match", "\"abc\""),
                ("X-Empty", ""), ("Cookie", "a=b; c=d"),
            ])),
        ValidRequestCase(
            "tabs and spaces in OWS", "GET / HTTP/1.1\r\nHost:\t x \t\r\nAccept:\t\timage/svg+xml ,\t*/*\t\r\n\r\n",
            request(.get, "/", .http1_1, [("Host", "x"), ("Accept", "image/svg+xml ,\t*/*")])),
        ValidRequestCase(
            "Expect 100-continue and Content-Length 0",
            "GET / HTTP/1.1\r\nHost: x\r\nExpect: 100-Continue\r\nContent-Length: 000\r\n\r\n",
            request(.get, "/", .http1_1, [("Host", "x"), ("Expect", "100-Continue"), ("Content-Length", "000")])),
        ValidRequestCase(
            "leading empty lines", "\r\n\r\nGET / HTTP/1.1\r\nHost: x\r\n\r\n",
            request(.get, "/")),
        ValidRequestCase(
            "pipelined pair with a stray CRLF between",
            "GET /a HTTP/1.1\r\nHost: x\r\n\r\n\r\nHEAD /b?c HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
            request(.get, "/a"),
            request(.head, "/b?c", path: "/b", query: "c", .http1_1, [("Host", "x"), ("Connection", "close")])),
        ValidRequestCase(
            "empty query", "GET /? HTTP/1.1\r\nHost: x\r\n\r\n",
            request(.get, "/?", path: "/", query: "")),
        ValidRequestCase(
            "query keeps later question marks", "GET /a?b?c HTTP/1.1\r\nHost: x\r\n\r\n",
            request(.get, "/a?b?c", path: "/a", query: "b?c")),
        ValidRequestCase(
            "fragment dropped from path and query", "GET /a#x?y HTTP/1.1\r\nHost: x\r\n\r\n",
            request(.get, "/a#x?y", path: "/a", query: nil)),
        ValidRequestCase(
            "HTTP/1.2 handled as 1.1", "GET / HTTP/1.2\r\nHost: x\r\n\r\n",
            request(.get, "/")),
        ValidRequestCase(
            "UTF-8 obs-text in a value", "GET / HTTP/1.1\r\nHost: x\r\nX-Label: café\r\n\r\n",
            request(.get, "/", .http1_1, [("Host", "x"), ("X-Label", "café")])),
        ValidRequestCase(
            "methods the server answers 405 or 501",
            "POST /p HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\nOPTIONS * HTTP/1.1\r\nHost: x\r\n\r\n"
                + "CONNECT x:443 HTTP/1.1\r\nHost: x:443\r\n\r\nBREW /pot HTTP/1.1\r\nHost: x\r\n\r\n",
            request(.post, "/p", .http1_1, [("Host", "x"), ("Content-Length", "0")]),
            request(.options, "*"),
            request(.connect, "x:443", .http1_1, [("Host", "x:443")]),
            request(.other("BREW"), "/pot")),
    ]

    @Test(arguments: cases)
    func parsesWhole(_ c: ValidRequestCase) {
        #expect(ParserDriver.whole(c.bytes) == ParseOutcome(requests: c.expected))
    }

    @Test(arguments: cases)
    func parsesOneByteAtATime(_ c: ValidRequestCase) {
        #expect(ParserDriver.byteByByte(c.bytes) == ParseOutcome(requests: c.expected))
    }

    @Test(arguments: cases)
    func parsesSplitAtEveryPosition(_ c: ValidRequestCase) {
        for position in 0...c.bytes.count {
            let outcome = ParserDriver.split(c.bytes, at: position)
            #expect(outcome == ParseOutcome(requests: c.expected), "split at \(position)")
            if outcome.requests != c.expected { break }
        }
    }

    @Test func methodTokensMapToCases() {
        let text = "GET / HTTP/1.0\r\n\r\nHEAD / HTTP/1.0\r\n\r\nPUT / HTTP/1.0\r\n\r\nDELETE / HTTP/1.0\r\n\r\n"
            + "PATCH / HTTP/1.0\r\n\r\nTRACE / HTTP/1.0\r\n\r\nget / HTTP/1.0\r\n\r\n"
        let methods = ParserDriver.whole(Array(text.utf8)).requests.map(\.method)
        #expect(methods == [.get, .head, .put, .delete, .patch, .trace, .other("get")])
    }

    @Test func appendsFromRawBufferPointer() throws {
        var parser = HTTPRequestParser()
        Array("GET /raw HTTP/1.1\r\nHost: x\r\n\r\n".utf8).withUnsafeBytes { parser.append($0) }
        #expect(try parser.nextRequest()?.path == "/raw")
        #expect(try parser.nextRequest() == nil)
    }
}
