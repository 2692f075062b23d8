import RingHTTP
import Testing
@testable import RingApp

@Suite struct RouteTests {
    let app = RingApplication()

    func get(_ target: String, accept: String? = nil) -> HTTPResponse {
        app.respond(to: request(target, accept.map { [("Accept", $0)] } ?? []))
    }

    @Test func healthz() {
        let r = get("/healthz")
        #expect(r.status == .ok)
        #expect(r.body == Array("ok".utf8))
    }

    /// `/readyz`: 200 while serving; once a drain begins 503 (a load balancer stops sending), while `/healthz`
    /// stays 200 (the orchestrator must not kill the instance early) and images are still served.
    @Test func readyzFlipsWhenDrainingAndNothingElseDoes() {
        let app = RingApplication()
        func get(_ target: String) -> HTTPResponse { app.respond(to: request(target)) }
        #expect(get("/readyz").status == .ok)
        #expect(get("/readyz").headers["Cache-Control"] == "no-store")
        app.readiness.beginDraining()
        #expect(get("/readyz").status.code == 503)
        #expect(get("/healthz").status == .ok)
        #expect(get("/ring?p=0.5").status == .ok)
        #expect(app.metrics.exposition(cache: app.cache.statistics).contains("route=\"readyz\""))
    }

    @Test(arguments: ["/nope", "/ring/", "/ring.gif", "/RING", "/ring.svg.png"])
    func unknownPathIs404(_ path: String) {
        let r = get(path)
        #expect(r.status.code == 404)
        #expect(r.headers["X-Content-Type-Options"] == "nosniff")
    }

    /// A 404 names the route family the path came near, or lists the routes; it never echoes the path.
    @Test func notFoundNamesTheRouteFamilyNotThePath() {
        let near = String(decoding: get("/ring.gif%3Cscript%3E").body, as: UTF8.self)
        #expect(near == "not found: the /ring route answers at /ring, /ring.svg and /ring.png only\n")
        let far = String(decoding: get("/%3Cscript%3Ealert(1)").body, as: UTF8.self)
        #expect(far.hasPrefix("not found: no such route; ringd serves /ring, /activity,"))
        #expect(!far.contains("script") && !far.contains("alert"))
    }

    /// Every answer the application makes carries `nosniff`: health, readiness, metrics, 400 text, 404, 503.
    @Test(arguments: ["/healthz", "/readyz", "/metrics", "/ring?p=oops", "/nope", "/", "/openapi.json", "/ring?p=0.5"])
    func everyAnswerCarriesNosniff(_ target: String) {
        #expect(get(target).headers["X-Content-Type-Options"] == "nosniff", "\(target)")
    }

    /// The server's own refusals are counted in `/metrics` by status and reason (issue 38).
    @Test func protocolErrorsAreCountedByStatusAndReason() {
        let app = RingApplication()
        app.answeredProtocolError(.badRequest, reason: "bare LF line ending")
        app.answeredProtocolError(.badRequest, reason: "bare LF line ending")
        app.answeredProtocolError(.notImplemented, reason: "method not implemented")
        let text = app.metrics.exposition(cache: app.cache.statistics)
        #expect(text.contains("ringd_protocol_errors_total{status=\"400\",reason=\"bare LF line ending\"} 2\n"))
        #expect(text.contains("ringd_protocol_errors_total{status=\"501\",reason=\"method not implemented\"} 1\n"))
        #expect(text.contains("# HELP ringd_source_fetch_rejections_total src requests answered 503 because the fetch queue"))
    }

    /// The `src` error states the limit a client can meet: a query value's, not the URL parser's longer one.
    @Test func srcTooLongStatesTheRealLimit() {
        let long = "https://example.com/" + String(repeating: "a", count: 1100)
        let text = String(decoding: get("/badge?src=" + long).body, as: UTF8.self)
        #expect(text.contains("at most 1024 bytes"), "\(text)")
        let encoded = "https://example.com/" + String(repeating: "%22", count: 1000)
        let quoted = String(decoding: get("/badge?src=" + encoded).body, as: UTF8.self)
        #expect(quoted.contains("at most 1024 bytes"), "\(quoted)")
        #expect(!quoted.contains("2048"), "\(quoted)")
    }

    /// `/readyz` is 503 while the render queue is saturated, with hysteresis: on at ¾ full, off at half.
    @Test func readinessFollowsTheRenderQueueWithHysteresis() {
        let readiness = Readiness()
        #expect(Readiness.saturatedAt(limit: 64) == 48 && Readiness.clearAt(limit: 64) == 32)
        readiness.observeRenderQueue(queued: 47, limit: 64)
        #expect(readiness.isReady)
        readiness.observeRenderQueue(queued: 48, limit: 64)
        #expect(!readiness.isReady && readiness.isSaturated && !readiness.isDraining)
        readiness.observeRenderQueue(queued: 33, limit: 64)
        #expect(readiness.isSaturated, "between the marks the state holds")
        readiness.observeRenderQueue(queued: 32, limit: 64)
        #expect(readiness.isReady)
        readiness.observeRenderQueue(queued: 40, limit: 64)
        #expect(readiness.isReady, "between the marks the state holds")
        readiness.observeRenderQueue(queued: 0, limit: 0)
        #expect(readiness.isReady, "a queue of 0 is never saturated")
    }

    @Test(arguments: ["/ring?p=0.7", "/ring.svg?p=0.7", "/ring?p=0.7&format=svg"])
    func ringIsSVG(_ target: String) {
        let r = get(target)
        #expect(r.status == .ok)
        #expect(r.headers["Content-Type"] == "image/svg+xml")
        let body = String(decoding: r.body, as: UTF8.self)
        #expect(body.hasPrefix("<svg"))
        #expect(body.contains("role=\"img\""))
        #expect(body.contains("viewBox=\"0 0 128 128\""))
    }

    @Test func equivalentProgressFormsGiveIdenticalBytes() {
        let bodies = Set(["p=.7", "p=0.70", "p=70%", "p=7/10"].map { get("/ring?" + $0).body })
        #expect(bodies.count == 1)
    }

    @Test func badParameterForScriptsIs400Text() {
        let r = get("/ring?p=abc", accept: "*/*")
        #expect(r.status == .badRequest)
        #expect(r.headers["Content-Type"]?.hasPrefix("text/plain") == true)
        #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("p: got \"abc\""))
    }

    @Test(arguments: ["image/*", "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8", "image/png"])
    func badParameterForImageClientsIsAnErrorImage(_ accept: String) {
        let r = get("/ring?p=abc", accept: accept)
        #expect(r.status == .ok)
        #expect(r.headers["X-Ring-Error"]?.hasPrefix("p: got") == true)
        #expect(r.headers["Cache-Control"] == "public, max-age=60")
        #expect(String(decoding: r.body, as: UTF8.self).hasPrefix("<svg"))
    }

    @Test func strictForcesTextEvenForImages() {
        #expect(get("/ring?p=abc&strict=1", accept: "image/*").status == .badRequest)
        #expect(get("/ring?p=abc", accept: "image/png;q=0, text/html").status == .badRequest)
    }

    @Test func errorHeaderIsVisibleASCII() {
        let r = get("/ring?p=%E2%9C%93%0A", accept: "*/*")
        let value = r.headers["X-Ring-Error"] ?? ""
        #expect(!value.isEmpty)
        #expect(value.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
    }
}

@Suite struct RouteEscapingTests {
    @Test(arguments: ["%22%3E%3Cscript%3E", "%3C%2Fsvg%3E", "a%26b%27c%3C!--"])
    func hostileTitleAndLabelStayInsideTheirAttributes(_ hostile: String) {
        let app = RingApplication()
        let r = app.respond(to: HTTPRequest(
            method: .get, target: "/", path: "/ring", query: "p=0.5&title=\(hostile)&label=\(hostile)",
            headers: HTTPHeaders([("Host", "x")])))
        #expect(r.status == .ok)
        let body = String(decoding: r.body, as: UTF8.self)
        #expect(!body.contains("<script"))
        #expect(!body.contains("<!--"))
        #expect(body.ranges(of: "</svg>").count == 1)
    }
}
