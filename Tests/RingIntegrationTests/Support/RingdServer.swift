import RingTestSupport
import Testing
import RingApp
@testable import RingHTTP

/// Starts ringd's application on a live server (ephemeral loopback port, two I/O queues), runs `body` on
/// its own thread (see `onOwnThread`), and always shuts the server down.
func withRingd(
    _ configuration: AppConfiguration = AppConfiguration(),
    now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now },
    _ body: @escaping @Sendable (RingApplication, HTTPServer, Int) throws -> Void
) async throws {
    try await onOwnThread {
        let app = RingApplication(configuration: configuration, now: now)
        let server = HTTPServer(configuration: HTTPServer.Configuration(port: 0, ioQueues: 2), responder: app)
        app.observeConnections(of: server)
        try server.start()
        defer {
            server.beginShutdown(gracePeriod: .milliseconds(200))
            #expect(server.stopped(within: .seconds(10)), "server did not stop")
        }
        try body(app, server, try #require(server.port))
    }
}

extension TestClient {
    /// Sends a request for `target` with extra header lines.
    func request(_ target: String, method: String = "GET", _ headers: [String] = []) {
        send("\(method) \(target) HTTP/1.1\r\nHost: test\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// Sends a GET and reads its response.
    func get(_ target: String, _ headers: [String] = []) throws -> Response {
        request(target, headers)
        return try readResponse()
    }
}

extension TestClient.Response {
    /// Header lines except `Date` (which may tick between two responses), for comparisons.
    var headersWithoutDate: [String] {
        headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
    }
}
