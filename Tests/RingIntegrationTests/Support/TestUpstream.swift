#if canImport(Glibc)
import RingSync
import Glibc
#endif
import RingTestSupport
import Foundation

/// A small HTTP/1.1 server on loopback standing in for the upstream of `src` documents: it answers each
/// request as `reply` says (whole, byte by byte, never), counts every connection it accepts (so a test can
/// prove a refused URL sent nothing) and keeps the request heads it read (so a test can see what was sent).
final class TestUpstream: Sendable {
    /// How one request is answered.
    enum Reply: Sendable {
        /// These bytes, then close.
        case bytes([UInt8])
        /// These bytes one at a time, `interval` apart (a slow upstream).
        case trickle([UInt8], interval: Duration)
        /// Nothing, until the connection is closed by the client.
        case hold
    }

    let port: Int
    private let listener: Int32
    private let state = LockedValue(State())
    private let reply: @Sendable (_ path: String) -> Reply

    private struct State {
        var connections = 0
        var heads: [String] = []
        var stopped = false
    }

    /// Connections accepted so far.
    var connections: Int { state.withLock { $0.connections } }
    /// Request heads read so far (request line and header fields).
    var heads: [String] { state.withLock { $0.heads } }

    /// Listens on `host` (127.0.0.1 or ::1) at a free port.
    init(host: String = "127.0.0.1", reply: @escaping @Sendable (_ path: String) -> Reply) throws {
        self.reply = reply
        let v6 = host.contains(":")
        let fd = socket(v6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EIO) }
        var one: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        var storage = sockaddr_storage()
        var length: socklen_t
        if v6 {
            var a = sockaddr_in6()
            a.sin6_family = sa_family_t(AF_INET6)
            inet_pton(AF_INET6, host, &a.sin6_addr)
            withUnsafeBytes(of: a) { raw in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: raw) } }
            length = socklen_t(MemoryLayout<sockaddr_in6>.size)
        } else {
            var a = sockaddr_in()
            a.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, host, &a.sin_addr)
            withUnsafeBytes(of: a) { raw in withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: raw) } }
            length = socklen_t(MemoryLayout<sockaddr_in>.size)
        }
        let bound = withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        var actual = sockaddr_storage()
        var actualLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &actualLength) }
        }
        port = withUnsafeBytes(of: actual) { raw in Int(UInt16(raw[2]) << 8 | UInt16(raw[3])) }
        listener = fd
        let thread = Thread { [self] in acceptLoop() }
        thread.start()
    }

    /// Stops accepting (connections in progress finish on their own threads).
    func stop() {
        state.withLock { $0.stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func acceptLoop() {
        while true {
            let fd = accept(listener, nil, nil)
            if fd < 0 {
                if errno == EINTR { continue }
                return
            }
            let stopped = state.withLock { state in
                state.connections += 1
                return state.stopped
            }
            if stopped {
                close(fd)
                return
            }
            Thread { [self] in serve(fd) }.start()
        }
    }

    private func serve(_ fd: Int32) {
        defer { close(fd) }
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var head: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !head.ends(with: Array("\r\n\r\n".utf8)), head.count < 65_536 {
            let n = read(fd, &buffer, 1)
            guard n > 0 else { return }
            head.append(buffer[0])
        }
        let text = String(decoding: head, as: UTF8.self)
        state.withLock { $0.heads.append(text) }
        let path = text.split(separator: " ").dropFirst().first.map(String.init) ?? "/"
        switch reply(path) {
        case .bytes(let bytes):
            var offset = 0
            while offset < bytes.count {
                let n = bytes.withUnsafeBytes { send(fd, $0.baseAddress! + offset, $0.count - offset, Int32(MSG_NOSIGNAL)) }
                guard n > 0 else { return }
                offset += n
            }
            shutdown(fd, Int32(SHUT_WR))
            // Let the client read everything before the close (a close with unread input would reset).
            while read(fd, &buffer, buffer.count) > 0 {}
        case .trickle(let bytes, let interval):
            for byte in bytes {
                var b = byte
                guard send(fd, &b, 1, Int32(MSG_NOSIGNAL)) == 1 else { return }
                let ns = interval.components.seconds * 1_000_000_000 + interval.components.attoseconds / 1_000_000_000
                usleep(useconds_t(ns / 1000))
            }
        case .hold:
            while read(fd, &buffer, buffer.count) > 0 {}
        }
    }

    /// An HTTP/1.1 response with `body` (and `Content-Length`), plus `fields`.
    static func response(
        status: Int = 200, _ body: [UInt8], fields: [(String, String)] = [("Content-Type", "application/json")]
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status) X\r\nContent-Length: \(body.count)\r\nConnection: close\r\n"
        for (name, value) in fields { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    static func json(_ text: String, fields: [(String, String)] = [("Content-Type", "application/json")]) -> Reply {
        .bytes(response(Array(text.utf8), fields: fields))
    }
}

extension Array where Element == UInt8 {
    func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && Array(self[(count - suffix.count)...]) == suffix
    }
}
