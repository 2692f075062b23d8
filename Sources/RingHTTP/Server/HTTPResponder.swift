/// What the application implements: a synchronous, thread-safe mapping from a request to a response.
///
/// The server calls `respond(to:)` on one of its I/O queues for every request that parsed, in request order
/// per connection. It never calls it for protocol errors (those are answered by the server itself).
/// The server knows nothing about what the responder serves.
public protocol HTTPResponder: Sendable {
    func respond(to request: HTTPRequest) -> HTTPResponse
}
