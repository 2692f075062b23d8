#if canImport(Glibc)
import Glibc
#endif
import RingHTTP

/// A byte stream to an upstream: the plain socket, or TLS over it.
protocol FetchStream: AnyObject {
    /// Writes all of `bytes` before the deadline.
    func writeAll(_ bytes: [UInt8], deadline: FetchDeadline) throws(FetchError)
    /// Reads what arrives next into `buffer` (waiting until the deadline); 0 means the upstream closed.
    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: FetchDeadline) throws(FetchError) -> Int
    /// Releases the connection. Idempotent.
    func close()
}

/// One outbound TCP connection, non-blocking, every wait a `poll(2)` bounded by the fetch's deadline.
///
/// Owned by the fetch thread that opened it, and closed by it (`deinit` asserts that).
final class FetchSocket: FetchStream {
    private(set) var descriptor: Int32
    /// The address connected to, for messages.
    let peer: String

    private init(descriptor: Int32, peer: String) {
        self.descriptor = descriptor
        self.peer = peer
    }

    deinit {
        assert(descriptor < 0, "FetchSocket \(descriptor) deallocated without close()")
    }

    /// Connects to `address` (already checked by the policy: this is the only address used, never a name).
    static func connect(
        to address: IPAddress, port: Int, timeout: Duration, deadline: FetchDeadline
    ) throws(FetchError) -> FetchSocket {
        let peer = address.isV6 ? "[\(address)]:\(port)" : "\(address):\(port)"
        let domain = address.isV6 ? AF_INET6 : AF_INET
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        let fd: Int32
        do {
            fd = try Syscall.retrying("socket") { socket(domain, type, 0) }
        } catch {
            throw .connectFailed(address: peer, reason: error.message)
        }
        let stream = FetchSocket(descriptor: fd, peer: peer)
        do throws(FetchError) {
            var one: Int32 = 1
            _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
            let status = address.withSocketAddress(port: port) { Glibc.connect(fd, $0, $1) }
            if status != 0 {
                guard errno == EINPROGRESS || errno == EINTR else {
                    throw FetchError.connectFailed(address: peer, reason: String(cString: strerror(errno)))
                }
                try stream.wait(for: Int16(POLLOUT), deadline: deadline, connectTimeout: timeout)
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                _ = getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length)
                if error != 0 { throw FetchError.connectFailed(address: peer, reason: String(cString: strerror(error))) }
            }
        } catch {
            stream.close()
            throw error
        }
        return stream
    }

    /// Waits until the socket is ready for `events`. Throws a timeout when the fetch's deadline passes first,
    /// or, while connecting, a connect failure when `connectTimeout` does.
    func wait(for events: Int16, deadline: FetchDeadline, connectTimeout: Duration? = nil) throws(FetchError) {
        let connectDeadline = connectTimeout.map { FetchDeadline(after: $0) }
        while true {
            guard var ms = deadline.remainingMilliseconds() else { throw deadline.timedOut }
            if let connectDeadline, let timeout = connectTimeout {
                guard let left = connectDeadline.remainingMilliseconds() else {
                    throw FetchError.connectFailed(address: peer, reason: "no answer within \(FetchError.seconds(timeout)) s")
                }
                ms = min(ms, left)
            }
            var entry = pollfd(fd: descriptor, events: events, revents: 0)
            let ready = poll(&entry, 1, ms)
            if ready > 0 { return }
            if ready < 0 && errno != EINTR {
                throw FetchError.connectFailed(address: peer, reason: String(cString: strerror(errno)))
            }
        }
    }
    func writeAll(_ bytes: [UInt8], deadline: FetchDeadline) throws(FetchError) {
        var offset = 0
        let fd = descriptor
        while offset < bytes.count {
            let start = offset
            let result: IOResult
            do {
                result = try Syscall.nonBlocking("send") {
                    bytes.withUnsafeBytes { send(fd, $0.baseAddress! + start, $0.count - start, Int32(MSG_NOSIGNAL)) }
                }
            } catch {
                throw .connectFailed(address: peer, reason: error.message)
            }
            switch result {
            case .processed(let n): offset += n
            case .wouldBlock: try wait(for: Int16(POLLOUT), deadline: deadline)
            }
        }
    }

    func read(into buffer: UnsafeMutableRawBufferPointer, deadline: FetchDeadline) throws(FetchError) -> Int {
        let fd = descriptor
        while true {
            let result: IOResult
            do {
                result = try Syscall.nonBlocking("read") { Glibc.read(fd, buffer.baseAddress, buffer.count) }
            } catch {
                throw .connectFailed(address: peer, reason: error.message)
            }
            switch result {
            case .processed(let n): return n
            case .wouldBlock: try wait(for: Int16(POLLIN), deadline: deadline)
            }
        }
    }

    func close() {
        guard descriptor >= 0 else { return }
        _ = Glibc.close(descriptor)
        descriptor = -1
    }
}

extension IPAddress {
    var isV6: Bool {
        if case .v6 = self { return true }
        return false
    }
}
