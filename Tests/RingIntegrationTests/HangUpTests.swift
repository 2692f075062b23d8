#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RingTestSupport
import Testing
@testable import RingHTTP

/// Hang-ups (a peer's reset, or its FIN after the server's own `shutdown(SHUT_WR)`) are reported by epoll
/// whatever a socket is watched for. They used to reach libdispatch, whose handling of them could finalise
/// a source twice and kill the process (issue 6; scripts/check/soak.py is the load regression test). These check
/// that every kind of hang-up closes its connection and leaves the server serving.
@Suite(.serialized, .tags(.liveSocket)) struct HangUpTests {
    @Test func resetsOfKeptAliveConnectionsCloseThem() async throws {
        try await withLiveServer { server, port in
            for round in 0..<100 {
                let client = try TestClient(port: port)
                client.send("GET /echo?\(round) HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.readResponse().bodyText == "\(round)")
                client.reset()
            }
            #expect(eventually { server.openConnections == 0 }, "\(server.openConnections) connections left open")
            let check = try TestClient(port: port)
            check.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try check.readResponse().status == 200)
        }
    }

    @Test func theFinAfterALingeringCloseEndsTheConnection() async throws {
        try await withLiveServer { server, port in
            for _ in 0..<100 {
                let client = try TestClient(port: port)
                client.send("GET /hello HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                #expect(try client.readResponse().header("Connection") == "close")
                #expect(client.waitForClose())  // the server's FIN; our close then hangs the socket up
                client.close()
            }
            #expect(eventually { server.openConnections == 0 }, "\(server.openConnections) connections left open")
        }
    }

    @Test func aResetWhileTheResponseIsBlockedClosesTheConnection() async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            client.setReceiveBufferSmall()
            // 16 MiB the client never reads: the server's send blocks and it waits for writability only.
            client.send("GET /big?size=16777216 HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(eventually { server.openConnections == 1 })
            #expect(client.waitUntilReceiveQueueIsFull(), "the response never filled the client's buffers")
            client.reset()
            #expect(eventually { server.openConnections == 0 }, "the blocked connection was not closed")
        }
    }

    @Test func aResetMidRequestClosesTheConnection() async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHo")
            #expect(eventually { server.openConnections == 1 })
            // The half request is in the server's socket (acknowledged), so the reset comes mid-request.
            #expect(eventually { client.unacknowledgedSendQueue == 0 })
            client.reset()
            #expect(eventually { server.openConnections == 0 })
        }
    }
}

extension TestClient {
    /// A small receive buffer, so a large response fills the path and the server's send blocks.
    func setReceiveBufferSmall() {
        var size: Int32 = 4096
        _ = setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    }
}
