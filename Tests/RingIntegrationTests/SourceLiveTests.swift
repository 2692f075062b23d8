#if canImport(Glibc)
import RingSync
import Glibc
#endif
import Dispatch
import Foundation
import RingApp
import RingHTTP
import RingTestSupport
import Testing

/// `src` documents over real sockets: a ringd on loopback fetching from a ``TestUpstream`` that the test
/// controls (allowed only by an explicit `--source-allow 127.0.0.1` here), docs/design.md §Sources.
@Suite(.serialized, .tags(.liveSocket)) struct SourceLiveTests {
    /// Sources over plain http to loopback, as a test (never the default) sets them up.
    static func configuration(ttl: Int = 300) -> AppConfiguration {
        AppConfiguration(sources: SourceConfiguration(allowHTTP: true, allow: ["127.0.0.1"], ttlSeconds: ttl))
    }

    static func encoded(_ url: String) -> String {
        url.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    @Test func anEndpointDocumentDrawsTheSamePictureAsItsValuesInTheURL() async throws {
        let upstream = try TestUpstream { _ in
            TestUpstream.json(#"{"schemaVersion": 1, "label": "coverage", "message": "87%", "color": "green"}"#)
        }
        defer { upstream.stop() }
        try await withRingd(Self.configuration()) { _, _, port in
            let client = try TestClient(port: port)
            let src = Self.encoded("http://127.0.0.1:\(upstream.port)/coverage.json")
            let fromSource = try client.get("/badge?src=\(src)", ["Cookie: session=secret", "Authorization: Bearer secret"])
            let direct = try client.get("/badge?label=coverage&message=87%25&color=green&p=87%25")
            #expect(fromSource.status == 200, "\(fromSource.bodyText)")
            #expect(fromSource.body == direct.body)
            #expect(fromSource.header("ETag") == direct.header("ETag"))
            let maxAge = try #require(fromSource.header("Cache-Control"))
            #expect(maxAge.hasPrefix("public, max-age=") && maxAge != "public, max-age=86400", "\(maxAge)")
            #expect(fromSource.header("X-Ring-Source") == nil)
            // GitHub's image proxy revalidates: 304 while the value has not changed, with the short max-age again.
            let etag = try #require(fromSource.header("ETag"))
            let revalidated = try client.get("/badge?src=\(src)", ["If-None-Match: \(etag)"])
            #expect(revalidated.status == 304 && revalidated.body.isEmpty)
            #expect(revalidated.header("Cache-Control")?.hasPrefix("public, max-age=") == true)
            #expect(revalidated.header("Cache-Control") != "public, max-age=86400")
            // A URL parameter wins over the document's.
            let overridden = try client.get("/badge?src=\(src)&label=tests")
            let directOverridden = try client.get("/badge?label=tests&message=87%25&color=green&p=87%25")
            #expect(overridden.body == directOverridden.body)
            // Nothing of the client's request reaches the upstream.
            let heads = upstream.heads
            #expect(heads.count == 1, "one fetch for the URL: \(heads.count)")
            #expect(heads.allSatisfy { $0.contains("User-Agent: ringd") && $0.contains("Accept: application/json") })
            #expect(heads.allSatisfy { !$0.contains("secret") && !$0.contains("Cookie") }, "\(heads)")
            let metrics = try client.get("/metrics").bodyText
            #expect(metrics.contains("ringd_source_fetches_total{result=\"ok\"} 1"), "\(metrics)")
            #expect(metrics.contains("ringd_source_documents 1"))
        }
    }

    /// A shields endpoint document with a label and a message but no value: on /badge, shields' static badge (as
    /// shields draws it); on a route that needs a value, a 502 saying the document gives none.
    @Test func aDocumentWithoutAValueIsAStaticBadgeOrSaysSo() async throws {
        let upstream = try TestUpstream { _ in TestUpstream.json(#"{"schemaVersion": 1, "label": "build", "message": "passing"}"#) }
        defer { upstream.stop() }
        try await withRingd(Self.configuration()) { _, _, port in
            let client = try TestClient(port: port)
            let src = Self.encoded("http://127.0.0.1:\(upstream.port)/build.json")
            let badge = try client.get("/badge?src=\(src)")
            let staticBadge = try client.get("/badge?label=build&message=passing")
            #expect(badge.status == 200 && badge.body == staticBadge.body)
            let response = try client.get("/ring?src=\(src)")
            #expect(response.status == 502)
            #expect(response.bodyText.hasPrefix("src: the document gives no value"), "\(response.bodyText)")
            // With the value in the URL, the document's label and message are used.
            let given = try client.get("/badge?src=\(src)&p=1")
            let direct = try client.get("/badge?label=build&message=passing&p=1")
            #expect(given.status == 200 && given.body == direct.body)
        }
    }

    @Test func queryAndMaxPickAndScaleANumber() async throws {
        let upstream = try TestUpstream { _ in TestUpstream.json(#"{"totals": {"lines": [{"pct": 91.5}]}}"#) }
        defer { upstream.stop() }
        try await withRingd(Self.configuration()) { _, _, port in
            let client = try TestClient(port: port)
            let src = Self.encoded("http://127.0.0.1:\(upstream.port)/c.json")
            let picked = try client.get("/ring?src=\(src)&query=%24.totals.lines%5B0%5D.pct&max=100")
            let direct = try client.get("/ring?p=0.915")
            #expect(picked.status == 200, "\(picked.bodyText)")
            #expect(picked.body == direct.body && picked.header("ETag") == direct.header("ETag"))
            let missing = try client.get("/ring?src=\(src)&query=%24.totals.branches")
            #expect(missing.status == 502)
            #expect(missing.bodyText.contains("src: no number at $.totals.branches"), "\(missing.bodyText)")
            let image = try client.get("/ring?src=\(src)&query=%24.totals.branches", ["Accept: image/*"])
            #expect(image.status == 200 && image.header("X-Ring-Error")?.hasPrefix("src: no number") == true)
        }
    }

    @Test func aNewValueIsPickedUpAfterTheTTL() async throws {
        let value = LockedValue("0.25")
        let upstream = try TestUpstream { _ in TestUpstream.json(#"{"p": \#(value.withLock { $0 })}"#) }
        defer { upstream.stop() }
        let clock = ManualClock()
        try await withRingd(Self.configuration(ttl: 1), now: { clock.now }) { _, _, port in
            let client = try TestClient(port: port)
            let src = Self.encoded("http://127.0.0.1:\(upstream.port)/p.json")
            let first = try client.get("/ring?src=\(src)")
            #expect(first.body == (try client.get("/ring?p=0.25")).body)
            value.withLock { $0 = "0.75" }
            #expect(try client.get("/ring?src=\(src)").body == first.body, "within the TTL the value holds")
            clock.advance(by: .milliseconds(1_200))
            let later = try client.get("/ring?src=\(src)")
            #expect(later.body == (try client.get("/ring?p=0.75")).body, "after the TTL the new value shows")
            #expect(upstream.connections == 2)
        }
    }

    @Test func anUpstreamThatGoesDownLeavesTheLastValueMarkedStale() async throws {
        let up = LockedValue(true)
        let upstream = try TestUpstream { _ in
            up.withLock { $0 } ? TestUpstream.json(#"{"p": 0.4}"#) : .bytes(TestUpstream.response(status: 503, []))
        }
        defer { upstream.stop() }
        let clock = ManualClock()
        try await withRingd(Self.configuration(ttl: 1), now: { clock.now }) { _, _, port in
            let client = try TestClient(port: port)
            let src = Self.encoded("http://127.0.0.1:\(upstream.port)/p.json")
            let good = try client.get("/ring?src=\(src)")
            up.withLock { $0 = false }
            clock.advance(by: .milliseconds(1_200))
            let stale = try client.get("/ring?src=\(src)")
            #expect(stale.status == 200 && stale.body == good.body)
            #expect(stale.header("X-Ring-Source") == "stale")
            #expect(stale.header("ETag") == good.header("ETag"))
        }
    }

    @Test func aHundredConcurrentRequestsMakeOneFetch() async throws {
        // The upstream answers once another request is waiting beside the one that started the fetch (as many
        // run at once as concurrentPerform has threads), so some requests surely join the fetch under way.
        let server = LockedValue<HTTPServer?>(nil)
        let upstream = try TestUpstream { _ in
            _ = eventually { (server.withLock { $0 }?.openConnections ?? 0) >= 2 }
            return TestUpstream.json(#"{"p": 0.33}"#)
        }
        defer { upstream.stop() }
        try await withRingd(Self.configuration()) { _, live, port in
            server.withLock { $0 = live }
            let src = Self.encoded("http://127.0.0.1:\(upstream.port)/p.json")
            let statuses = LockedValue<[Int]>([])
            DispatchQueue.concurrentPerform(iterations: 100) { _ in
                let status = (try? TestClient(port: port).get("/ring?src=\(src)").status) ?? -1
                statuses.withLock { $0.append(status) }
            }
            #expect(statuses.withLock { $0 }.allSatisfy { $0 == 200 })
            #expect(upstream.connections == 1, "\(upstream.connections) fetches")
        }
    }

    /// The fetch deadline (2.5 s) holds against an upstream sending a byte a second (its ~70-byte answer would take
    /// a minute): the 504 names it and comes within the client's 10 s read timeout, and plain requests are
    /// answered while the fetch is still under way.
    @Test func aTricklingUpstreamTimesOutWhileOthersAreServed() async throws {
        let upstream = try TestUpstream { _ in
            .trickle(TestUpstream.response(Array(#"{"p": 0.5}"#.utf8)), interval: .seconds(1))
        }
        defer { upstream.stop() }
        try await withRingd(Self.configuration()) { _, _, port in
            let src = Self.encoded("http://127.0.0.1:\(upstream.port)/slow.json")
            let done = DispatchSemaphore(value: 0)
            let outcome = LockedValue<(Int, String)?>(nil)
            DispatchQueue.global().async {
                let response = try? TestClient(port: port, timeout: .seconds(10)).get("/ring?src=\(src)")
                outcome.withLock { $0 = (response?.status ?? -1, response?.bodyText ?? "") }
                done.signal()
            }
            // Meanwhile, with the fetch under way, plain requests are answered.
            #expect(eventually { upstream.connections == 1 }, "the fetch never reached the upstream")
            let client = try TestClient(port: port)
            for i in 0..<5 {
                #expect(try client.get("/ring?p=0.\(i)1").status == 200)
            }
            #expect(outcome.withLock { $0 } == nil, "the slow fetch ended before the plain requests were answered")
            done.wait()
            let (status, text) = try #require(outcome.withLock { $0 })
            #expect(status == 504, "\(text)")
            #expect(text.contains("src: timed out after 2.5 s"), "\(text)")
        }
    }

    @Test func hostileUpstreamsGetTheRightErrors() async throws {
        let port = LockedValue(0)
        let upstream = try TestUpstream { path in
            switch path {
            case "/big": return .bytes(TestUpstream.response([UInt8](repeating: 0x20, count: 10_000_000)))
            case "/bad": return TestUpstream.json(#"{"p": 0.5,}"#)
            case "/loop": return .bytes(TestUpstream.response(status: 302, [], fields: [("Location", "/loop")]))
            case "/private":
                return .bytes(TestUpstream.response(status: 301, [], fields: [("Location", "http://10.1.2.3/x.json")]))
            case "/meta":
                return .bytes(TestUpstream.response(status: 307, [], fields: [("Location", "http://169.254.169.254/latest/meta-data/")]))
            case "/hop": return .bytes(TestUpstream.response(status: 302, [], fields: [("Location", "http://127.0.0.1:\(port.withLock { $0 })/ok")]))
            default: return TestUpstream.json(#"{"p": 0.5}"#)
            }
        }
        port.withLock { $0 = upstream.port }
        defer { upstream.stop() }
        try await withRingd(Self.configuration()) { _, _, ringdPort in
            let client = try TestClient(port: ringdPort)
            func get(_ path: String) throws -> TestClient.Response {
                try client.get("/ring?src=" + Self.encoded("http://127.0.0.1:\(upstream.port)\(path)"))
            }
            let big = try get("/big")
            #expect(big.status == 502 && big.bodyText.contains("64 KiB"), "\(big.bodyText)")
            let bad = try get("/bad")
            #expect(bad.status == 502 && bad.bodyText.contains("not JSON"), "\(bad.bodyText)")
            let loop = try get("/loop")
            #expect(loop.status == 502 && loop.bodyText.contains("more than 3 redirects"), "\(loop.bodyText)")
            let toPrivate = try get("/private")
            #expect(toPrivate.status == 400 && toPrivate.bodyText.contains("10.1.2.3 is a private address"), "\(toPrivate.bodyText)")
            let toMetadata = try get("/meta")
            #expect(toMetadata.status == 400 && toMetadata.bodyText.contains("cloud metadata"), "\(toMetadata.bodyText)")
            let hop = try get("/hop")
            #expect(hop.status == 200, "one allowed redirect is followed: \(hop.bodyText)")
        }
    }

    @Test func refusedSourcesSendNothing() async throws {
        let upstream = try TestUpstream { _ in TestUpstream.json(#"{"p": 0.5}"#) }
        let upstream6 = try TestUpstream(host: "::1") { _ in TestUpstream.json(#"{"p": 0.5}"#) }
        defer {
            upstream.stop()
            upstream6.stop()
        }
        let p = upstream.port
        // The default settings (https only, no private addresses) and, to prove the address checks do not lean
        // on the scheme check, plain http allowed but no --source-allow.
        for sources in [SourceConfiguration(), SourceConfiguration(allowHTTP: true)] {
            try await withRingd(AppConfiguration(sources: sources)) { _, _, ringdPort in
                let client = try TestClient(port: ringdPort)
                let urls = [
                    "http://127.0.0.1:\(p)/", "https://127.0.0.1:\(p)/", "https://localhost:\(p)/", "http://localhost:\(p)/",
                    "https://[::1]:\(upstream6.port)/", "http://[::1]:\(upstream6.port)/", "https://169.254.169.254/",
                    "https://10.1.2.3/", "http://2130706433:\(p)/", "http://0177.0.0.1:\(p)/", "http://0x7f.1:\(p)/",
                    "http://127.1:\(p)/", "http://0:\(p)/", "http://[::ffff:127.0.0.1]:\(p)/", "http://localhost.:\(p)/",
                    "http://127.0.0.1.nip.io:\(p)/", "https://[fd00:ec2::254]/",
                ]
                for url in urls {
                    let response = try client.get("/ring?src=" + Self.encoded(url))
                    #expect(response.status == 400 || response.status == 502, "\(url): \(response.status) \(response.bodyText)")
                    #expect(response.bodyText.hasPrefix("src: "), "\(url): \(response.bodyText)")
                }
            }
        }
        #expect(upstream.connections == 0, "the IPv4 upstream saw \(upstream.connections) connections")
        #expect(upstream6.connections == 0, "the IPv6 upstream saw \(upstream6.connections) connections")
    }

    @Test func sourcesOffAndBadParametersAreErrorsNamingThem() async throws {
        try await withRingd(AppConfiguration(sources: SourceConfiguration(enabled: false))) { _, _, port in
            let client = try TestClient(port: port)
            let off = try client.get("/ring?src=https%3A%2F%2Fexample.org%2Fc.json")
            #expect(off.status == 400 && off.bodyText.contains("--sources off"))
        }
        try await withRingd { _, _, port in
            let client = try TestClient(port: port)
            for (query, needle) in [
                ("src=ftp%3A%2F%2Fexample.org%2F", "src: got \"ftp://example.org/\"; expected an http(s) URL"),
                ("src=https%3A%2F%2Fexample.org%2F&query=%24..a", "query: got \"$..a\"; expected a JSONPath"),
                ("query=%24.a", "query: got \"$.a\"; expected src as well"),
                ("src=https%3A%2F%2Fexample.org%2F&query=%24.a&max=0", "max: got \"0\"; expected a number above 0"),
            ] {
                let response = try client.get("/ring?\(query)")
                #expect(response.status == 400 && response.bodyText.hasPrefix(needle), "\(query): \(response.bodyText)")
            }
        }
    }
}
