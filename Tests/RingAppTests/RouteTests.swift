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
        #expect(get(path).status.code == 404)
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
