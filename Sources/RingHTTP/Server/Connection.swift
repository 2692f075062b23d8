import Dispatch

/// One client connection: reads, parses, answers in order, writes, and closes.
///
/// **Confinement:** a connection lives on its loop's serial queue. Its Dispatch sources deliver there,
/// and every method runs there; nothing else touches its state. `@unchecked Sendable` only lets the
/// source handlers capture it.
///
/// **Descriptor lifetime** (http-server.md §3.2): the read source exists from the start, the write
/// source only after a send hit `EAGAIN`. Closing cancels both (resuming a suspended source first,
/// since a suspended source never runs its cancel handler); the descriptor is closed in the *last*
/// cancel handler, so no source is ever left watching a reused descriptor number.
///
/// **Flow:** input is read only while there is nothing to send. Complete requests are answered in
/// order and their responses appended to one output buffer (coalescing pipelined responses) up to
/// `maxQueuedOutput`, then the buffer goes out with one `send`. While the kernel does not take it all,
/// reads stop and a write source waits for writability. A response that ends the connection is
/// followed by a lingering close.
///
/// **Deferred responses:** when the responder answers later (``HTTPResponderResult/deferred``), the
/// connection stops parsing and reading until the ``HTTPResponseWriter`` hands the response back on this
/// queue; responses queued before it are still flushed. So pipelined responses stay in request order and
/// a waiting connection holds at most one request in the application.
final class Connection: @unchecked Sendable {
    private let loop: IOLoop
    private let socket: Socket
    private let readSource: any DispatchSourceRead
    private var writeSource: (any DispatchSourceWrite)?
    private var readSuspended = false
    private var writeSuspended = false
    /// Sources whose cancel handler has not run yet; the descriptor closes when this reaches 0.
    private var liveSources = 0

    private var parser: HTTPRequestParser
    private var machine: ConnectionStateMachine
    private var output: [UInt8] = []
    private var outputOffset = 0
    /// The response that ends the connection is queued: close (lingering) once it is sent.
    private var closeAfterOutput = false
    /// The peer shut down its side: answer what is buffered, then close.
    private var peerClosedInput = false
    /// The request whose response the responder will deliver later; nothing after it is parsed meanwhile.
    private var deferredRequest: HTTPRequest?
    private var isClosed = false

    init(socket: Socket, loop: IOLoop, now: ContinuousClock.Instant) {
        self.loop = loop
        self.socket = socket
        self.readSource = DispatchSource.makeReadSource(fileDescriptor: socket.descriptor, queue: loop.queue)
        self.parser = HTTPRequestParser(limits: loop.configuration.parserLimits)
        self.machine = ConnectionStateMachine(timeouts: loop.configuration.timeouts, now: now)
    }

    deinit {
        assert(isClosed && !socket.isOpen, "Connection deallocated while open")
    }

    func start() {
        readSource.setEventHandler { @Sendable [self] in handleReadable() }
        readSource.setCancelHandler { @Sendable [self] in sourceCancelled() }
        liveSources = 1
        readSource.resume()
    }

    // MARK: Events

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
            parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count]))
            let now = loop.now()
            machine.bytesReceived(now: now)
            drive(now: now)
        }
    }

    private func handleEndOfInput() {
        if case .lingering = machine.phase {
            close()
            return
        }
        // A level-triggered source keeps firing at EOF: stop reading for good.
        peerClosedInput = true
        suspendReads()
        drive(now: loop.now())
    }

    private func handleWritable() {
        guard !isClosed else { return }
        drive(now: loop.now())
    }

    /// Whether a deadline has passed at `now`, so ``tick(now:)`` has something to do (a cheap check).
    func isDue(now: ContinuousClock.Instant) -> Bool {
        !isClosed && machine.tick(now: now) != .none
    }

    /// Deadline check from the loop's timer.
    func tick(now: ContinuousClock.Instant) {
        guard !isClosed else { return }
        perform(machine.tick(now: now), now: now)
    }

    /// Graceful shutdown has begun.
    func beginDraining(deadline: ContinuousClock.Instant, now: ContinuousClock.Instant) {
        guard !isClosed else { return }
        // A connection between requests closes through `closeIdle`, which first reads a request already
        // waiting in the socket (its read event may be queued behind this call).
        perform(machine.beginDraining(deadline: deadline, now: now), now: now)
    }

    private func perform(_ action: ConnectionStateMachine.TimeoutAction, now: ContinuousClock.Instant) {
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
    private func closeIdle(now: ContinuousClock.Instant) {
        guard !readSuspended, !peerClosedInput,
            case .processed(let count)? = try? socket.read(into: loop.readBuffer), count > 0
        else {
            close()
            return
        }
        parser.append(UnsafeRawBufferPointer(rebasing: loop.readBuffer[..<count]))
        machine.bytesReceived(now: now)
        drive(now: now)
    }

    // MARK: The drive loop

    /// Sends what is queued, answers what is parsed, and decides whether to read, wait or close.
    private func drive(now: ContinuousClock.Instant) {
        while !isClosed {
            if outputOffset < output.count {
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
                suspendReads()  // resumed by `drive` once the deferred response is queued
                return
            }
            if answerBufferedRequests() { continue }
            if peerClosedInput {
                close()
                return
            }
            switch machine.inputConsumed(hasPartialRequest: parser.hasPartialRequest, now: now) {
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
        while !closeAfterOutput, deferredRequest == nil, output.count < loop.configuration.maxQueuedOutput {
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
            let writer = HTTPResponseWriter { [self] response in
                loop.queue.async { [self] in deliverDeferred(response) }
            }
            switch loop.responder.respond(to: request, writer: writer) {
            case .response(let response):
                enqueue(response, answering: request)
            case .deferred:
                deferredRequest = request
                machine.awaitingResponse()
            }
        case .other:
            queueProtocolError(.notImplemented, reason: "method \(request.method.token) is not implemented")
        case .post, .put, .delete, .options, .patch, .trace, .connect:
            queueProtocolError(.methodNotAllowed, reason: "only GET and HEAD are allowed")
        }
    }

    /// Serialises the response to `request` into the output buffer.
    private func enqueue(_ response: HTTPResponse, answering request: HTTPRequest) {
        // Decided after the responder ran: a shutdown that began meanwhile already closes here.
        let keepAlive =
            machine.keepAlive(requested: request.wantsKeepAlive) && !loop.serverIsDraining
            && !response.headers.containsToken("close", in: "Connection")
        let header: ResponseSerializer.ConnectionHeader =
            !keepAlive ? .close : (request.version == .http1_0 ? .keepAlive : .none)
        ResponseSerializer.append(
            response, isHeadRequest: request.method == .head, connection: header,
            dateLine: loop.dateLine(), to: &output)
        if !keepAlive { closeAfterOutput = true }
    }

    /// The responder's late answer, on this connection's queue. Dropped if the connection closed.
    private func deliverDeferred(_ response: HTTPResponse) {
        guard !isClosed, let request = deferredRequest else { return }
        deferredRequest = nil
        enqueue(response, answering: request)
        drive(now: loop.now())
    }

    /// Queues a server-generated error response; it is the connection's last.
    private func queueProtocolError(_ status: HTTPStatus, reason: String) {
        ResponseSerializer.append(
            ResponseSerializer.protocolError(status, reason: reason), isHeadRequest: false,
            connection: .close, dateLine: loop.dateLine(), to: &output)
        closeAfterOutput = true
    }

    // MARK: Output

    private enum FlushResult { case sent, blocked, failed }

    private func flush(now: ContinuousClock.Instant) -> FlushResult {
        while outputOffset < output.count {
            let result: IOResult
            do {
                result = try output.withUnsafeBytes { bytes throws(SystemError) in
                    try socket.send(UnsafeRawBufferPointer(rebasing: bytes[outputOffset...]))
                }
            } catch {
                return .failed  // EPIPE/ECONNRESET: the peer left mid-response.
            }
            switch result {
            case .processed(let count):
                outputOffset += count
                machine.sendProgressed(now: now)
            case .wouldBlock:
                machine.sendBlocked(now: now)
                suspendReads()
                armWriteSource()
                return .blocked
            }
        }
        // Keep a small buffer for the next response; give back what a large body needed.
        if output.capacity > 64 * 1024 { output = [] } else { output.removeAll(keepingCapacity: true) }
        outputOffset = 0
        disarmWriteSource()
        return .sent
    }

    private func armWriteSource() {
        if let writeSource {
            if writeSuspended {
                writeSuspended = false
                writeSource.resume()
            }
            return
        }
        let source = DispatchSource.makeWriteSource(fileDescriptor: socket.descriptor, queue: loop.queue)
        source.setEventHandler { @Sendable [self] in handleWritable() }
        source.setCancelHandler { @Sendable [self] in sourceCancelled() }
        liveSources += 1
        writeSource = source
        source.resume()
    }

    private func disarmWriteSource() {
        guard let writeSource, !writeSuspended else { return }
        writeSuspended = true
        writeSource.suspend()
    }

    private func suspendReads() {
        guard !readSuspended else { return }
        readSuspended = true
        readSource.suspend()
    }

    private func resumeReads() {
        guard readSuspended, !peerClosedInput else { return }
        readSuspended = false
        readSource.resume()
    }

    // MARK: Closing

    /// The final response is sent: half-close, then drain input until EOF or the linger deadline, so
    /// the peer is not hit by a reset that could destroy the response in flight (RFC 9112 §9.6).
    private func startLingeringClose(now: ContinuousClock.Instant) {
        if peerClosedInput {
            close()
            return
        }
        machine.startLingering(now: now)
        socket.shutdownOutput()
        resumeReads()
    }

    /// Cancels the sources; the descriptor closes in the last cancel handler.
    private func close() {
        guard !isClosed else { return }
        isClosed = true
        machine.closed()
        // A suspended source never runs its cancel handler: resume before cancel.
        if readSuspended {
            readSuspended = false
            readSource.resume()
        }
        readSource.cancel()
        if let writeSource {
            if writeSuspended {
                writeSuspended = false
                writeSource.resume()
            }
            writeSource.cancel()
        }
    }

    private func sourceCancelled() {
        liveSources -= 1
        guard liveSources == 0 else { return }
        socket.close()
        loop.connectionDidClose(self)
    }
}
