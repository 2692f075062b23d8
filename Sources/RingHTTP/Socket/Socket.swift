#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Owns one socket file descriptor and wraps the calls RingHTTP makes on it.
///
/// Not `Sendable`: a socket belongs to exactly one serial queue (the accept queue for the listener, a
/// connection's I/O queue for a client socket). Whoever owns it must call ``close()`` exactly once; in
/// debug builds `deinit` asserts that this happened, because a forgotten descriptor is a leak and a
/// descriptor closed behind a live DispatchSource breaks the next connection on that number
/// (docs/design.md §Dispatch on Linux).
final class Socket {
    /// The descriptor, or -1 once closed.
    private(set) var descriptor: Int32

    /// Takes ownership of an open descriptor.
    init(descriptor: Int32) {
        precondition(descriptor >= 0, "invalid descriptor \(descriptor)")
        self.descriptor = descriptor
    }

    deinit {
        assert(descriptor < 0, "Socket \(descriptor) deallocated without close()")
    }

    var isOpen: Bool { descriptor >= 0 }

    // MARK: Listening

    /// A non-blocking listening TCP socket bound to `address`, with `SO_REUSEADDR` and `TCP_NODELAY`.
    static func listening(on address: SocketAddress, backlog: Int32) throws(SystemError) -> Socket {
        let domain = address.family == .ipv6 ? AF_INET6 : AF_INET
        #if canImport(Glibc)
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue)
        #else
        let type = SOCK_STREAM
        #endif
        let socket = Socket(descriptor: try Syscall.retrying("socket") { systemSocket(domain, type, 0) })
        do {
            #if !canImport(Glibc)
            try socket.setNonBlocking()
            #endif
            try socket.setOption(SOL_SOCKET, SO_REUSEADDR, 1)
            // Linux copies TCP_NODELAY to accepted sockets; it is set again per connection for other systems.
            try socket.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
            // `::` means "every address": accept IPv4-mapped connections too, whatever the sysctl default.
            if address.isIPv6Unspecified { try socket.setOption(Int32(IPPROTO_IPV6), IPV6_V6ONLY, 0) }
            let fd = socket.descriptor
            _ = try address.withSockAddr { (pointer, length) throws(SystemError) in
                try Syscall.retrying("bind") { bind(fd, pointer, length) }
            }
            _ = try Syscall.retrying("listen") { listen(fd, backlog) }
        } catch {
            socket.close()
            throw error
        }
        return socket
    }

    /// Accepts one pending connection and prepares it for the server (non-blocking, close-on-exec,
    /// `TCP_NODELAY`).
    ///
    /// - Returns: the new descriptor, owned by the caller, and the peer's address (nil for a family other than
    ///   IPv4 and IPv6); nil when no connection is pending.
    /// - Throws: ``SystemError`` for `accept` failures such as `EMFILE` or `ECONNABORTED`; the caller
    ///   decides which are transient.
    func acceptConnection() throws(SystemError) -> (descriptor: Int32, peer: PeerAddress?)? {
        let listener = descriptor
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        // accept4 is not exported by Swift's Glibc module, so the flags take two fcntl calls.
        let result = try Syscall.nonBlocking("accept") {
            withUnsafeMutablePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
        }
        guard case .processed(let raw) = result else { return nil }
        let accepted = Socket(descriptor: Int32(raw))
        do {
            try accepted.setNonBlocking()
            _ = try Syscall.retrying("fcntl(F_SETFD)") { fcntl(accepted.descriptor, F_SETFD, FD_CLOEXEC) }
            try accepted.setOption(Int32(IPPROTO_TCP), TCP_NODELAY, 1)
            #if canImport(Darwin)
            try accepted.setOption(SOL_SOCKET, SO_NOSIGPIPE, 1)
            #endif
        } catch {
            accepted.close()
            throw error
        }
        return (accepted.releaseDescriptor(), SocketAddress(storage: storage, length: length).peerAddress)
    }

    /// The address the socket is bound to (gives the real port after binding port 0).
    func localAddress() throws(SystemError) -> SocketAddress {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = descriptor
        _ = try withUnsafeMutablePointer(to: &storage) { pointer throws(SystemError) in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address throws(SystemError) in
                try Syscall.retrying("getsockname") { getsockname(fd, address, &length) }
            }
        }
        return SocketAddress(storage: storage, length: length)
    }

    // MARK: Options

    func setOption(_ level: Int32, _ name: Int32, _ value: Int32) throws(SystemError) {
        var value = value
        let fd = descriptor
        _ = try Syscall.retrying("setsockopt") {
            setsockopt(fd, level, name, &value, socklen_t(MemoryLayout<Int32>.size))
        }
    }

    func setNonBlocking() throws(SystemError) {
        let fd = descriptor
        let flags = try Syscall.retrying("fcntl(F_GETFL)") { fcntl(fd, F_GETFL) }
        _ = try Syscall.retrying("fcntl(F_SETFL)") { fcntl(fd, F_SETFL, flags | O_NONBLOCK) }
    }

    // MARK: I/O

    /// Reads what is available into `buffer`. `.processed(0)` means the peer closed its side.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(SystemError) -> IOResult {
        precondition(isOpen, "read on a closed socket")
        let fd = descriptor
        return try Syscall.nonBlocking("read") { systemRead(fd, buffer.baseAddress, buffer.count) }
    }

    /// Sends as much of `buffer` as the kernel takes now. Always `MSG_NOSIGNAL`: a vanished peer is an
    /// `EPIPE` error, never a process-killing `SIGPIPE`.
    func send(_ buffer: UnsafeRawBufferPointer) throws(SystemError) -> IOResult {
        precondition(isOpen, "send on a closed socket")
        let fd = descriptor
        return try Syscall.nonBlocking("send") { systemSend(fd, buffer.baseAddress, buffer.count, Self.sendFlags) }
    }

    /// Sends as much of `first`, then `second`, as the kernel takes now, in one `sendmsg`: a response's head
    /// from the connection's buffer and its body from where it lives (a cached body is not copied). Always
    /// `MSG_NOSIGNAL`, as ``send(_:)``.
    func send(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer) throws(SystemError) -> IOResult {
        precondition(isOpen, "send on a closed socket")
        let fd = descriptor
        var vectors = (
            iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
            iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count))
        return try withUnsafeMutableBytes(of: &vectors) { raw throws(SystemError) in
            var message = msghdr()
            message.msg_iov = raw.baseAddress?.assumingMemoryBound(to: iovec.self)
            message.msg_iovlen = 2
            return try Syscall.nonBlocking("sendmsg") { systemSendMessage(fd, &message, Self.sendFlags) }
        }
    }

    /// Half-closes the socket (`shutdown(SHUT_WR)`): the peer reads EOF after everything already sent.
    /// A peer that is already gone is not an error here.
    func shutdownOutput() {
        guard isOpen else { return }
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Closes the descriptor. Idempotent. Must only run once no DispatchSource watches the descriptor.
    func close() {
        guard isOpen else { return }
        // close() is not retried on EINTR: on Linux the descriptor is released even when it reports EINTR.
        _ = systemClose(descriptor)
        descriptor = -1
    }

    /// Gives up ownership without closing (used to hand an accepted descriptor to another queue).
    private func releaseDescriptor() -> Int32 {
        defer { descriptor = -1 }
        return descriptor
    }

    #if canImport(Glibc)
    private static let sendFlags = Int32(MSG_NOSIGNAL)
    #else
    private static let sendFlags: Int32 = 0  // Darwin: SO_NOSIGPIPE is set on the socket instead.
    #endif
}

@available(*, unavailable)
extension Socket: Sendable {}

// Inside `Socket` the names `socket`, `read`, `send` and `close` mean its methods; these file-scope
// aliases reach the C library on both Glibc and Darwin without naming the module.
private func systemSocket(_ domain: Int32, _ type: Int32, _ proto: Int32) -> Int32 { socket(domain, type, proto) }
private func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int { read(fd, buffer, count) }
private func systemSend(_ fd: Int32, _ buffer: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
    send(fd, buffer, count, flags)
}
private func systemSendMessage(_ fd: Int32, _ message: UnsafePointer<msghdr>, _ flags: Int32) -> Int {
    sendmsg(fd, message, flags)
}
private func systemClose(_ fd: Int32) -> Int32 { close(fd) }
