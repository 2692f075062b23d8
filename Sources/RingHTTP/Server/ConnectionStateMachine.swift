/// The deadlines and lifecycle of one connection, as a value with no I/O and no clock of its own.
///
/// The connection reports events with the time they happened (`now`), and asks ``tick(now:)`` what a
/// passing deadline requires; the caller performs the side effects. Tests drive it with made-up
/// instants, so every timeout rule is checked without sleeping.
///
/// Deadlines (docs/design.md §Deadlines):
/// - **header**: absolute, from the first byte of a request head to its end; not extended by further
///   trickling bytes (slowloris) → 408 and close.
/// - **idle**: a kept-alive connection with no request bytes → silent close (no 408: clients could
///   read it as the answer to a request they are just sending).
/// - **send**: output queued and the kernel accepted no byte of it for this long (slow reader) → close.
/// - **linger**: after `shutdown(SHUT_WR)`, how long input is drained before the close.
/// - **drain**: during graceful shutdown, the moment every connection is closed whatever its state.
struct ConnectionStateMachine {
    typealias Instant = MonotonicInstant

    /// The per-connection time limits.
    struct Timeouts: Equatable {
        var header: Duration
        var idle: Duration
        var send: Duration
        var linger: Duration
    }

    /// What the connection is waiting for.
    enum Phase: Equatable {
        /// Between requests with nothing buffered; the idle clock runs from `since`.
        case awaitingRequest(since: Instant)
        /// Part of a request head is buffered; the header clock runs from `since`.
        case readingHead(since: Instant)
        /// Output is waiting for the socket to become writable; input is paused.
        case sending(lastProgress: Instant)
        /// A complete request is with the responder, which answers later (a render); input is paused.
        /// No deadline of ours applies: the server, not the client, is the slow side.
        case responding
        /// Output is shut down and input is being drained before the close.
        case lingering(since: Instant)
        case closed
    }

    /// What ``tick(now:)`` asks the connection to do.
    enum TimeoutAction: Equatable {
        case none
        /// Close quietly: an idle connection timed out, or shutdown closes it between requests.
        case closeIdle
        /// The request head took too long: answer 408 with `Connection: close`, then close.
        case requestTimeout
        /// Close at once, discarding unsent output (send stall, end of linger, end of shutdown grace).
        case abort
    }

    /// What to do once every complete request has been answered and all output has been sent.
    enum InputAction: Equatable {
        /// Wait for more request bytes.
        case readMore
        /// The server is shutting down and the connection is between requests: close it.
        case close
    }

    let timeouts: Timeouts
    private(set) var phase: Phase
    /// Set by ``beginDraining(deadline:now:)``: the server is shutting down.
    private(set) var drainDeadline: Instant?

    init(timeouts: Timeouts, now: Instant) {
        self.timeouts = timeouts
        self.phase = .awaitingRequest(since: now)
    }

    var isDraining: Bool { drainDeadline != nil }

    // Phase tests by pattern match: the synthesized `==` of an enum with payloads went through the runtime's
    // generic enum witnesses, about 5 % of a cache hit's instructions (callgrind, docs/performance.md).
    private var isClosed: Bool {
        if case .closed = phase { true } else { false }
    }

    private var isResponding: Bool {
        if case .responding = phase { true } else { false }
    }

    /// Request bytes arrived. The first byte after an idle period starts the header clock.
    mutating func bytesReceived(now: Instant) {
        if case .awaitingRequest = phase { phase = .readingHead(since: now) }
    }

    /// Every complete request has been answered and the output is flushed.
    ///
    /// - Parameter hasPartialRequest: bytes of the next request are buffered. The header clock keeps its
    ///   start if it was already running; after a send stall it restarts, since the server, not the
    ///   client, was the slow side.
    mutating func inputConsumed(hasPartialRequest: Bool, now: Instant) -> InputAction {
        guard !isClosed else { return .close }
        if hasPartialRequest {
            if case .readingHead = phase { return .readMore }
            phase = .readingHead(since: now)
            return .readMore
        }
        phase = .awaitingRequest(since: now)
        return isDraining ? .close : .readMore
    }

    /// A request was handed to the responder, which will answer later. The header clock stops.
    mutating func awaitingResponse() {
        guard !isClosed else { return }
        phase = .responding
    }

    /// A send could not complete (`EAGAIN`). The send clock starts unless it is already running.
    mutating func sendBlocked(now: Instant) {
        if case .sending = phase { return }
        if case .lingering = phase { return }
        phase = .sending(lastProgress: now)
    }

    /// The kernel accepted some output bytes.
    mutating func sendProgressed(now: Instant) {
        if case .sending = phase { phase = .sending(lastProgress: now) }
    }

    /// The last response is out and the write side is shut down; input is drained until EOF or the
    /// linger deadline.
    mutating func startLingering(now: Instant) {
        guard !isClosed else { return }
        phase = .lingering(since: now)
    }

    /// Graceful shutdown begins. A connection between requests is closed at once; any other finishes
    /// its current request (answered with `Connection: close`) but never lives past `deadline`.
    mutating func beginDraining(deadline: Instant, now: Instant) -> TimeoutAction {
        drainDeadline = min(drainDeadline ?? deadline, deadline)
        if case .awaitingRequest = phase { return .closeIdle }
        return tick(now: now)
    }

    /// Whether the response to a request may leave the connection open.
    func keepAlive(requested: Bool) -> Bool {
        requested && !isDraining && !isClosed
    }

    /// The connection is gone; no deadline applies any more.
    mutating func closed() {
        phase = .closed
    }

    /// The earliest moment at which ``tick(now:)`` will return something other than `.none`.
    var nextDeadline: Instant? {
        let phaseDeadline: Instant? =
            switch phase {
            case .awaitingRequest(let since): isDraining ? since : since + timeouts.idle
            case .readingHead(let since): since + timeouts.header
            case .sending(let lastProgress): lastProgress + timeouts.send
            case .lingering(let since): since + timeouts.linger
            case .responding, .closed: nil
            }
        // While the responder works only the shutdown deadline applies.
        guard let phaseDeadline else { return isResponding ? drainDeadline : nil }
        guard let drainDeadline else { return phaseDeadline }
        return min(phaseDeadline, drainDeadline)
    }

    /// Checks the deadlines at `now`.
    func tick(now: Instant) -> TimeoutAction {
        guard !isClosed else { return .none }
        if let drainDeadline, now >= drainDeadline { return .abort }
        switch phase {
        case .awaitingRequest(let since):
            return isDraining || now >= since + timeouts.idle ? .closeIdle : .none
        case .readingHead(let since):
            return now >= since + timeouts.header ? .requestTimeout : .none
        case .sending(let lastProgress):
            return now >= lastProgress + timeouts.send ? .abort : .none
        case .lingering(let since):
            return now >= since + timeouts.linger ? .abort : .none
        case .responding, .closed:
            return .none
        }
    }
}
