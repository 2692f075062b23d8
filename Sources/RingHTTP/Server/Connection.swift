import Dispatch

/// One client connection: reads, parses, answers in order, writes, and closes.
///
/// **Confinement:** a connection lives on its loop's serial queue. The loop hands it its socket's
/// readiness reports there (``handle(_:)``), and every method runs there; nothing else touches its state.
/// `@unchecked Sendable` only lets the closures that hop back to the queue capture it.
///
/// **Descriptor lifetime:** the socket is in the loop's ``EventPoller`` from adoption until ``close()``,
/// which removes it from the poller, closes it and unregisters the connection, in that order and at once;
/// reports still pending for it carry a token that is never reused, so they are dropped.
///
/// **Flow:** input is read only while there is nothing to send. Complete requests are answered in
/// order and their responses appended to one output buffer (coalescing pipelined responses) up to
/// `maxQueuedOutput`, then the buffer goes out with one `send`; the body of the last response, when large, is
/// not copied into it but sent from the response itself in the same `sendmsg`. While the kernel does not take it all,
/// reads stop and the connection waits for writability instead. A response that ends the connection is
/// followed by a lingering close.
///
/// **Deferred responses:** when the responder answers later (``HTTPResponderResult/deferred``), the
/// connection stops parsing and reading until the ``HTTPResponseWriter`` hands the response back on this
/// queue; responses queued before it are still flushed. So pipelined responses stay in request order and
/// a waiting connection holds at most one request in the application.
final class Connection: DeferredResponseSink, @unchecked Sendable {
    private let loop: IOLoop
    private let socket: Socket
    /// Names this connection in the loop's registry and poller reports.
    let token: UInt64
    // The mutable state below is `@exclusivity(unchecked)`: it is confined to the loop's serial queue (see the type's
    // documentation), and no method of a parser, state machine or buffer here calls back into the connection, so
    // two accesses to one property can never overlap. The runtime's check of each access (an access set in
    // thread-local storage) came to 20 per cache hit, 11 % of the hit path's instructions and about 7 % of its
    // throughput (docs/performance.md).

    /// What the poller watches the socket for.
    @exclusivity(unchecked) private var interest = EventPoller.Interest(read: true, write: false)

    @exclusivity(unchecked) private var parser: HTTPRequestParser
    @exclusivity(unchecked) private var machine: ConnectionStateMachine
    @exclusivity(unchecked) private var output: [UInt8] = []
    @exclusivity(unchecked) private var outputOffset = 0
    /// The body of the last queued response, sent after `output` straight from the response (a cached body is
    /// shared, not copied): only while it is the last thing queued; a response queued after it copies it into
    /// `output` first, so the order holds.
    @exclusivity(unchecked) private var outputBody: [UInt8] = []
    @exclusivity(unchecked) private var outputBodyOffset = 0
    /// Bodies this long or longer are sent from the response rather than copied into `output` (shorter ones
    /// cost less to copy than a second buffer costs the kernel).
    static let borrowedBodyMinimum = 1024

    private var hasQueuedOutput: Bool { outputOffset < output.count || outputBodyOffset < outputBody.count }
    private var queuedOutputCount: Int { output.count - outputOffset + outputBody.count - outputBodyOffset }
    /// The response that ends the connection is queued: close (lingering) once it is sent.
    @exclusivity(unchecked) private var closeAfterOutput = false
    /// The peer shut down its side: answer what is buffered, then close.
    @exclusivity(unchecked) private var peerClosedInput = false
    /// The request whose response the responder will deliver later; nothing after it is parsed meanwhile.
    @exclusivity(unchecked) private var deferredRequest: HTTPRequest?
    /// The writer the responder made for ``deferredRequest``: told when the client leaves before the answer.
    @exclusivity(unchecked) private var deferredWriter: HTTPResponseWriter?
    @exclusivity(unchecked) private var isClosed = false

    /// The address of the other end, handed to the responder with each request.
    let peer: PeerAddress?
    /// The client group the server counted this connection under (``HTTPServer/connectionWillOpen(from:)``).
    let clientGroup: PeerAddress?

    init(socket: Socket, token: UInt64, loop: IOLoop, now: MonotonicInstant, peer: PeerAddress? = nil, group: PeerAddress? = nil) {
        self.peer = peer
        self.clientGroup = group
        self.loop = loop
        self.socket = socket
        self.token = token
        self.parser = HTTPRequestParser(limits: loop.configuration.parserLimits)
        self.machine = ConnectionStateMachine(timeouts: loop.configuration.timeouts, now: now)
    }

    deinit {
        assert(isClosed && !socket.isOpen, "Connection deallocated while open")
    }

    // MARK: Events

    /// A readiness report from the loop's poller.
    func handle(_ event: EventPoller.Event) {
        guard !isClosed else { return }
        if event.error {
            close()  // a reset or another socket error: the peer is gone, nothing can be delivered
            return
        }
        if event.peerClosed, deferredRequest != nil {
            // The client left while its answer was being prepared (issue 38): close, which tells the responder so
            // that work nobody waits for any more can be dropped. A client that only shut its sending side counts
            // as gone too, as nginx takes it; one that wants its answer keeps the connection open until it has it.
            close()
            return
        }
        if interest.read, event.readable || event.hangUp {
            handleReadable()  // reads the data, or the EOF that ends a lingering close
        } else if event.hangUp {
            close()  // both directions are shut while nothing is being read: the peer is gone
            return
        }
        if !isClosed, interest.write, event.writable || event.hangUp {
            handleWritable()
        }
    }

    private func handleReadable() {
        guard !isClosed else { return }
        let result: IOResult
        do {
            result = try socket.read(into: loop.readBuffer)
        } catch {
            close()  // ECONNRESET and friends: the peer is gone, nothing to answer.
            return
        }
        switch result {
        case .wouldBlock:
            return
        case .processed(0):
            handleEndOfInput()
        case .processed(let count):
            if case .lingering = machine.phase { return }  // draining before the close: discard
            receive(count, now: loop.now())
        }
    }

    /// Feeds the first `count` bytes of the loop's read buffer to the parser and answers what they complete.
    private func receive(_ count: Int, now: MonotonicInstant) {
        parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count]))
        machine.bytesReceived(now: now)
        drive(now: now)
    }

    private func handleEndOfInput() {
        if case .lingering = machine.phase {
            close()
            return
        }
        // Level-triggered readiness keeps reporting EOF: stop reading for good.
        peerClosedInput = true
        suspendReads()
        drive(now: loop.now())
    }

    private func handleWritable() {
        guard !isClosed else { return }
        drive(now: loop.now())
    }

    /// Whether a deadline has passed at `now`, so ``tick(now:)`` has something to do (a cheap check).
    func isDue(now: MonotonicInstant) -> Bool {
        !isClosed && machine.tick(now: now) != .none
    }

    /// Deadline check from the loop's timer.
    func tick(now: MonotonicInstant) {
        guard !isClosed else { return }
        perform(machine.tick(now: now), now: now)
    }

    /// Graceful shutdown has begun.
    func beginDraining(deadline: MonotonicInstant, now: MonotonicInstant) {
        guard !isClosed else { return }
        // A connection between requests closes through `closeIdle`, which first reads a request already
        // waiting in the socket (its read event may be queued behind this call).
        perform(machine.beginDraining(deadline: deadline, now: now), now: now)
    }

    private func perform(_ action: ConnectionStateMachine.TimeoutAction, now: MonotonicInstant) {
        switch action {
        case .none:
            break
        case .closeIdle:
            closeIdle(now: now)
        case .abort:
            close()
        case .requestTimeout:
            queueProtocolError(.requestTimeout, reason: "the request head was not received in time")
            drive(now: now)
        }
    }

    /// Closes a connection that is between requests — unless its next request is already in the socket.
    ///
    /// The deadline check and the read event are separate events on this queue: when the queue was busy
    /// past the idle deadline (or shutdown began) just as the client sent its next request, the check can
    /// run first. Closing then, with unread input, would reset the connection (RFC 9112 §9.6) and lose a
    /// request the client sent in time; so pending bytes are read and answered as usual (during shutdown
    /// with `Connection: close`). Only a socket with nothing to read is closed.
    private func closeIdle(now: MonotonicInstant) {
        guard interest.read, !peerClosedInput,
            case .processed(let count)? = try? socket.read(into: loop.readBuffer), count > 0
        else {
            close()
            return
        }
        receive(count, now: now)
    }

    // MARK: The drive loop

    /// Sends what is queued, answers what is parsed, and decides whether to read, wait or close.
    private func drive(now: MonotonicInstant) {
        while !isClosed {
            if hasQueuedOutput {
                switch flush(now: now) {
                case .blocked: return
                case .failed:
                    close()
                    return
                case .sent: break
                }
            }
            if closeAfterOutput {
                startLingeringClose(now: now)
                return
            }
            if deferredRequest != nil {
                // Reads resume once the deferred response is queued; meanwhile only the client's leaving is watched.
                setInterest(read: false, write: interest.write, peerClose: true)
                return
            }
            if answerBufferedRequests() { continue }
            if peerClosedInput {
                close()
                return
            }
            switch machine.inputConsumed(hasPartialRequest: parser.checkPartialRequest(), now: now) {
            case .readMore: resumeReads()
            case .close: close()
            }
            return
        }
    }

    /// Answers complete requests from the parser until it needs more bytes, the output cap is reached,
    /// or a response ends the connection. Returns whether any output was queued.
    private func answerBufferedRequests() -> Bool {
        var queued = false
        while !closeAfterOutput, deferredRequest == nil, queuedOutputCount < loop.configuration.maxQueuedOutput {
            let request: HTTPRequest?
            do {
                request = try parser.nextRequest()
            } catch {
                queueProtocolError(error.status, reason: error.reason)
                return true
            }
            guard let request else { break }
            answer(request)
            queued = true
        }
        return queued
    }

    private func answer(_ request: HTTPRequest) {
        switch request.method {
        case .get, .head:
            switch loop.responder.respond(to: request, deferral: HTTPDeferral(sink: self, peer: peer)) {
            case .response(let response):
                enqueue(response, answering: request)
            case .deferred:
                deferredRequest = request
                machine.awaitingResponse()
            }
        case .options:
            // A CORS preflight the responder answers (a 204 with Access-Control-* fields), else 405.
            if let response = loop.responder.respondToOptions(request) {
                enqueue(response, answering: request)
            } else {
                queueProtocolError(.methodNotAllowed, reason: "only GET and HEAD are allowed")
            }
        case .other:
            queueProtocolError(.notImplemented, reason: "method not implemented")
        case .post, .put, .delete, .patch, .trace, .connect:
            queueProtocolError(.methodNotAllowed, reason: "only GET and HEAD are allowed")
        }
    }

    /// Serialises the response to `request` into the output buffer.
    private func enqueue(_ response: HTTPResponse, answering request: HTTPRequest) {
        // Decided after the responder ran: a shutdown that began meanwhile already closes here.
        let keepAlive =
            machine.keepAlive(requested: request.wantsKeepAlive) && !loop.serverIsDraining
            && !response.asksToClose
        let header: ResponseSerializer.ConnectionHeader =
            !keepAlive ? .close : (request.version == .http1_0 ? .keepAlive : .none)
        moveOutputBodyIntoOutput()
        let body = response.body
        let borrowed = body.count >= Self.borrowedBodyMinimum
        // A pattern match, not `==`: `HTTPMethod` has a payload case, so its synthesized `==` is the slow generic one.
        let isHead = if case .head = request.method { true } else { false }
        let sendsBody = ResponseSerializer.appendMessageHead(
            response, isHeadRequest: isHead, connection: header,
            dateLine: loop.dateLine(), to: &output, reservingBody: !borrowed)
        if sendsBody {
            if borrowed {
                outputBody = body
                outputBodyOffset = 0
            } else {
                output.append(contentsOf: body)
            }
        }
        if !keepAlive { closeAfterOutput = true }
    }

    /// Copies the unsent part of a borrowed body into `output`, so what is queued next goes after it.
    private func moveOutputBodyIntoOutput() {
        guard outputBodyOffset < outputBody.count else { return }
        output.append(contentsOf: outputBody[outputBodyOffset...])
        outputBody = []
        outputBodyOffset = 0
    }

    func deferredWriterMade(_ writer: HTTPResponseWriter) {
        deferredWriter = writer
    }

    /// The responder's late answer, from any thread: answered on this connection's queue.
    func deliverDeferred(_ response: HTTPResponse) {
        loop.queue.async { [self] in answerDeferred(response) }
    }

    /// The responder's late answer, on this connection's queue. Dropped if the connection closed.
    private func answerDeferred(_ response: HTTPResponse) {
        guard !isClosed, let request = deferredRequest else { return }
        deferredRequest = nil
        deferredWriter = nil
        enqueue(response, answering: request)
        drive(now: loop.now())
    }

    /// Queues a server-generated error response; it is the connection's last.
    private func queueProtocolError(_ status: HTTPStatus, reason: String) {
        loop.responder.answeredProtocolError(status, reason: reason)
        moveOutputBodyIntoOutput()
        ResponseSerializer.append(
            ResponseSerializer.protocolError(status, reason: reason), isHeadRequest: false,
            connection: .close, dateLine: loop.dateLine(), to: &output)
        closeAfterOutput = true
    }

    // MARK: Output

    private enum FlushResult { case sent, blocked, failed }

    private func flush(now: MonotonicInstant) -> FlushResult {
        while hasQueuedOutput {
            let result: IOResult
            do {
                result = try output.withUnsafeBytes { bytes in
                    let head = UnsafeRawBufferPointer(rebasing: bytes[outputOffset...])
                    guard outputBodyOffset < outputBody.count else { return try socket.send(head) }
                    return try outputBody.withUnsafeBytes { body in
                        try socket.send(head, UnsafeRawBufferPointer(rebasing: body[outputBodyOffset...]))
                    }
                }
            } catch {
                return .failed  // EPIPE/ECONNRESET: the peer left mid-response.
            }
            switch result {
            case .processed(let count):
                let fromOutput = min(count, output.count - outputOffset)
                outputOffset += fromOutput
                outputBodyOffset += count - fromOutput
                machine.sendProgressed(now: now)
            case .wouldBlock:
                machine.sendBlocked(now: now)
                suspendReads()
                watchWritability()
                return .blocked
            }
        }
        // Keep a small buffer for the next response; give back what a large body needed.
        if output.capacity > 64 * 1024 { output = [] } else { output.removeAll(keepingCapacity: true) }
        outputOffset = 0
        outputBody = []
        outputBodyOffset = 0
        unwatchWritability()
        return .sent
    }

    private func watchWritability() {
        setInterest(read: interest.read, write: true, peerClose: interest.peerClose)
    }

    private func unwatchWritability() {
        setInterest(read: interest.read, write: false, peerClose: interest.peerClose)
    }

    private func suspendReads() {
        setInterest(read: false, write: interest.write)
    }

    private func resumeReads() {
        guard !peerClosedInput else { return }
        setInterest(read: true, write: interest.write)
    }

    /// Tells the poller what to report; a system call only when it changes.
    private func setInterest(read: Bool, write: Bool, peerClose: Bool = false) {
        let wanted = EventPoller.Interest(read: read, write: write, peerClose: peerClose)
        guard wanted != interest, !isClosed else { return }
        interest = wanted
        loop.poller?.modify(socket.descriptor, token: token, interest: wanted)
    }

    // MARK: Closing

    /// The final response is sent: half-close, then drain input until EOF or the linger deadline, so
    /// the peer is not hit by a reset that could destroy the response in flight (RFC 9112 §9.6).
    private func startLingeringClose(now: MonotonicInstant) {
        if peerClosedInput {
            close()
            return
        }
        machine.startLingering(now: now)
        socket.shutdownOutput()
        resumeReads()
    }

    /// Leaves the poller, closes the socket and leaves the loop's registry, at once.
    private func close() {
        guard !isClosed else { return }
        isClosed = true
        if deferredRequest != nil {
            deferredRequest = nil
            deferredWriter?.abandon()  // the answer can no longer be delivered: its work may stop
        }
        deferredWriter = nil
        machine.closed()
        loop.poller?.remove(socket.descriptor)
        socket.close()
        loop.connectionDidClose(self)
    }
}
