import RingHTTP
import Testing
@testable import RingApp

/// CORS preflights: `OPTIONS` on an image route (or `/openapi.json`) is answered 204 with the CORS fields; other
/// paths are left to the server's 405.
@Suite struct PreflightTests {
    let app = RingApplication()

    func preflight(_ target: String) -> HTTPResponse? {
        app.respondToOptions(request(target, method: .options, [
            ("Origin", "https://pages.example"), ("Access-Control-Request-Method", "GET"),
            ("Access-Control-Request-Headers", "if-none-match"),
        ]))
    }

    @Test(arguments: ["/ring", "/ring.png?p=0.7", "/activity.svg", "/badge", "/check", "/pie?p=abc", "/openapi.json"])
    func imageRoutesAnswerThePreflight(_ target: String) throws {
        let response = try #require(preflight(target))
        #expect(response.status.code == 204 && response.body.isEmpty)
        #expect(response.headers["Access-Control-Allow-Origin"] == "*")
        let methods = try #require(response.headers["Access-Control-Allow-Methods"])
        #expect(["GET", "HEAD", "OPTIONS"].allSatisfy { methods.contains($0) })
        let allowed = try #require(response.headers["Access-Control-Allow-Headers"]).lowercased()
        #expect(allowed.contains("if-none-match") && allowed.contains("accept"))
        #expect(Int(response.headers["Access-Control-Max-Age"] ?? "") ?? 0 > 0)
    }

    @Test(arguments: ["/healthz", "/metrics", "/", "/nope", "*"])
    func otherPathsAreLeftTo405(_ target: String) {
        #expect(preflight(target) == nil)
    }

    @Test func preflightsAreCounted() {
        _ = preflight("/ring")
        let text = app.metrics.exposition(cache: app.cache.statistics)
        #expect(text.contains("ringd_http_requests_total{route=\"ring\",format=\"\",status=\"204\"} 1"))
    }
}
