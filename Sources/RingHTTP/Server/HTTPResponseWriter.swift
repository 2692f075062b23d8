import RingSync
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

    /// What to do when the client gives up before the answer (nil: nothing yet); `abandoned` once it has.
    private let abandonment = LockedValue<(handler: (@Sendable () -> Void)?, abandoned: Bool)>((nil, false))

    /// Runs `handler` when the client leaves before the answer is written: it closed the connection (or shut its
    /// sending side, which ringd takes as leaving, as nginx does), or the connection was closed under it. At once
    /// if it already has. A later call replaces an earlier handler that has not run (the work the request waits
    /// for has moved on: a fetch, then a render).
    public func onAbandon(_ handler: @escaping @Sendable () -> Void) {
        let runNow = abandonment.withLock { state in
            if state.abandoned { return true }
            state.handler = handler
            return false
        }
        if runNow { handler() }
    }

    /// Whether the client left before the answer.
    public var isAbandoned: Bool { abandonment.withLock { $0.abandoned } }

    /// The connection's report that its client left with this answer unwritten.
    func abandon() {
        guard !hasWritten else { return }
        let handler = abandonment.withLock { state -> (@Sendable () -> Void)? in
            guard !state.abandoned else { return nil }
            state.abandoned = true
            defer { state.handler = nil }
            return state.handler
        }
        handler?()
    }
}
