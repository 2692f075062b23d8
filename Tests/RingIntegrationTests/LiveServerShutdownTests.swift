#if canImport(Glibc)
import RingSync
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Testing
@testable import RingHTTP

/// Graceful shutdown and signal handling over real sockets.
@Suite(.serialized) struct LiveServerShutdownTests {
    @Test func shutdownFinishesInFlightRequestsClosesIdleOnesAndRefusesNewOnes() async throws {
        try await onOwnThread {
            let server = HTTPServer(configuration: .init(port: 0, ioQueues: 2), responder: TestResponder())
            try server.start()
            let port = try #require(server.port)

            let idle = try TestClient(port: port)
            idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try idle.readResponse().status == 200)
            let inFlight = try TestClient(port: port)
            inFlight.send("GET /slow?ms=800 HTTP/1.1\r\nHost: t\r\n\r\n")
            usleep(200_000)  // the responder is running now

            server.beginShutdown(gracePeriod: .seconds(5))
            #expect(idle.waitForClose(within: .seconds(3)), "idle keep-alive connection was not closed at once")
            #expect(eventually { (try? TestClient(port: port)) == nil }, "new connections are still accepted")

            let response = try inFlight.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "slow")
            #expect(response.header("Connection") == "close")
            #expect(inFlight.waitForClose())
            #expect(server.stopped(within: .seconds(4)))
            #expect(server.openConnections == 0)
        }
    }

    @Test func pipelinedRequestsAfterShutdownGetOneLastResponse() async throws {
        try await onOwnThread {
            let server = HTTPServer(configuration: .init(port: 0, ioQueues: 1), responder: TestResponder())
            try server.start()
            let client = try TestClient(port: try #require(server.port))
            client.send(
                "GET /slow?ms=400 HTTP/1.1\r\nHost: t\r\n\r\nGET /echo?2 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /echo?3 HTTP/1.1\r\nHost: t\r\n\r\n")
            usleep(150_000)
            server.beginShutdown(gracePeriod: .seconds(5))
            let first = try client.readResponse()
            #expect(first.bodyText == "slow")
            #expect(first.header("Connection") == "close")
            #expect(client.waitForClose())
            #expect(client.unreadBytes.isEmpty)
            #expect(server.stopped(within: .seconds(4)))
        }
    }

    /// Shutdown closes connections that are between requests — but one whose request reached the socket
    /// before its I/O queue got to the shutdown is answered (with `Connection: close`), not reset.
    @Test func requestInTheSocketWhenShutdownReachesItsQueueIsAnswered() async throws {
        try await onOwnThread {
            let server = HTTPServer(configuration: .init(port: 0, ioQueues: 1), responder: TestResponder())
            try server.start()
            let port = try #require(server.port)
            let keptAlive = try TestClient(port: port)
            keptAlive.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try keptAlive.readResponse().status == 200)
            let busy = try TestClient(port: port)
            busy.send("GET /slow?ms=800 HTTP/1.1\r\nHost: t\r\n\r\n")  // holds the only I/O queue
            usleep(200_000)
            server.beginShutdown(gracePeriod: .seconds(5))  // queued behind the slow response
            usleep(100_000)
            keptAlive.send("GET /echo?last HTTP/1.1\r\nHost: t\r\n\r\n")  // before the queue gets to the shutdown
            let last = try keptAlive.readResponse()
            #expect(last.bodyText == "last")
            #expect(last.header("Connection") == "close")
            #expect(keptAlive.waitForClose())
            #expect(try busy.readResponse().bodyText == "slow")
            busy.close()  // else the server lingers on it for its drain deadline
            #expect(server.stopped(within: .seconds(4)))
        }
    }

    @Test func gracePeriodBoundsAStalledRequest() async throws {
        try await onOwnThread {
            let server = HTTPServer(configuration: .init(port: 0), responder: TestResponder())
            try server.start()
            let stalled = try TestClient(port: try #require(server.port))
            stalled.send("GET /hello HTTP/1.1\r\n")  // never finished; the header deadline is 10 s
            #expect(eventually { server.openConnections == 1 })
            // No wait for the I/O queue to read the partial head: shutdown reads it itself before deciding
            // that the connection is idle (see the test below).
            let start = ContinuousClock.now
            server.beginShutdown(gracePeriod: .milliseconds(300))
            #expect(server.stopped(within: .seconds(4)))
            #expect(ContinuousClock.now - start >= .milliseconds(250))
            #expect(stalled.waitForClose())
        }
    }

    /// Regression: shutdown used to close a connection as idle when its partial request was still unread
    /// in the socket buffer (its read event queued behind the shutdown on the I/O queue).
    @Test func aRequestStillUnreadWhenShutdownBeginsIsAnswered() async throws {
        try await onOwnThread {
            // One I/O queue, held by a slow response, so the second connection's adoption and the
            // shutdown are queued before its read event can be delivered: the order is fixed, not raced.
            let server = HTTPServer(configuration: .init(port: 0, ioQueues: 1), responder: TestResponder())
            try server.start()
            let port = try #require(server.port)
            let blocker = try TestClient(port: port)
            blocker.send("GET /slow?ms=1500 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.openConnections == 1 })
            usleep(200_000)  // the slow response is being produced now (checked below through its header)
            let late = try TestClient(port: port)
            late.send("GET /hello HTTP/1.1\r\n")
            #expect(eventually { server.openConnections == 2 })
            server.beginShutdown(gracePeriod: .seconds(8))

            // The shutdown began while the slow response was being produced (else the order above did not
            // hold and this test would prove nothing): that response says it is the connection's last.
            let slow = try blocker.readResponse()
            #expect(slow.bodyText == "slow")
            #expect(slow.header("Connection") == "close")

            // The unread partial request counts as in progress: finishing it gets an answer, not a close.
            late.send("Host: t\r\n\r\n")
            let response = try late.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "hello")
            #expect(response.header("Connection") == "close")
            #expect(late.waitForClose())
            #expect(server.stopped(within: .seconds(8)))
        }
    }

    @Test func shutdownOfAServerThatNeverStartedCompletes() {
        let server = HTTPServer(configuration: .init(port: 0), responder: TestResponder())
        server.beginShutdown()
        #expect(server.stopped(within: .seconds(1)))
    }

    @Test func asyncShutdownReturnsWhenStopped() async throws {
        let server = HTTPServer(configuration: .init(port: 0), responder: TestResponder())
        try server.start()
        await server.shutdown(gracePeriod: .seconds(1))
        #expect(server.openConnections == 0)
        #expect(server.isShuttingDown)
    }

    /// A draining signal runs the drain's start at once and keeps serving (new connections too) for the drain
    /// period; only then does the shutdown begin.
    @Test func aDrainingSignalServesOnForThePeriod() async throws {
        let server = HTTPServer(configuration: .init(port: 0), responder: TestResponder())
        let started = LockedValue<ContinuousClock.Instant?>(nil)
        let drain = HTTPServer.Drain(signals: [SIGUSR1], period: .milliseconds(600)) {
            started.withLock { $0 = .now }
        }
        async let stoppedBy = onOwnThread { try server.runUntilSignalled([SIGUSR1], drain: drain) }
        try await onOwnThread {
            #expect(eventually { server.port != nil })
            let port = try #require(server.port)
            kill(getpid(), SIGUSR1)
            #expect(eventually { started.withLock { $0 } != nil }, "the drain did not start")
            // Well inside the drain: still listening and answering.
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            #expect(!server.isShuttingDown)
            #expect(server.stopped(within: .seconds(5)), "the drain never ended in a shutdown")
            let begun = try #require(started.withLock { $0 })
            #expect(ContinuousClock.now - begun >= .milliseconds(550))
        }
        #expect(try await stoppedBy == SIGUSR1)
    }

    @Test func runUntilSignalledStopsOnTheFirstSignal() async throws {
        let server = HTTPServer(configuration: .init(port: 0), responder: TestResponder())
        async let stoppedBy = onOwnThread { try server.runUntilSignalled([SIGUSR2]) }
        try await onOwnThread {
            #expect(eventually { server.port != nil })
            let client = try TestClient(port: try #require(server.port))
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            kill(getpid(), SIGUSR2)
            #expect(server.stopped(within: .seconds(5)), "the signal did not stop the server")
            #expect(client.waitForClose())
        }
        #expect(try await stoppedBy == SIGUSR2)
    }
}
