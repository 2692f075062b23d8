import RingHTTP
import Testing
@testable import RingApp

@Suite struct RouteTests {
    @Test func healthz() {
        let r = RingApplication().respond(to: HTTPRequest(method: .get, target: "/healthz", path: "/healthz", query: nil))
        #expect(r.status == .ok)
        #expect(r.body == Array("ok".utf8))
    }

    @Test func unknownPathIs404() {
        let r = RingApplication().respond(to: HTTPRequest(method: .get, target: "/nope", path: "/nope", query: nil))
        #expect(r.status.code == 404)
    }
}
