import RingHTTP
import RingTestSupport
import Testing
@testable import RingApp

@Suite struct CachingResponseTests {
    let app = RingApplication(configuration: AppConfiguration(maxAge: 600))

    func get(_ target: String, _ headers: [(String, String)] = []) -> HTTPResponse {
        app.respond(to: request(target, headers))
    }

    @Test func imageHeaders() throws {
        let r = get("/ring?p=0.7")
        #expect(r.status == .ok)
        #expect(r.isPrepared)
        let h = r.headers
        #expect(h["Content-Type"] == "image/svg+xml")
        #expect(h["ETag"] == CacheKeyTests.etag(.ring, "p=0.7"))
        #expect(h["Cache-Control"] == "public, max-age=600")
        #expect(h["Vary"] == "Accept-Encoding")
        #expect(h["Access-Control-Allow-Origin"] == "*")
        #expect(h["X-Content-Type-Options"] == "nosniff")
        #expect(h["Content-Security-Policy"] == "default-src 'none'; style-src 'unsafe-inline'")
        #expect(h["Content-Encoding"] == nil)
    }

    @Test func theSecondRequestIsAHitWithTheSameResponse() {
        let first = get("/ring?p=0.7")
        let second = get("/ring?p=70%25")  // another spelling: decoded, same key
        let third = get("/ring?p=70%25")  // same target: alias
        #expect(first.body == second.body && second.body == third.body)
        let stats = app.cache.statistics
        #expect(stats.misses == 1 && stats.hits == 2 && stats.entries == 1)
        #expect(app.metrics.renderCount == 1)
    }

    @Test(arguments: [
        "ETAG", "\"nope\", ETAG", "W/ETAG", "*", "\"a\",W/ETAG,\"b\"",
    ])
    func ifNoneMatchGives304(_ pattern: String) throws {
        let etag = try #require(get("/ring?p=0.7").headers["ETag"])
        let r = get("/ring?p=0.7", [("If-None-Match", pattern.replacingOccurrences(of: "ETAG", with: etag))])
        #expect(r.status == .notModified)
        #expect(r.body.isEmpty)
        #expect(r.headers["ETag"] == etag)
        #expect(r.headers["Cache-Control"] == "public, max-age=600")
        #expect(r.headers["Vary"] == "Accept-Encoding")
        #expect(r.headers["Content-Type"] == nil)
    }

    @Test(arguments: ["\"e52e6fca\"", "\"nope\", W/\"other\"", "", "W/"])
    func aMismatchGives200(_ value: String) {
        let r = get("/ring?p=0.7", [("If-None-Match", value)])
        #expect(r.status == .ok && !r.body.isEmpty)
    }

    @Test func gzipRoundTripEqualsTheIdentityBody() throws {
        let identity = get("/ring?p=0.7")
        let gzip = get("/ring?p=0.7", [("Accept-Encoding", "gzip, deflate, br")])
        #expect(gzip.headers["Content-Encoding"] == "gzip")
        #expect(gzip.headers["Vary"] == "Accept-Encoding")
        #expect(gzip.body.count < identity.body.count)
        #expect(try #require(GzipTests.gunzip(gzip.body)) == identity.body)
        #expect(gzip.headers["ETag"] != identity.headers["ETag"])
    }

    @Test func gzipQZeroIsHonoured() {
        let r = get("/ring?p=0.7", [("Accept-Encoding", "gzip;q=0, deflate")])
        #expect(r.headers["Content-Encoding"] == nil)
        #expect(String(decoding: r.body.prefix(4), as: UTF8.self) == "<svg")
    }

    @Test func conditionalOnTheGzipTagAnswersWithTheGzipTag() throws {
        let gzipTag = try #require(get("/ring?p=0.7", [("Accept-Encoding", "gzip")]).headers["ETag"])
        let r = get("/ring?p=0.7", [("Accept-Encoding", "gzip"), ("If-None-Match", gzipTag)])
        #expect(r.status == .notModified && r.headers["ETag"] == gzipTag)
        let star = get("/ring?p=0.7", [("Accept-Encoding", "gzip"), ("If-None-Match", "*")])
        #expect(star.status == .notModified && star.headers["ETag"] == gzipTag)
    }

    @Test func pngIsNeverReencodedAndDoesNotVary() throws {
        let r = get("/ring.png?p=0.7", [("Accept-Encoding", "gzip")])
        #expect(r.status == .ok && r.headers["Content-Type"] == "image/png")
        #expect(r.headers["Content-Encoding"] == nil && r.headers["Vary"] == nil)
        #expect(r.headers["Content-Security-Policy"] == nil && r.headers["X-Content-Type-Options"] == "nosniff")
        #expect(r.body.starts(with: [0x89, 0x50, 0x4E, 0x47]))
        let etag = try #require(r.headers["ETag"])
        #expect(get("/ring.png?p=0.7", [("If-None-Match", etag)]).status == .notModified)
        #expect(etag != get("/ring.svg?p=0.7").headers["ETag"])
    }

    @Test func headGetsTheGetResponse() {
        let get = app.respond(to: request("/ring?p=0.7"))
        let head = app.respond(to: request("/ring?p=0.7", method: .head))
        #expect(head.headers == get.headers && head.body == get.body)  // the server drops the body for HEAD
    }

    @Test func errorImagesAreCachedBrieflyWithoutValidators() {
        let clock = ManualClock()
        let app = RingApplication(configuration: AppConfiguration(errorMaxAge: 60), now: { clock.now })
        let first = app.respond(to: request("/ring?p=abc", [("Accept", "image/*")]))
        #expect(first.status == .ok && first.headers["ETag"] == nil)
        #expect(first.headers["Cache-Control"] == "public, max-age=60")
        #expect(first.headers["X-Ring-Error"]?.hasPrefix("p: got") == true)
        _ = app.respond(to: request("/ring?p=abc", [("Accept", "image/*")]))
        #expect(app.metrics.renderCount == 1)
        clock.advance(by: .seconds(61))
        _ = app.respond(to: request("/ring?p=abc", [("Accept", "image/*")]))
        #expect(app.metrics.renderCount == 2)
        #expect(app.cache.statistics.entries == 0)
    }

    /// One bad URL gets an image (200, cacheable for a minute) or 400 text depending on `Accept`: a shared
    /// cache in front of ringd (deploy/nginx.conf) must keep them apart, so both name Accept in Vary.
    @Test(arguments: [("/ring?p=abc", "Accept, Accept-Encoding"), ("/ring.png?p=abc", "Accept")])
    func errorAnswersVaryByAccept(_ target: String, _ imageVary: String) {
        let image = get(target, [("Accept", "image/*")])
        #expect(image.status == .ok && image.headers["Cache-Control"]?.hasPrefix("public") == true)
        #expect(image.headers["Vary"] == imageVary)
        let text = get(target, [("Accept", "*/*")])
        #expect(text.status == .badRequest)
        #expect(text.headers["Vary"] == "Accept")
        // A good picture does not depend on Accept, so it does not split caches by it.
        #expect(get("/ring.png?p=0.7", [("Accept", "image/*")]).headers["Vary"] == nil)
    }

    @Test func metricsExposition() throws {
        _ = get("/ring?p=0.7")
        _ = get("/ring?p=0.7")
        _ = get("/nope")
        _ = get("/ring?p=abc")
        let r = get("/metrics")
        #expect(r.headers["Content-Type"] == "text/plain; version=0.0.4; charset=utf-8")
        let text = String(decoding: r.body, as: UTF8.self)
        for line in [
            #"ringd_http_requests_total{route="ring",format="svg",status="200"} 2"#,
            #"ringd_http_requests_total{route="ring",format="svg",status="400"} 1"#,
            #"ringd_http_requests_total{route="not_found",format="",status="404"} 1"#,
            "ringd_cache_hits_total 1", "ringd_cache_misses_total 1", "ringd_cache_entries 1",
            "ringd_cache_evictions_total 0", "ringd_overload_rejections_total 0", "ringd_open_connections 0",
            #"ringd_render_seconds_count{style="ring",format="svg"} 1"#,
            #"ringd_render_seconds_bucket{style="ring",format="svg",le="+Inf"} 1"#,
            "# TYPE ringd_render_seconds histogram",
        ] {
            #expect(text.contains(line + "\n"), "missing: \(line)")
        }
        let bytes = try #require(text.split(separator: "\n").first { $0.hasPrefix("ringd_cache_bytes ") })
        #expect(Int(bytes.split(separator: " ")[1])! > 0)
    }
}

extension CacheKeyTests {
    static func etag(_ route: ImageRoute, _ query: String) -> String {
        try! key(route, query).etag
    }
}
