#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// One serial I/O queue, its readiness set (``EventPoller``) and the connections it owns.
///
/// One Dispatch read source watches the poller's epoll descriptor; when it fires, the loop takes the
/// pending socket reports and hands each to its connection. No socket is ever registered with libdispatch
/// (see ``EventPoller`` for the crash that avoids).
///
/// **Confinement:** every stored `var` (the connection registry, the poller, the date cache, the timer,
/// the read buffer's contents) is touched only on ``queue``. Other threads talk to a loop only through
/// `queue.async`. That is what makes the `@unchecked Sendable` sound; it exists so the loop can be
/// captured by the `@Sendable` closures handed to Dispatch.
///
/// A loop holds a strong reference to its server until ``stop()`` (the server's state keeps the loop),
/// so a running server stays alive without the caller holding it.
final class IOLoop: @unchecked Sendable {
    let queue: DispatchQueue
    let configuration: HTTPServer.Configuration
    let responder: any HTTPResponder
    private let server: HTTPServer

    /// Scratch buffer for `read`: connections on this queue never read concurrently, so they share it
    /// and an idle connection costs no buffer.
    let readBuffer: UnsafeMutableRawBufferPointer

    // `@exclusivity(unchecked)` on the state every event touches: confined to `queue` like the connections' (see
    // `Connection`), and nothing called while one of them is accessed comes back to it.
    @exclusivity(unchecked) private var connections: [UInt64: Connection] = [:]
    private var nextToken: UInt64 = 1
    /// The sockets' readiness set; created in ``start()``.
    @exclusivity(unchecked) private(set) var poller: EventPoller?
    private var pollSource: (any DispatchSourceRead)?
    @exclusivity(unchecked) private var dateCache = HTTPDateCache()
    private var timer: (any DispatchSourceTimer)?
    private var drainDeadline: MonotonicInstant?

    /// Connections whose deadline passed that one turn of the queue handles before letting other events
    /// run. A 408 costs a send and a shutdown (~0.1 ms on a busy machine); 2,000 slowloris connections
    /// timing out in the same tick used to hold the queue for over 100 ms, stalling every request on it.
    static let expiriesPerTurn = 32

    init(index: Int, server: HTTPServer, responder: any HTTPResponder) {
        self.queue = DispatchQueue(label: "ringhttp.io.\(index)")
        self.configuration = server.configuration
        self.responder = responder
        self.server = server
        self.readBuffer = .allocate(byteCount: 64 * 1024, alignment: 16)
    }

    deinit {
        readBuffer.deallocate()
    }

    /// The monotonic time used for every deadline on this loop.
    func now() -> MonotonicInstant { .now }

    /// The `Date` header line for a response being serialised now.
    func dateLine() -> [UInt8] { dateCache.headerLine() }

    /// Whether the server has begun shutting down (checked when deciding keep-alive, so a response
    /// produced while the shutdown started already says `Connection: close`).
    var serverIsDraining: Bool { server.isShuttingDown }

    /// Creates the readiness set and starts the deadline timer. Call once, before any ``adopt(descriptor:peer:group:)``.
    func start() throws(SystemError) {
        let poller = try EventPoller()
        queue.async { [self] in
            self.poller = poller
            let source = DispatchSource.makeReadSource(fileDescriptor: poller.pollDescriptor, queue: queue)
            source.setEventHandler { @Sendable [self] in pollEvents() }
            // The epoll descriptor closes only once no source watches it (docs/design.md §Dispatch on Linux).
            source.setCancelHandler { @Sendable in poller.close() }
            source.resume()
            pollSource = source

            let timer = DispatchSource.makeTimerSource(queue: queue)
            let interval = configuration.tickInterval.dispatchInterval
            timer.schedule(deadline: .now() + interval, repeating: interval, leeway: .milliseconds(5))
            timer.setEventHandler { @Sendable [self] in tick() }
            timer.resume()
            self.timer = timer
        }
    }

    /// Stops the timer and releases the server. Call once, after the last connection closed.
    func stop() {
        queue.async { [self] in
            timer?.cancel()
            timer = nil
            pollSource?.cancel()
            pollSource = nil
            assert(connections.isEmpty, "IOLoop stopped with \(connections.count) open connections")
        }
    }

    // MARK: Connections (on `queue`)

    /// Takes over an accepted descriptor (already counted as open by the server, under client `group`) from `peer`.
    func adopt(descriptor: Int32, peer: PeerAddress? = nil, group: PeerAddress? = nil) {
        dispatchPrecondition(condition: .onQueue(queue))
        let socket = Socket(descriptor: descriptor)
        let token = nextToken
        nextToken += 1
        do {
            guard let poller else { throw SystemError(call: "epoll_ctl", errno: EBADF) }
            try poller.add(descriptor, token: token, interest: .init(read: true, write: false))
        } catch {
            socket.close()  // cannot be watched (out of memory for the epoll entry): drop it
            server.connectionDidClose(group: group)
            return
        }
        let connection = Connection(socket: socket, token: token, loop: self, now: now(), peer: peer, group: group)
        connections[token] = connection
        if let drainDeadline { connection.beginDraining(deadline: drainDeadline, now: now()) }
    }

    /// Called by a connection as it closes, after its descriptor left the poller and was closed.
    func connectionDidClose(_ connection: Connection) {
        dispatchPrecondition(condition: .onQueue(queue))
        connections[connection.token] = nil
        server.connectionDidClose(group: connection.clientGroup)
    }

    /// Rounds of `epoll_wait` per wake-up of the poll source, at most. Under load more requests arrive while a
    /// batch is answered; polling again at once takes them without another trip through Dispatch (its manager
    /// thread's wake-up, a re-arm of the poll descriptor, a hand-off to a worker thread). The cap lets the
    /// queue's other work (render completions, the deadline tick) run in between.
    static let pollRoundsPerWakeUp = 4

    /// Hands the pending socket reports to their connections, polling again while reports keep coming. A report
    /// for a connection that closed earlier in the same batch finds no token and is dropped (tokens are never
    /// reused).
    private func pollEvents() {
        for _ in 0..<Self.pollRoundsPerWakeUp {
            let reports = poller?.poll { event in
                guard let connection = connections[event.token] else { return }
                connection.handle(event)
            } ?? 0
            if reports == 0 { break }
        }
    }

    /// Graceful shutdown: idle connections close now, the others finish their request, and none lives
    /// past `deadline`.
    func beginDraining(deadline: MonotonicInstant) {
        dispatchPrecondition(condition: .onQueue(queue))
        drainDeadline = min(drainDeadline ?? deadline, deadline)
        let now = now()
        for connection in Array(connections.values) {
            connection.beginDraining(deadline: deadline, now: now)
        }
    }

    /// The number of connections this loop owns (for tests and metrics; on `queue`).
    var connectionCount: Int {
        dispatchPrecondition(condition: .onQueue(queue))
        return connections.count
    }

    private func tick() {
        let now = now()
        // Collected first: connections leave the registry as they close.
        let due = connections.values.filter { $0.isDue(now: now) }
        handleExpiries(due[...])
    }

    /// Performs the deadlines of `due` in batches of ``expiriesPerTurn``, each batch a separate turn of the
    /// queue, so events that arrived meanwhile (other clients' requests) are served in between.
    private func handleExpiries(_ due: ArraySlice<Connection>) {
        let now = now()
        for connection in due.prefix(Self.expiriesPerTurn) {
            connection.tick(now: now)
        }
        let rest = due.dropFirst(Self.expiriesPerTurn)
        if !rest.isEmpty {
            queue.async { [self] in handleExpiries(rest) }
        }
    }
}
