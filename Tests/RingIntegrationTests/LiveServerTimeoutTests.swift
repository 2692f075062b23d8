#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Testing
@testable import RingHTTP

/// Deadlines and misbehaving peers over real sockets. Only the deadline under test is shortened; every
/// client read waits seconds, so a loaded machine slows these tests down instead of failing them.
@Suite(.serialized) struct LiveServerTimeoutTests {
    @Test func halfAHeadGets408AtTheHeaderDeadlineWhileOthersAreServed() async throws {
        try await withLiveServer({ $0.headerTimeout = .milliseconds(300) }) { server, port in
            let slow = try TestClient(port: port)
            let start = ContinuousClock.now
            slow.send("GET /hello HTTP/1.1\r\nHost: t\r\n")
            // Trickling more header lines must not extend the deadline (it is absolute).
            var answeredAt: Duration?
            for _ in 0..<30 where answeredAt == nil {
                usleep(100_000)
                if slow.hasDataAvailable() { answeredAt = ContinuousClock.now - start } else { slow.send("X-Slow: 1\r\n") }
            }
            // Meanwhile another client is served at once.
            let other = try TestClient(port: port)
            other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.readResponse().status == 200)

            let elapsed = try #require(answeredAt, "no 408 within 3 s of trickling")
            #expect(elapsed >= .milliseconds(300))
            #expect(elapsed < .milliseconds(2500))
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
            let busy = try TestClient(port: port)
            busy.send("GET /slow?ms=1500 HTTP/1.1\r\nHost: t\r\n\r\n")  // holds the only I/O queue
            usleep(900_000)  // the idle deadline passes; its check waits behind the slow response
            keptAlive.send("GET /echo?late HTTP/1.1\r\nHost: t\r\n\r\n")
            let late = try keptAlive.readResponse()
            #expect(late.status == 200)
            #expect(late.bodyText == "late")
            #expect(try busy.readResponse().bodyText == "slow")
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
            usleep(300_000)  // let the server hit EAGAIN with nobody reading
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
            usleep(200_000)  // let the server fill the socket and wait for writability
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
            slow.send("GET /slow?ms=1500 HTTP/1.1\r\nHost: t\r\n\r\n")
            usleep(100_000)
            let fast = try TestClient(port: port)  // round-robin: the other queue
            let start = ContinuousClock.now
            fast.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try fast.readResponse().status == 200)
            #expect(ContinuousClock.now - start < .milliseconds(1200))
            #expect(try slow.readResponse().bodyText == "slow")
        }
    }
}
