import Dispatch
import RingSync
import Synchronization

/// An HTTP/1.1 origin server on non-blocking POSIX sockets and Dispatch.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0), responder: app)
/// try server.start()
/// print("listening on", server.localAddress!)
/// …
/// await server.shutdown()             // or: try server.runUntilSignalled()
/// ```
///
/// The server owns everything about the protocol: keep-alive and pipelining, limits and deadlines,
/// `Date`/`Content-Length`/`Connection`, HEAD, protocol errors (400, 405, 408, 413, 414, 417, 429, 431,
/// 501, 503, 505) and graceful shutdown. The ``HTTPResponder`` only maps a GET or HEAD request to a response;
/// it is called on the connection's I/O queue, in request order per connection.
///
/// A started server keeps itself alive until it has stopped; it need not be stored.
public final class HTTPServer: Sendable {
    /// The configuration the server was created with.
    public let configuration: Configuration
    let responder: any HTTPResponder
    private let state = LockedValue(Lifecycle())
    private let openConnectionCount = Atomic<Int>(0)
    /// Open connections per client group (``PeerAddress/clientGroup``), for ``Configuration/maxConnectionsPerClient``.
    private let connectionsByClient = LockedValue<[PeerAddress: Int]>([:])
    private let shuttingDown = Atomic<Bool>(false)

    private struct Lifecycle {
        enum Phase { case idle, running, stopping, stopped }
        var phase = Phase.idle
        var localAddress: SocketAddress?
        var acceptor: Acceptor?
        var loops: [IOLoop] = []
        var listenerClosed = false
        var onStopped: [@Sendable () -> Void] = []
    }

    /// Creates a server; nothing is bound until ``start()``.
    public init(configuration: Configuration = Configuration(), responder: any HTTPResponder) {
        self.configuration = configuration
        self.responder = responder
    }

    /// Binds the listener and starts accepting. Returns once the socket listens.
    ///
    /// - Throws: ``SocketAddress/ResolutionError`` for a bad host or port, ``SystemError`` when the
    ///   socket cannot be bound (e.g. `EADDRINUSE`).
    public func start() throws {
        try state.withLock { state in
            precondition(state.phase == .idle, "HTTPServer.start() called twice")
            Syscall.ignoreSIGPIPE()
            let address = try SocketAddress(host: configuration.host, port: configuration.port)
            let listener = try Socket.listening(on: address, backlog: Int32(clamping: configuration.backlog))
            do {
                state.localAddress = try listener.localAddress()
            } catch {
                listener.close()
                throw error
            }
            let loops = (0..<max(1, configuration.ioQueues)).map { IOLoop(index: $0, server: self, responder: responder) }
            let acceptor = Acceptor(listener: listener, loops: loops, server: self)
            do {
                for loop in loops { try loop.start() }
            } catch {
                listener.close()
                throw error
            }
            acceptor.start()
            state.loops = loops
            state.acceptor = acceptor
            state.phase = .running
        }
    }

    /// The address the server is bound to, once started.
    public var localAddress: SocketAddress? { state.withLock { $0.localAddress } }

    /// The bound port (the real one when the configuration asked for port 0), or nil before ``start()``.
    public var port: Int? { localAddress?.port }

    /// Connections currently open (accepted and not yet closed).
    public var openConnections: Int { openConnectionCount.load(ordering: .relaxed) }

    /// Whether a shutdown has begun.
    public var isShuttingDown: Bool { shuttingDown.load(ordering: .relaxed) }

    // MARK: Shutdown

    /// Begins a graceful shutdown and returns at once.
    ///
    /// The listener closes (new connections are refused), connections between requests close now,
    /// requests in progress are answered with `Connection: close`, and whatever is still open after the
    /// grace period is closed. Calling it again can only shorten the deadline (a second SIGTERM).
    ///
    /// - Parameter gracePeriod: overrides ``Configuration/shutdownGracePeriod``.
    public func beginShutdown(gracePeriod: Duration? = nil) {
        let deadline = MonotonicInstant.now + (gracePeriod ?? configuration.shutdownGracePeriod)
        let running: (Acceptor?, [IOLoop])? = state.withLock { state in
            switch state.phase {
            case .idle:
                state.phase = .stopping
                state.listenerClosed = true
                return nil
            case .running, .stopping:
                state.phase = .stopping
                return (state.acceptor, state.loops)
            case .stopped:
                return nil
            }
        }
        shuttingDown.store(true, ordering: .relaxed)
        if let (acceptor, loops) = running {
            acceptor?.cancel()
            for loop in loops { loop.queue.async { loop.beginDraining(deadline: deadline) } }
        }
        finishIfDrained()
    }

    /// Shuts down gracefully and waits until every connection is closed.
    public func shutdown(gracePeriod: Duration? = nil) async {
        beginShutdown(gracePeriod: gracePeriod)
        await waitUntilStopped()
    }

    /// Waits until the server has stopped (after a shutdown began and every connection closed).
    public func waitUntilStopped() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            whenStopped { continuation.resume() }
        }
    }

    /// Blocks the calling thread until the server has stopped. For `main.swift`; never call it on an
    /// I/O queue.
    public func blockUntilStopped() {
        let semaphore = DispatchSemaphore(value: 0)
        whenStopped { semaphore.signal() }
        semaphore.wait()
    }

    /// Runs `callback` once the server has stopped (at once, on this thread, if it already has).
    func whenStopped(_ callback: @escaping @Sendable () -> Void) {
        let stopped = state.withLock { state in
            if state.phase == .stopped { return true }
            state.onStopped.append(callback)
            return false
        }
        if stopped { callback() }
    }

    // MARK: Bookkeeping from the acceptor and the loops

    /// Why ``connectionWillOpen(from:)`` turned a connection away.
    enum ConnectionRefusal: Error {
        /// The server holds ``Configuration/maxConnections``.
        case cap
        /// The peer's client group holds ``Configuration/maxConnectionsPerClient``.
        case clientShare
    }

    /// Counts a connection from `peer` about to be handed to a loop. Returns the client group it counts under (nil:
    /// none; pass it to ``connectionDidClose(group:)``), or why it is refused.
    func connectionWillOpen(from peer: PeerAddress?) -> Result<PeerAddress?, ConnectionRefusal> {
        let count = openConnectionCount.add(1, ordering: .relaxed).newValue
        if count > configuration.maxConnections {
            openConnectionCount.subtract(1, ordering: .relaxed)
            return .failure(.cap)
        }
        let share = configuration.maxConnectionsPerClient
        guard share < configuration.maxConnections, let peer, !configuration.isUnlimitedClient(peer) else {
            return .success(nil)
        }
        let group = peer.clientGroup
        let admitted = connectionsByClient.withLock { counts in
            guard counts[group, default: 0] < share else { return false }
            counts[group, default: 0] += 1
            return true
        }
        guard admitted else {
            openConnectionCount.subtract(1, ordering: .relaxed)
            return .failure(.clientShare)
        }
        return .success(group)
    }

    /// A connection closed; `group` is what ``connectionWillOpen(from:)`` counted it under.
    func connectionDidClose(group: PeerAddress?) {
        if let group {
            connectionsByClient.withLock { counts in
                let left = counts[group, default: 1] - 1
                counts[group] = left > 0 ? left : nil
            }
        }
        let remaining = openConnectionCount.subtract(1, ordering: .acquiringAndReleasing).newValue
        if remaining == 0 { finishIfDrained() }
    }

    func listenerDidClose() {
        state.withLock { $0.listenerClosed = true }
        finishIfDrained()
    }

    /// Completes the shutdown once the listener is closed and no connection is left.
    private func finishIfDrained() {
        let finished: (loops: [IOLoop], callbacks: [@Sendable () -> Void])? = state.withLock { state in
            // After the listener's cancel handler ran no connection can be added, so a zero count
            // seen under the lock stays zero.
            guard state.phase == .stopping, state.listenerClosed,
                openConnectionCount.load(ordering: .acquiring) == 0
            else { return nil }
            state.phase = .stopped
            defer {
                state.loops = []
                state.acceptor = nil
                state.onStopped = []
            }
            return (state.loops, state.onStopped)
        }
        guard let finished else { return }
        finished.loops.forEach { $0.stop() }
        finished.callbacks.forEach { $0() }
    }
}
