import Dispatch

/// One serial I/O queue and the connections it owns.
///
/// **Confinement:** every stored `var` (the connection registry, the date cache, the timer, the read
/// buffer's contents) is touched only on ``queue``. Other threads talk to a loop only through
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

    private var connections: [ObjectIdentifier: Connection] = [:]
    private var dateCache = HTTPDateCache()
    private var timer: (any DispatchSourceTimer)?
    private var drainDeadline: ContinuousClock.Instant?
    private let clock = ContinuousClock()

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
    func now() -> ContinuousClock.Instant { clock.now }

    /// The `Date` header line for a response being serialised now.
    func dateLine() -> [UInt8] { dateCache.headerLine() }

    /// Whether the server has begun shutting down (checked when deciding keep-alive, so a response
    /// produced while the shutdown started already says `Connection: close`).
    var serverIsDraining: Bool { server.isShuttingDown }

    /// Starts the deadline timer. Call once, from any thread.
    func start() {
        queue.async { [self] in
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
            assert(connections.isEmpty, "IOLoop stopped with \(connections.count) open connections")
        }
    }

    // MARK: Connections (on `queue`)

    /// Takes over an accepted descriptor (already counted as open by the server).
    func adopt(descriptor: Int32) {
        dispatchPrecondition(condition: .onQueue(queue))
        let connection = Connection(socket: Socket(descriptor: descriptor), loop: self, now: now())
        connections[ObjectIdentifier(connection)] = connection
        connection.start()
        if let drainDeadline { connection.beginDraining(deadline: drainDeadline, now: now()) }
    }

    /// Called by a connection from its last cancel handler, after its descriptor was closed.
    func connectionDidClose(_ connection: Connection) {
        dispatchPrecondition(condition: .onQueue(queue))
        connections[ObjectIdentifier(connection)] = nil
        server.connectionDidClose()
    }

    /// Graceful shutdown: idle connections close now, the others finish their request, and none lives
    /// past `deadline`.
    func beginDraining(deadline: ContinuousClock.Instant) {
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
        // Connections close through their cancel handlers, which run later on this queue, so the
        // registry does not change while this loop iterates.
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
