#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RingTestSupport
import Testing
@testable import RingHTTP

/// Deadlines and misbehaving peers over real sockets. Only the deadline under test is shortened; every
/// client read waits seconds, so a loaded machine slows these tests down instead of failing them. When each
/// deadline fires, and what moves it, is ConnectionStateMachineTests' part (on made-up instants); these show
/// that the server acts on it over a socket, with no wall-clock bounds asserted.
@Suite(.serialized, .tags(.liveSocket)) struct LiveServerTimeoutTests {
    @Test func halfAHeadGets408AtTheHeaderDeadlineWhileOthersAreServed() async throws {
        try await withLiveServer({ $0.headerTimeout = .milliseconds(300) }) { server, port in
            let slow = try TestClient(port: port)
            slow.send("GET /hello HTTP/1.1\r\nHost: t\r\n")
            // Trickling more header lines, one per poll, must not extend the deadline (it is absolute): the
            // answer comes while they keep arriving.
            let answered = eventually(within: .seconds(10), every: .milliseconds(100)) {
                if slow.hasDataAvailable() { return true }
                slow.send("X-Slow: 1\r\n")
                return false
            }
            // Meanwhile another client is served at once.
            let other = try TestClient(port: port)
            other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.readResponse().status == 200)

            try #require(answered, "no 408 within 10 s of trickling")
            let response = try slow.readResponse()
            #expect(response.status == 408)
            #expect(response.header("Connection") == "close")
            #expect(slow.waitForClose())
            slow.close()
            #expect(eventually { server.openConnections == 1 })
        }
    }

    @Test func idleKeepAliveConnectionIsClosedQuietly() async throws {
        try await withLiveServer({ $0.idleTimeout = .milliseconds(300) }) { server, port in
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
            let idleSince = ContinuousClock.now
            #expect(client.waitForClose(within: .seconds(5)))
            #expect(ContinuousClock.now - idleSince >= .milliseconds(250))
            #expect(client.unreadBytes.isEmpty, "an idle close must not send anything (no 408)")
            #expect(eventually { server.openConnections == 0 })
        }
    }

    /// The next request of a kept-alive connection arrives while its I/O queue is busy past the idle deadline,
    /// so the deadline check runs before the read event. The request is in the socket: it must be answered,
    /// not reset by a close with unread input. (Found by the suites under ThreadSanitizer, whose slowdown
    /// made the read event lose that race on a loaded machine.)
    @Test func requestQueuedBehindTheIdleDeadlineIsAnswered() async throws {
        try await withLiveServer({ $0.idleTimeout = .milliseconds(300); $0.ioQueues = 1 }) { server, port in
            let keptAlive = try TestClient(port: port)
            keptAlive.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try keptAlive.readResponse().status == 200)  // idle from here
            let idleSince = ContinuousClock.now
            let busy = try TestClient(port: port)
            let gate = TestGate()
            busy.send("GET \(gate.target) HTTP/1.1\r\nHost: t\r\n\r\n")  // holds the only I/O queue
            #expect(eventually { gate.entered == 1 }, "the responder never ran")
            // The idle deadline passes on the server's (real) clock while its check waits behind the held
            // response; the request is in the socket before the queue gets to that check.
            _ = eventually { ContinuousClock.now - idleSince > .milliseconds(600) }
            keptAlive.send("GET /echo?late HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { keptAlive.unacknowledgedSendQueue == 0 }, "the request never reached the server")
            gate.open()
            let late = try keptAlive.readResponse()
            #expect(late.status == 200)
            #expect(late.bodyText == "late")
            #expect(try busy.readResponse().bodyText == "held")
        }
    }

    @Test func connectionThatNeverSendsIsClosedAfterTheIdleTimeout() async throws {
        try await withLiveServer({ $0.idleTimeout = .milliseconds(300) }) { server, port in
            let client = try TestClient(port: port)
            #expect(client.waitForClose(within: .seconds(5)))
            #expect(eventually { server.openConnections == 0 })
        }
    }

    @Test func clientLeavingMidResponseDoesNotHurtTheServer() async throws {
        try await withLiveServer { server, port in
            let leaver = try TestClient(port: port)
            leaver.send("GET /big?size=8388608 HTTP/1.1\r\nHost: t\r\n\r\n")
            try leaver.receive(atLeast: 64 * 1024)
            leaver.close()  // unread data: the kernel answers with a reset
            #expect(eventually { server.openConnections == 0 }, "the abandoned connection was not cleaned up")

            let next = try TestClient(port: port)
            next.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try next.readResponse().bodyText == "hello")
        }
    }

    @Test func readerThatStopsReadingIsDroppedAfterTheSendTimeout() async throws {
        try await withLiveServer({ $0.sendTimeout = .milliseconds(300) }) { server, port in
            let stalled = try TestClient(port: port)
            stalled.send("GET /big?size=16777216 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.openConnections == 1 })
            // The client never reads; socket buffers fill and the server stops making progress.
            #expect(eventually(within: .seconds(8)) { server.openConnections == 0 }, "stalled connection was kept")
        }
    }

    @Test func manyPipelinedLargeResponsesArriveCompleteAndInOrder() async throws {
        // 40 × 100 KB is far above the socket buffers and the 256 KiB output cap: the server must
        // stop parsing, wait for writability and resume, without losing or reordering anything.
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send((0..<40).map { "GET /big?size=100000&n=\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
            // The server hits EAGAIN with nobody reading: the path fills and stays full.
            #expect(client.waitUntilReceiveQueueIsFull(), "the responses never filled the client's buffers")
            let expectedBody = TestResponder.pattern(100_000)
            for index in 0..<40 {
                let response = try client.readResponse()
                #expect(response.header("X-N") == "\(index)")
                #expect(response.body == expectedBody)
            }
        }
    }

    /// Bodies of 1 KiB and more are sent from the response itself, not copied into the connection's buffer,
    /// and only while nothing is queued after them: mixed with small ones, pipelined, and sent against a
    /// reader that is not reading yet (partial sends), every body still arrives whole and in order.
    @Test func pipelinedLargeAndSmallBodiesArriveWholeAndInOrder() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            let sizes = [5_000, 3, 300_000, 1_024, 1_023, 70_000, 2, 1_025]
            client.send(sizes.enumerated().map { "GET /big?size=\($1)&n=\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
                + "HEAD /big?size=9000 HTTP/1.1\r\nHost: t\r\n\r\nGET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            // The server fills the socket and waits for writability.
            #expect(client.waitUntilReceiveQueueIsFull(), "the responses never filled the client's buffers")
            for (index, size) in sizes.enumerated() {
                let response = try client.readResponse()
                #expect(response.header("X-N") == "\(index)")
                #expect(response.body == TestResponder.pattern(size))
            }
            let head = try client.readResponse(forHead: true)
            #expect(head.header("Content-Length") == "9000" && head.body.isEmpty)
            #expect(try client.readResponse().bodyText == "hello")
        }
    }

    @Test func slowResponderOnOneQueueDoesNotBlockTheOtherQueue() async throws {
        try await withLiveServer({ $0.ioQueues = 2 }) { _, port in
            let slow = try TestClient(port: port)
            let gate = TestGate()
            slow.send("GET \(gate.target) HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { gate.entered == 1 }, "the responder never ran")  // its queue is held from here
            let fast = try TestClient(port: port)  // round-robin: the other queue
            fast.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            // Answered while the other queue is still held: the gate opens only afterwards.
            #expect(try fast.readResponse().status == 200)
            gate.open()
            #expect(try slow.readResponse().bodyText == "held")
        }
    }
}
