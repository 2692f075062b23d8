/// What the application implements: a thread-safe mapping from a request to a response.
///
/// The server calls ``respond(to:deferral:)`` on the connection's I/O queue for every request that parsed,
/// in request order per connection. It never calls it for protocol errors (those are answered by the
/// server itself). The server knows nothing about what the responder serves.
///
/// A responder that can always answer at once implements only ``respond(to:)``. One that must wait
/// (for a render on another thread, say) implements ``respond(to:deferral:)``, makes the writer with
/// ``HTTPDeferral/makeWriter()`` and returns ``HTTPResponderResult/deferred``; the connection then stops reading
/// and parsing until the writer is called, so pipelined responses stay in request order.
public protocol HTTPResponder: Sendable {
    /// Answers `request` at once. Also what the default ``respond(to:deferral:)`` calls.
    func respond(to request: HTTPRequest) -> HTTPResponse

    /// Answers `request` now (``HTTPResponderResult/response(_:)``), or later through the writer `deferral`
    /// makes (``HTTPResponderResult/deferred``). Runs on the connection's I/O queue: must not block.
    func respond(to request: HTTPRequest, deferral: HTTPDeferral) -> HTTPResponderResult

    /// Told when the server itself answers with an error (a malformed or oversized request, a method other
    /// than GET or HEAD, a head that came too slowly) and closes the connection: the responder never saw a
    /// request, but an access log still owes the response a line. Runs on the connection's I/O queue, or on the
    /// acceptor's for a connection refused at the connection cap (503, "too many connections").
    func answeredProtocolError(_ status: HTTPStatus, reason: String)

    /// Answers an `OPTIONS` request (a browser's CORS preflight, RFC 9110 §9.3.7), or nil to have the server
    /// refuse it with 405 like the other methods it does not serve. Runs on the connection's I/O queue.
    func respondToOptions(_ request: HTTPRequest) -> HTTPResponse?
}

extension HTTPResponder {
    public func respond(to request: HTTPRequest, deferral: HTTPDeferral) -> HTTPResponderResult {
        .response(respond(to: request))
    }

    public func answeredProtocolError(_ status: HTTPStatus, reason: String) {}

    public func respondToOptions(_ request: HTTPRequest) -> HTTPResponse? { nil }
}

/// The two ways a responder can answer.
public enum HTTPResponderResult: Sendable {
    /// The response, sent in order with the connection's other responses.
    case response(HTTPResponse)
    /// The responder will call ``HTTPResponseWriter/write(_:)`` of the writer it made from the request's
    /// ``HTTPDeferral`` exactly once, from any thread.
    case deferred
}
