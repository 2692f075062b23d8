import Synchronization

/// Delivers one deferred response to the connection that asked for it.
///
/// Made by ``HTTPDeferral/makeWriter()`` when a responder defers its answer. ``write(_:)`` may be called from any
/// thread; the response is sent from the connection's own I/O queue. Only the first call counts. If the connection
/// closed meanwhile (peer gone, shutdown deadline), the response is dropped.
public final class HTTPResponseWriter: Sendable {
    private let deliver: @Sendable (HTTPResponse) -> Void
    private let written = Atomic<Bool>(false)

    /// A writer that passes the response to `deliver` (the server's writers hop to the connection's
    /// queue; tests can collect responses directly).
    public init(_ deliver: @escaping @Sendable (HTTPResponse) -> Void) {
        self.deliver = deliver
    }

    /// Sends `response` as the answer to the deferred request. Calls after the first are ignored.
    public func write(_ response: HTTPResponse) {
        guard !written.exchange(true, ordering: .acquiringAndReleasing) else { return }
        deliver(response)
    }

    /// Whether ``write(_:)`` has been called.
    public var hasWritten: Bool { written.load(ordering: .acquiring) }
}
