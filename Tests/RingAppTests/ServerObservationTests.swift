import RingHTTP
import Testing
@testable import RingApp

@Suite struct ServerObservationTests {
    /// `/metrics` reports the server's open connections without keeping the server alive: the server holds the
    /// application as its responder, so a strong reference back from the metrics was a cycle that kept every
    /// stopped server, its application, caches and pools (LeakSanitizer, scripts/sanitizers address).
    @Test func observingAServerDoesNotKeepItAlive() {
        let app = RingApplication(configuration: AppConfiguration())
        weak var released: HTTPServer?
        do {
            let server = HTTPServer(responder: app)
            released = server
            app.observeConnections(of: server)
            #expect(app.metrics.exposition(cache: app.cache.statistics).contains("ringd_open_connections 0"))
        }
        #expect(released == nil, "the metrics keep the server alive")
        // A released server's gauge reads 0 rather than failing.
        #expect(app.metrics.exposition(cache: app.cache.statistics).contains("ringd_open_connections 0"))
    }
}
