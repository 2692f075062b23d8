import Testing
@testable import RingHTTP

@Suite struct HTTPHeadersTests {
    @Test func caseInsensitiveLookupKeepsOrder() {
        var h = HTTPHeaders([("Host", "a"), ("X-One", "1"), ("x-one", "2")])
        #expect(h["host"] == "a")
        #expect(h.values(for: "X-ONE") == ["1", "2"])
        h.replaceOrAdd(name: "X-One", value: "3")
        #expect(h.values(for: "x-one") == ["3"])
    }

    @Test func connectionTokens() {
        let h = HTTPHeaders([("Connection", "Keep-Alive, Upgrade"), ("Connection", " close ")])
        #expect(h.containsToken("keep-alive", in: "connection"))
        #expect(h.containsToken("close", in: "Connection"))
        #expect(!h.containsToken("clos", in: "Connection"))
    }

    /// The list is scanned byte by byte in place: elements end at commas, OWS (spaces and tabs) around them is
    /// not part of them, empty elements match nothing, and a field whose name only has the same length is not
    /// the named one.
    @Test func connectionTokensAtListEdges() {
        let h = HTTPHeaders([
            ("Connectiom", "close"), ("Connection", ",\tUPGRADE\t ,, "), ("Connection", "te,"), ("X", ""),
        ])
        #expect(h.containsToken("upgrade", in: "CONNECTION"))
        #expect(h.containsToken("TE", in: "connection"))
        #expect(!h.containsToken("close", in: "Connection"))
        #expect(!h.containsToken("", in: "X"))
        #expect(!h.containsToken("upgrade t", in: "Connection"))
        #expect(!h.containsToken("grade", in: "Connection"))
        #expect(HTTPHeaders([("connection", "Close")]).containsToken("close", in: "Connection"))
    }

    @Test func keepAliveDefaultsByVersion() {
        var r = HTTPRequest(method: .get, target: "/", path: "/", query: nil, version: .http1_1)
        #expect(r.wantsKeepAlive)
        r.version = .http1_0
        #expect(!r.wantsKeepAlive)
        r.headers.add(name: "Connection", value: "keep-alive")
        #expect(r.wantsKeepAlive)
    }
}
