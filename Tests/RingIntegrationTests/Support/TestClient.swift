#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RingTestSupport

/// A blocking POSIX client socket with a receive timeout, and just enough HTTP/1.1 response parsing
/// for the live tests. Deliberately independent of RingHTTP's own socket code.
final class TestClient {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A parsed response.
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }
        var bodyText: String { String(decoding: body, as: UTF8.self) }
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    private var isClosed = false

    /// Connects to `host:port` (IPv4 or IPv6 literal), from the IPv4 address `source` if given (another loopback
    /// address: another client to the server). Reads time out after `timeout`.
    init(host: String = "127.0.0.1", port: Int, from source: String? = nil, timeout: Duration = .seconds(5)) throws {
        var storage = sockaddr_storage()
        let length: socklen_t
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, host, &v4) == 1 {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = UInt16(port).bigEndian
            sin.sin_addr = v4
            withUnsafeBytes(of: &sin) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        } else if inet_pton(AF_INET6, host, &v6) == 1 {
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = UInt16(port).bigEndian
            sin6.sin6_addr = v6
            withUnsafeBytes(of: &sin6) { source in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            throw Failure(description: "not an IP literal: \(host)")
        }
        fd = socket(Int32(storage.ss_family), Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        if let source {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            guard inet_pton(AF_INET, source, &sin.sin_addr) == 1 else {
                isClosed = true
                Glibc.close(fd)
                throw Failure(description: "not an IPv4 literal: \(source)")
            }
            let bound = withUnsafePointer(to: &sin) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
            guard bound == 0 else {
                let code = errno
                isClosed = true
                Glibc.close(fd)
                throw Failure(description: "bind to \(source): errno \(code)")
            }
        }
        let status = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, length) }
        }
        guard status == 0 else {
            let code = errno
            // Closed here, so deinit (which runs when a class's init throws after every property is set) must
            // not close it again: a second close(2) would close whatever socket another test has been given
            // that number since, and reset it (it did, once, in CI: HangUpTests got ECONNRESET).
            isClosed = true
            Glibc.close(fd)
            throw Failure(description: "connect to \(host):\(port): \(String(cString: strerror(code))) (errno \(code))")
        }
        setReceiveTimeout(timeout)
    }

    deinit { close() }

    func setReceiveTimeout(_ timeout: Duration) {
        let (seconds, attoseconds) = timeout.components
        var value = timeval(tv_sec: Int(seconds), tv_usec: Int(attoseconds / 1_000_000_000_000))
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &value, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Sends all of `text`; false if the connection is gone.
    @discardableResult
    func send(_ text: String) -> Bool { send(Array(text.utf8)) }

    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
            if sent < 0 && errno == EINTR { continue }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Half-closes the client's side: the server reads EOF.
    func shutdownWrite() { _ = shutdown(fd, Int32(SHUT_WR)) }

    /// Reads one response. `forHead` skips the body a HEAD response announces but never sends.
    func readResponse(forHead: Bool = false) throws -> Response {
        let headEnd = try fill { Self.find([13, 10, 13, 10], in: $0) }
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeSubrange(..<(headEnd + 4))
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false).map(String.init)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, statusLine[0] == "HTTP/1.1", let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        let headers = lines.map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":") ?? line.endIndex
            return (String(line[..<colon]), line[colon...].dropFirst().trimmingPrefix(" ").description)
        }
        var response = Response(status: status, headers: headers, body: [])
        let hasBody = !forHead && status != 304 && status != 204
        let length = hasBody ? Int(response.header("Content-Length") ?? "0") ?? 0 : 0
        _ = try fill { $0.count >= length ? length : nil }
        response.body = Array(buffer[..<length])
        buffer.removeSubrange(..<length)
        return response
    }

    /// Reads until the server closes. Returns true on EOF or reset, false if `timeout` passes first.
    func waitForClose(within timeout: Duration = .seconds(5)) -> Bool {
        setReceiveTimeout(timeout)
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count == 0 { return true }
            if count < 0 {
                if errno == EINTR { continue }
                return errno == ECONNRESET
            }
            buffer.append(contentsOf: scratch[..<count])
        }
        return false
    }

    /// Bytes received but not yet consumed by `readResponse`.
    var unreadBytes: [UInt8] { buffer }

    /// Whether a byte can be read right now without waiting.
    func hasDataAvailable() -> Bool {
        var pollfd = Glibc.pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&pollfd, 1, 0) == 1
    }

    /// Bytes the kernel holds for this socket that nobody has read yet (`FIONREAD`).
    var kernelReceiveQueue: Int {
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(count) : 0
    }

    /// Bytes sent that the peer has not acknowledged yet (`TIOCOUTQ`): 0 once the server's kernel holds all of
    /// them, ready for the server to read.
    var unacknowledgedSendQueue: Int {
        var count: Int32 = 0
        return ioctl(fd, UInt(TIOCOUTQ), &count) == 0 ? Int(count) : -1
    }

    /// Waits until a response the client is not reading has filled the path: bytes are queued here and their
    /// count stays put over a few polls, so the server's send has stopped (it is blocked, waiting for
    /// writability). False if that does not happen within `timeout`.
    func waitUntilReceiveQueueIsFull(within timeout: Duration = .seconds(10)) -> Bool {
        var last = -1
        var unchanged = 0
        return eventually(within: timeout, every: .milliseconds(20)) {
            let now = kernelReceiveQueue
            unchanged = now > 0 && now == last ? unchanged + 1 : 0
            last = now
            return unchanged >= 3
        }
    }

    /// Reads and discards `count` bytes.
    func receive(atLeast count: Int) throws {
        _ = try fill { $0.count >= count ? count : nil }
        buffer.removeAll()
    }

    /// The client's socket, for options a test sets itself.
    var descriptor: Int32 { fd }

    /// Closes with a TCP reset (SO_LINGER 0) instead of a FIN.
    func reset() {
        guard !isClosed else { return }
        var option = linger(l_onoff: 1, l_linger: 0)
        _ = setsockopt(fd, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
        close()
    }

    func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(fd)
    }

    /// Reads until `complete` finds what it needs in the buffer; throws on EOF or timeout.
    private func fill(until complete: ([UInt8]) -> Int?) throws -> Int {
        var scratch = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            if let found = complete(buffer) { return found }
            let count = scratch.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if count < 0 && errno == EINTR { continue }
            if count == 0 { throw Failure(description: "connection closed after \(buffer.count) unparsed bytes") }
            if count < 0 { throw Failure(description: "recv: \(String(cString: strerror(errno)))") }
            buffer.append(contentsOf: scratch[..<count])
        }
    }

    private static func find(_ needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        for start in 0...(haystack.count - needle.count) where haystack[start..<(start + needle.count)].elementsEqual(needle) {
            return start
        }
        return nil
    }
}
