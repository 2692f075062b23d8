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

    /// Fields as the parser stores them (the received line, `Name: value`, in one piece) and as a responder
    /// adds them (name and value back to back) are the same fields: equal, hashed alike, read alike.
    @Test func receivedAndBuiltFieldsAreTheSameFields() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: a\r\nX-One:\t 1 \r\nx-one:2\r\n\r\n".utf8))
        let received = try #require(try parser.nextRequest()).headers
        let built = HTTPHeaders([("Host", "a"), ("X-One", "1"), ("x-one", "2")])
        #expect(received == built)
        #expect(received.hashValue == built.hashValue)
        #expect(received.fields == built.fields)
        #expect(received.fields.map(\.value) == ["a", "1", "2"])
        #expect(received.values(for: "X-ONE") == ["1", "2"])
        #expect(received != HTTPHeaders([("Host", "a"), ("X-One", "1"), ("x-one", "3")]))
        #expect(received != HTTPHeaders([("Hos", "ta"), ("X-One", "1"), ("x-one", "2")]))
        var trimmed = received
        trimmed.remove(name: "x-ONE")
        #expect(trimmed == HTTPHeaders([("Host", "a")]))
        #expect(trimmed.count == 1)
        trimmed.replaceOrAdd(name: "host", value: "b")
        #expect(trimmed.fields == [HTTPHeaders.Field(name: "host", value: "b")])
    }

    /// A value's bytes are handed to readers as received; as a `String`, bytes that are not UTF-8 are
    /// replaced, never trusted.
    @Test func valuesAreBytesUntilAskedForAsText() throws {
        var parser = HTTPRequestParser()
        parser.append(Array("GET / HTTP/1.1\r\nHost: a\r\nX-Obs: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8))
        let headers = try #require(try parser.nextRequest()).headers
        var raw: [[UInt8]] = []
        headers.forEachValue(named: "x-obs") { raw.append(Array($0)); return true }
        #expect(raw == [Array("caf".utf8) + [0xE9]])
        #expect(headers["X-Obs"] == "caf\u{FFFD}")
        // Compared as read: the received byte and the replacement character it reads as are the same field (a
        // request written back from its fields parses to an equal request: the HTTP parser fuzzer's check).
        #expect(headers == HTTPHeaders([("Host", "a"), ("X-Obs", "caf\u{FFFD}")]))
        #expect(headers.hashValue == HTTPHeaders([("Host", "a"), ("X-Obs", "caf\u{FFFD}")]).hashValue)
        var calls = 0
        HTTPHeaders([("A", "1"), ("a", "2")]).forEachValue(named: "A") { _ in calls += 1; return false }
        #expect(calls == 1)
    }

    /// A responder may set a field longer than 64 KiB; its length is kept whole.
    @Test func longFieldsKeepTheirLength() {
        let long = String(repeating: "v", count: 70_000)
        let headers = HTTPHeaders([("X-Long", long), ("After", "1")])
        #expect(headers["x-long"]?.utf8.count == 70_000)
        #expect(headers["after"] == "1")
    }
}

/// The I/O loop's own clock reading: plain nanoseconds, with `Duration` arithmetic that saturates.
@Suite struct MonotonicInstantTests {
    @Test func arithmeticWithDurations() {
        let t0 = MonotonicInstant(nanoseconds: 5_000_000_000)
        #expect((t0 + .milliseconds(1_500)).nanoseconds == 6_500_000_000)
        #expect((t0 + .nanoseconds(-1)).nanoseconds == 4_999_999_999)
        #expect((t0 + .milliseconds(250)) - t0 == .milliseconds(250))
        #expect(t0 < t0 + .nanoseconds(1))
        #expect((t0 + .seconds(Int64.max)).nanoseconds == .max)
        #expect((MonotonicInstant(nanoseconds: -5) + .seconds(Int64.min)).nanoseconds == .min)
        let a = MonotonicInstant.now, b = MonotonicInstant.now
        #expect(a <= b)
    }
}
