import Testing
@testable import RingHTTP

/// `HTTPRequest` keeps its parts in one shared box (a copy is one retain); it must still behave as a value.
@Suite struct HTTPRequestValueTests {
    @Test func aCopyNeverSeesTheOriginalsChanges() {
        let original = HTTPRequest(
            method: .get, target: "/ring?p=0.5", path: "/ring", query: "p=0.5",
            headers: HTTPHeaders([("Host", "a")]))
        var copy = original
        copy.headers.add(name: "Connection", value: "close")
        copy.method = .head
        copy.query = nil
        #expect(original.headers.count == 1 && original.method == .get && original.query == "p=0.5")
        #expect(copy.headers.count == 2 && copy.method == .head && copy.query == nil)
        #expect(original.wantsKeepAlive && !copy.wantsKeepAlive)
        #expect(original != copy)
    }

    @Test func equalPartsMakeEqualRequestsWithEqualHashes() {
        let a = HTTPRequest(method: .other("BREW"), target: "/x", path: "/x", query: nil, version: .http1_0)
        let b = HTTPRequest(method: .other("BREW"), target: "/x", path: "/x", query: nil, version: .http1_0)
        #expect(a == b && a.hashValue == b.hashValue)
        var c = b
        c.version = .http1_1
        #expect(a != c)
        #expect(Set([a, b, c]).count == 2)
    }
}
