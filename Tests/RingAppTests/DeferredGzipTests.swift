import RingSync
import Dispatch
import Glibc
import RingHTTP
import RingTestSupport
import Testing
@testable import RingApp

/// An SVG miss for a client that takes identity is answered before its gzip copy is built; the copy follows on
/// the render thread, and a client that asks for gzip on its own miss gets it at once.
@Suite struct DeferredGzipTests {
    /// The miss's answer, delivered while the render thread is held inside the completion, so the cache can be
    /// looked at between the answer and the work that follows it.
    @Test func anIdentityMissIsAnsweredBeforeTheGzipCopyIsBuilt() throws {
        let app = RingApplication(configuration: AppConfiguration())
        let answered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let answer = LockedValue<HTTPResponse?>(nil)
        let writer = HTTPResponseWriter { response in
            answer.withLock { $0 = response }
            answered.signal()
            release.wait()
        }
        guard case .deferred = app.respond(to: request("/ring?p=0.41"), deferral: HTTPDeferral(writer: writer)) else {
            Issue.record("a miss should be rendered on the pool")
            return
        }
        answered.wait()
        let first = try #require(answer.withLock { $0 })
        #expect(first.status == .ok && first.headers["Content-Encoding"] == nil)
        // Not built yet: a gzip client is answered in identity meanwhile (correct, only larger).
        let meanwhile = app.respond(to: request("/ring?p=0.41", [("Accept-Encoding", "gzip")]))
        #expect(meanwhile.headers["Content-Encoding"] == nil && meanwhile.body == first.body)
        release.signal()
        // The copy is stored right after the completion returns.
        var gzip = meanwhile
        _ = eventually {
            gzip = app.respond(to: request("/ring?p=0.41", [("Accept-Encoding", "gzip")]))
            return gzip.headers["Content-Encoding"] != nil
        }
        #expect(gzip.headers["Content-Encoding"] == "gzip")
        #expect(GzipTests.gunzip(gzip.body) == first.body)
        #expect(gzip.headers["ETag"] == String(first.headers["ETag"]?.dropLast() ?? "") + "-gz\"")
        // Identity hits keep their validator and headers.
        let identity = app.respond(to: request("/ring?p=0.41"))
        #expect(identity.headers["ETag"] == first.headers["ETag"] && identity.body == first.body)
        #expect(identity.headers["Vary"] == "Accept-Encoding")
    }

    @Test func aGzipMissIsAnsweredInGzip() throws {
        let app = RingApplication(configuration: AppConfiguration())
        let done = DispatchSemaphore(value: 0)
        let answer = LockedValue<HTTPResponse?>(nil)
        let writer = HTTPResponseWriter { response in
            answer.withLock { $0 = response }
            done.signal()
        }
        guard case .deferred = app.respond(to: request("/ring?p=0.42", [("Accept-Encoding", "gzip")]), deferral: HTTPDeferral(writer: writer)) else {
            Issue.record("a miss should be rendered on the pool")
            return
        }
        done.wait()
        let response = try #require(answer.withLock { $0 })
        #expect(response.headers["Content-Encoding"] == "gzip")
        #expect(GzipTests.gunzip(response.body) == app.respond(to: request("/ring?p=0.42")).body)
    }

    /// Only a picture's SVG for a client that takes identity waits for its gzip copy: PNGs have none, a gzip
    /// client needs it at once, and error images are small and short-lived.
    @Test func onlyAnIdentityClientsSVGPictureDefers() {
        let app = RingApplication(configuration: AppConfiguration())
        func defers(_ target: String, _ headers: [(String, String)] = []) -> Bool? {
            guard case .render(let job) = app.plan(request(target, headers)) else { return nil }
            return job.deferringGzip(for: request(target, headers)).defersGzip
        }
        #expect(defers("/ring?p=0.43") == true)
        #expect(defers("/ring?p=0.43", [("Accept-Encoding", "gzip;q=0.5")]) == false)
        #expect(defers("/ring?p=0.43", [("Accept-Encoding", "gzip;q=0, br")]) == true)
        #expect(defers("/ring.png?p=0.43") == false)
        #expect(defers("/ring?p=nope", [("Accept", "image/*")]) == false, "an error image")
    }
}
