/// What a responder needs to answer a request later: it makes the ``HTTPResponseWriter`` on demand.
///
/// Handed to ``HTTPResponder/respond(to:deferral:)`` for every request, where most answers are immediate (a cache
/// hit). Building the writer — an object and the closure it calls, two allocations — only when the responder
/// actually defers kept them off the hit path (callgrind: docs/performance.md). The value itself holds two
/// references (the connection, and the peer's address it made once at accept) and allocates nothing.
public struct HTTPDeferral: Sendable {
    enum Target: Sendable {
        /// The server's connection, which delivers on its own I/O queue.
        case connection(any DeferredResponseSink)
        /// A writer made beforehand (tests and other callers of a responder that collect responses directly).
        case writer(HTTPResponseWriter)
    }

    let target: Target
    /// The address of the connection's other end (the client, or a proxy in front of it); nil when unknown.
    public let peer: PeerAddress?

    init(sink: any DeferredResponseSink, peer: PeerAddress?) {
        target = .connection(sink)
        self.peer = peer
    }

    /// A deferral whose ``makeWriter()`` returns `writer`, for a request from `peer`.
    public init(writer: HTTPResponseWriter, peer: PeerAddress? = nil) {
        target = .writer(writer)
        self.peer = peer
    }

    /// The writer for this request's deferred answer. Call it once, when deciding to return
    /// ``HTTPResponderResult/deferred``; only the first response written through it is sent.
    public func makeWriter() -> HTTPResponseWriter {
        switch target {
        case .connection(let sink):
            let writer = HTTPResponseWriter { response in sink.deliverDeferred(response) }
            sink.deferredWriterMade(writer)
            return writer
        case .writer(let writer): return writer
        }
    }
}

/// The side of a connection that takes a deferred response from any thread.
protocol DeferredResponseSink: AnyObject, Sendable {
    /// Hands `response` to the connection's own queue, where it answers the request that was deferred.
    func deliverDeferred(_ response: HTTPResponse)
    /// The writer made for the deferred request (on the connection's queue, while the responder runs): told if the
    /// client leaves first.
    func deferredWriterMade(_ writer: HTTPResponseWriter)
}
