import RingHTTP

extension RingApplication {
    /// Reports `server`'s open connections in `/metrics` (`ringd_open_connections`), for the server that answers
    /// with this application.
    ///
    /// The server is held weakly: it holds this application as its responder, which holds the metrics, so a
    /// strong reference from the metrics back to the server would keep the server, the application, its caches,
    /// its pools and its TLS context alive after shutdown (LeakSanitizer found every live test's server so). A
    /// released server reports 0.
    public func observeConnections(of server: HTTPServer) {
        metrics.setOpenConnectionsSource { [weak server] in server?.openConnections ?? 0 }
    }
}
