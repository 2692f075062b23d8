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
            let accepted: (descriptor: Int32, peer: PeerAddress?)?
            do {
                accepted = try listener.acceptConnection()
            } catch {
                handleAcceptError(error)
                return
            }
            guard let accepted else { return }
            hand(accepted.descriptor, peer: accepted.peer)
        }
    }

    private func hand(_ descriptor: Int32, peer: PeerAddress?) {
        let group: PeerAddress?
        switch server.connectionWillOpen(from: peer) {
        case .success(let counted):
            group = counted
        case .failure(.cap):
            server.responder.answeredProtocolError(.serviceUnavailable, reason: Self.capReason)
            Self.refuse(descriptor, .serviceUnavailable, reason: Self.capReason)
            return
        case .failure(.clientShare):
            server.responder.answeredProtocolError(.tooManyRequests, reason: Self.clientShareReason)
            Self.refuse(descriptor, .tooManyRequests, reason: Self.clientShareReason)
            return
        }
        let loop = loops[nextLoop]
        nextLoop = (nextLoop + 1) % loops.count
        loop.queue.async { loop.adopt(descriptor: descriptor, peer: peer, group: group) }
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
    /// The reason a connection over its client's share of the cap is refused with.
    static let clientShareReason = "too many connections from one address"

    /// At the connection cap (503) or the client's share of it (429): a best-effort answer on the fresh socket, then
    /// close it.
    private static func refuse(_ descriptor: Int32, _ status: HTTPStatus, reason: String) {
        let socket = Socket(descriptor: descriptor)
        var bytes: [UInt8] = []
        var dates = HTTPDateCache()
        ResponseSerializer.append(
            ResponseSerializer.protocolError(status, reason: reason),
            isHeadRequest: false, connection: .close, dateLine: dates.headerLine(), to: &bytes)
        _ = bytes.withUnsafeBytes { try? socket.send($0) }
        socket.shutdownOutput()
        socket.close()
    }
}
