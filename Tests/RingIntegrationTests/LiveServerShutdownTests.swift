#if canImport(Glibc)
import RingSync
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import RingTestSupport
import Testing
@testable import RingHTTP

/// Graceful shutdown and signal handling over real sockets.
@Suite(.serialized, .tags(.liveSocket)) struct LiveServerShutdownTests {
    @Test func shutdownFinishesInFlightRequestsClosesIdleOnesAndRefusesNewOnes() async throws {
        try await onOwnThread {
            let server = HTTPServer(configuration: .init(port: 0, ioQueues: 2), responder: TestResponder())
            try server.start()
            let port = try #require(server.port)

            let idle = try TestClient(port: port)
            idle.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try idle.readResponse().status == 200)
            let inFlight = try TestClient(port: port)
            let gate = TestGate()
            inFlight.send("GET \(gate.target) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { gate.entered == 1 }, "the responder never ran")

            server.beginShutdown(gracePeriod: .seconds(5))
            #expect(idle.waitForClose(within: .seconds(3)), "idle keep-alive connection was not closed at once")
            #expect(eventually { (try? TestClient(port: port)) == nil }, "new connections are still accepted")

            gate.open()
            let response = try inFlight.readResponse()
            #expect(response.status == 200)
            #expect(response.bodyText == "held")
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
            let gate = TestGate()
            client.send(
                "GET \(gate.target) HTTP/1.1\r\nHost: t\r\n\r\nGET /echo?2 HTTP/1.1\r\nHost: t\r\n\r\n"
                    + "GET /echo?3 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { gate.entered == 1 }, "the responder never ran")
            server.beginShutdown(gracePeriod: .seconds(5))
            gate.open()
            let first = try client.readResponse()
            #expect(first.bodyText == "held")
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
            let gate = TestGate()
            busy.send("GET \(gate.target) HTTP/1.1\r\nHost: t\r\n\r\n")  // holds the only I/O queue
            #expect(eventually { gate.entered == 1 }, "the responder never ran")
            server.beginShutdown(gracePeriod: .seconds(5))  // queued behind the held response
            keptAlive.send("GET /echo?last HTTP/1.1\r\nHost: t\r\n\r\n")  // before the queue gets to the shutdown
            #expect(eventually { keptAlive.unacknowledgedSendQueue == 0 }, "the request never reached the server")
            gate.open()
            let last = try keptAlive.readResponse()
            #expect(last.bodyText == "last")
            #expect(last.header("Connection") == "close")
            #expect(keptAlive.waitForClose())
            #expect(try busy.readResponse().bodyText == "held")
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
            // One I/O queue, held by a response at a gate, so the second connection's adoption and the
            // shutdown are queued before its read event can be delivered: the order is fixed, not raced.
            let server = HTTPServer(configuration: .init(port: 0, ioQueues: 1), responder: TestResponder())
            try server.start()
            let port = try #require(server.port)
            let blocker = try TestClient(port: port)
            let gate = TestGate()
            blocker.send("GET \(gate.target) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.openConnections == 1 })
            #expect(eventually { gate.entered == 1 }, "the responder never ran")  // holds the only I/O queue
            let late = try TestClient(port: port)
            late.send("GET /hello HTTP/1.1\r\n")
            #expect(eventually { server.openConnections == 2 })
            #expect(eventually { late.unacknowledgedSendQueue == 0 }, "the partial request never reached the server")
            server.beginShutdown(gracePeriod: .seconds(8))
            gate.open()

            // The shutdown began while the held response was being produced: that response says it is the
            // connection's last.
            let held = try blocker.readResponse()
            #expect(held.bodyText == "held")
            #expect(held.header("Connection") == "close")

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
