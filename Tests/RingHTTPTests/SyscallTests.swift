#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RingTestSupport
import Testing
@testable import RingHTTP

@Suite struct SyscallTests {
    @Test func retriesEINTRAndReturnsTheResult() throws {
        var calls = 0
        let result = try Syscall.retrying("fake") { () -> Int32 in
            calls += 1
            if calls < 3 {
                errno = EINTR
                return -1
            }
            return 7
        }
        #expect(result == 7)
        #expect(calls == 3)
    }

    @Test func failureCarriesTheCallNameAndErrno() {
        #expect(throws: SystemError(call: "fake", errno: ECONNREFUSED)) {
            try Syscall.retrying("fake") { () -> Int32 in
                errno = ECONNREFUSED
                return -1
            }
        }
        let error = SystemError(call: "bind", errno: EADDRINUSE)
        #expect(error.description.hasPrefix("bind: "))
        #expect(error.description.hasSuffix("(errno \(EADDRINUSE))"))
    }

    @Test func wouldBlockIsAValueNotAnError() throws {
        let result = try Syscall.nonBlocking("fake") { () -> Int in
            errno = EAGAIN
            return -1
        }
        #expect(result == .wouldBlock)
        #expect(try Syscall.nonBlocking("fake") { 5 } == .processed(5))
    }

    @Test(.tags(.liveSocket)) func socketReadAndSendOnAConnectedPair() throws {
        let (a, b) = try Self.connectedPair()
        defer {
            a.close()
            b.close()
        }
        var scratch = [UInt8](repeating: 0, count: 16)
        // Non-blocking: nothing to read yet.
        #expect(try scratch.withUnsafeMutableBytes { try b.read(into: $0) } == .wouldBlock)
        #expect(try Array("ping".utf8).withUnsafeBytes { try a.send($0) } == .processed(4))
        var got = IOResult.wouldBlock
        var failure: (any Error)?
        #expect(eventually {
            do { got = try scratch.withUnsafeMutableBytes { try b.read(into: $0) } } catch { failure = error }
            return got != .wouldBlock || failure != nil
        })
        if let failure { throw failure }
        #expect(got == .processed(4))
        #expect(Array(scratch.prefix(4)) == Array("ping".utf8))
        // After the peer closes: EOF, then sending fails with EPIPE/ECONNRESET (no SIGPIPE: MSG_NOSIGNAL).
        a.close()
        #expect(try scratch.withUnsafeMutableBytes { try b.read(into: $0) } == .processed(0))
        #expect(throws: SystemError.self) {
            for _ in 0..<10 { _ = try Array("x".utf8).withUnsafeBytes { try b.send($0) } }
        }
    }

    @Test(.tags(.liveSocket)) func acceptedSocketsAreNonBlockingCloseOnExecAndNoDelay() throws {
        let (client, accepted) = try Self.connectedPair()
        defer {
            client.close()
            accepted.close()
        }
        #expect(fcntl(accepted.descriptor, F_GETFL) & O_NONBLOCK != 0)
        #expect(fcntl(accepted.descriptor, F_GETFD) & FD_CLOEXEC != 0)
        var noDelay: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        #expect(getsockopt(accepted.descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &noDelay, &length) == 0)
        #expect(noDelay != 0, "without TCP_NODELAY a keep-alive client can stall 40 ms per response")
    }

    @Test func socketAddressParsesLiteralsAndNames() throws {
        let v4 = try SocketAddress(host: "127.0.0.1", port: 8080)
        #expect(v4.family == .ipv4)
        #expect(v4.description == "127.0.0.1:8080")
        let v6 = try SocketAddress(host: "[::1]", port: 443)
        #expect(v6.family == .ipv6)
        #expect(v6.description == "[::1]:443")
        #expect(try SocketAddress(host: "::", port: 0).isIPv6Unspecified)
        #expect(try !SocketAddress(host: "::1", port: 0).isIPv6Unspecified)
        #expect(try SocketAddress(host: "localhost", port: 1).port == 1)
        #expect(throws: SocketAddress.ResolutionError.self) { try SocketAddress(host: "127.0.0.1", port: 70_000) }
        #expect(throws: SocketAddress.ResolutionError.self) { try SocketAddress(host: "no such host.invalid", port: 80) }
    }

    /// A listener on an ephemeral port, a client connected to it, and the accepted end.
    static func connectedPair() throws -> (Socket, Socket) {
        let (client, accepted, _) = try connectedPairWithPeer()
        return (client, accepted)
    }

    /// `accept` reports the client's address: what the per-client shares count by.
    @Test(.tags(.liveSocket)) func acceptReportsThePeerAddress() throws {
        let (client, accepted, peer) = try Self.connectedPairWithPeer()
        defer { client.close(); accepted.close() }
        #expect(peer?.description == "127.0.0.1")
        #expect(peer?.isIPv6 == false)
    }

    /// ``connectedPair()`` and the peer address `accept` reported.
    static func connectedPairWithPeer() throws -> (Socket, Socket, PeerAddress?) {
        let listener = try Socket.listening(on: SocketAddress(host: "127.0.0.1", port: 0), backlog: 4)
        defer { listener.close() }
        let address = try listener.localAddress()
        let client = Socket(descriptor: socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        let status = address.withSockAddr { connect(client.descriptor, $0, $1) }
        #expect(status == 0)
        try client.setNonBlocking()
        var accepted: (descriptor: Int32, peer: PeerAddress?)?
        var failure: (any Error)?
        _ = eventually {
            do { accepted = try listener.acceptConnection() } catch { failure = error }
            return accepted != nil || failure != nil
        }
        if let failure { throw failure }
        let pair = try #require(accepted)
        return (client, Socket(descriptor: pair.descriptor), pair.peer)
    }
}
