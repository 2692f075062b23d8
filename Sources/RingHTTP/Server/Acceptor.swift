#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// Accepts connections on the listening socket and deals them out to the I/O loops.
///
/// **Confinement:** all state lives on ``queue`` (the accept source delivers there; ``cancel()`` and the
/// back-off resume hop there). `@unchecked Sendable` only so Dispatch closures can capture it.
final class Acceptor: @unchecked Sendable {
    private let queue = DispatchQueue(label: "ringhttp.accept")
    private let listener: Socket
    private let source: any DispatchSourceRead
    private let loops: [IOLoop]
    private let server: HTTPServer
    private var nextLoop = 0
    private var suspendedForBackoff = false
    private var cancelled = false

    /// Connections accepted per wake-up before yielding the queue (fairness with the cancel request).
    private static let acceptsPerWakeUp = 64

    init(listener: Socket, loops: [IOLoop], server: HTTPServer) {
        self.listener = listener
        self.loops = loops
        self.server = server
        self.source = DispatchSource.makeReadSource(fileDescriptor: listener.descriptor, queue: queue)
    }

    func start() {
        source.setEventHandler { @Sendable [self] in acceptPending() }
        source.setCancelHandler { @Sendable [self] in
            listener.close()  // no source watches the listener any more
            server.listenerDidClose()
        }
        source.resume()
    }

    /// Stops accepting; the listener closes in the cancel handler. Safe from any thread, idempotent.
    func cancel() {
        queue.async { [self] in
            guard !cancelled else { return }
            cancelled = true
            if suspendedForBackoff {
                suspendedForBackoff = false
                source.resume()
            }
            source.cancel()
        }
    }

    private func acceptPending() {
        guard !cancelled else { return }
        for _ in 0..<Self.acceptsPerWakeUp {
            let descriptor: Int32?
            do {
                descriptor = try listener.acceptConnection()
            } catch {
                handleAcceptError(error)
                return
            }
            guard let descriptor else { return }
            hand(descriptor)
        }
    }

    private func hand(_ descriptor: Int32) {
        guard server.connectionWillOpen() else {
            server.responder.answeredProtocolError(.serviceUnavailable, reason: Self.capReason)
            Self.refuse(descriptor)
            return
        }
        let loop = loops[nextLoop]
        nextLoop = (nextLoop + 1) % loops.count
        loop.queue.async { loop.adopt(descriptor: descriptor) }
    }

    private func handleAcceptError(_ error: SystemError) {
        switch error.errno {
        case EMFILE, ENFILE, ENOBUFS, ENOMEM:
            // Out of descriptors or memory: the listener stays readable, so accepting again now would
            // spin. Pause, and let closing connections free descriptors.
            suspendedForBackoff = true
            source.suspend()
            queue.asyncAfter(deadline: .now() + server.configuration.acceptBackoff.dispatchInterval) { [self] in
                guard suspendedForBackoff, !cancelled else { return }
                suspendedForBackoff = false
                source.resume()
            }
        default:
            // ECONNABORTED, EPROTO, EPERM (firewall), …: that one connection is lost; keep accepting.
            break
        }
    }

    /// The reason a connection over the cap is refused with.
    static let capReason = "too many connections"

    /// At the connection cap: a best-effort 503 on the fresh socket, then close it.
    private static func refuse(_ descriptor: Int32) {
        let socket = Socket(descriptor: descriptor)
        var bytes: [UInt8] = []
        var dates = HTTPDateCache()
        ResponseSerializer.append(
            ResponseSerializer.protocolError(.serviceUnavailable, reason: capReason),
            isHeadRequest: false, connection: .close, dateLine: dates.headerLine(), to: &bytes)
        _ = bytes.withUnsafeBytes { try? socket.send($0) }
        socket.shutdownOutput()
        socket.close()
    }
}
