#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Foundation
import RingTestSupport
import Testing
@testable import RingHTTP

/// Starts a server on an ephemeral loopback port with the test responder, runs `body` on its own
/// thread, and always shuts the server down (checking that it does stop).
func withLiveServer(
    host: String = "127.0.0.1",
    _ configure: @escaping @Sendable (inout HTTPServer.Configuration) -> Void = { _ in },
    _ body: @escaping @Sendable (HTTPServer, Int) throws -> Void
) async throws {
    try await onOwnThread {
        var configuration = HTTPServer.Configuration(host: host, port: 0, ioQueues: 2)
        configure(&configuration)
        let server = HTTPServer(configuration: configuration, responder: TestResponder())
        try server.start()
        defer {
            server.beginShutdown(gracePeriod: .milliseconds(200))
            #expect(server.stopped(within: .seconds(10)), "server did not stop")
        }
        try body(server, try #require(server.port))
    }
}

/// Runs blocking test code (socket reads with timeouts, sleeps, semaphores) on a dedicated thread.
///
/// On Linux, Swift concurrency and the server's I/O queues share libdispatch's worker pool, which
/// grows by only about one thread per second when workers block (docs/design.md §Dispatch on Linux). Blocking
/// test bodies on pool threads would starve the very server they test.
func onOwnThread<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        Thread { continuation.resume(with: Result { try body() }) }.start()
    }
}

extension HTTPServer {
    /// Waits for the server to stop; false if it has not within `timeout`.
    func stopped(within timeout: Duration) -> Bool {
        let semaphore = DispatchSemaphore(value: 0)
        whenStopped { semaphore.signal() }
        return semaphore.wait(timeout: .now() + .nanoseconds(timeout.nanoseconds)) == .success
    }
}

/// Whether this machine can bind a socket to the IPv6 loopback address (containers often cannot).
let ipv6LoopbackAvailable: Bool = {
    let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
    guard fd >= 0 else { return false }
    defer { close(fd) }
    var address = sockaddr_in6()
    address.sin6_family = sa_family_t(AF_INET6)
    address.sin6_addr = in6addr_loopback
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
    } == 0
}()
