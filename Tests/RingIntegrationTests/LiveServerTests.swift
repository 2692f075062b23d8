import RingTestSupport
import Testing
@testable import RingHTTP

/// HTTP/1.1 behaviour over real loopback sockets.
@Suite(.serialized, .tags(.liveSocket)) struct LiveServerTests {
    @Test func keepAliveServesThreeRequestsOnOneConnection() async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            for index in 0..<3 {
                client.send("GET /echo?i=\(index) HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.bodyText == "i=\(index)")
                #expect(response.header("Connection") == nil)
                #expect(response.header("Content-Length") == "\("i=\(index)".utf8.count)")
                #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            }
            #expect(server.openConnections == 1)
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            let requests = (0..<4).map { "GET /echo?n=\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined()
            client.send(requests)  // one write carrying four requests
            for index in 0..<4 {
                #expect(try client.readResponse().bodyText == "n=\(index)")
            }
            // Still usable afterwards.
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().bodyText == "hello")
        }
    }

    @Test func http10WithoutKeepAliveIsClosedAfterTheResponse() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.header("Connection") == "close")
            #expect(client.waitForClose())
        }
    }

    @Test func http10KeepAliveIsAnsweredWithKeepAlive() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            for _ in 0..<2 {
                client.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.header("Connection") == "keep-alive")
                #expect(response.bodyText == "hello")
            }
        }
    }

    @Test func connectionCloseIsHonouredAndLaterPipelinedRequestsIgnored() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send(
                "GET /echo?first HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n"
                    + "GET /echo?second HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.bodyText == "first")
            #expect(response.header("Connection") == "close")
            #expect(client.waitForClose())
            #expect(client.unreadBytes.isEmpty, "a request after Connection: close was answered")
        }
    }

    @Test func responderAskingForCloseClosesTheConnection() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET /close HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.header("Connection") == "close")
            #expect(client.waitForClose())
        }
    }

    @Test func headHasTheGetLengthAndNoBody() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("HEAD /big?size=5000 HTTP/1.1\r\nHost: t\r\n\r\n")
            let head = try client.readResponse(forHead: true)
            #expect(head.status == 200)
            #expect(head.header("Content-Length") == "5000")
            #expect(head.header("Content-Type") == "application/octet-stream")
            // Had a body been sent, it would now be parsed as the next status line.
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            let next = try client.readResponse()
            #expect(next.status == 200)
            #expect(next.bodyText == "hello")
        }
    }

    @Test func requestFollowedByHalfCloseIsStillAnswered() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            client.shutdownWrite()
            #expect(try client.readResponse().bodyText == "hello")
            #expect(client.waitForClose())
        }
    }

    @Test(arguments: [
        ("POST /x HTTP/1.1\r\nHost: t\r\n\r\n", 405),
        ("DELETE /x HTTP/1.1\r\nHost: t\r\n\r\n", 405),
        ("BREW /pot HTTP/1.1\r\nHost: t\r\n\r\n", 501),
        ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: t\r\n\r\n", 414),
        ("GET / HTTP/1.1\r\nHost: t\r\n" + (0..<200).map { "X-\($0): v\r\n" }.joined() + "\r\n", 431),
        ("GET / HTTP/1.1\r\n\r\n", 400),
        ("GET / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello", 413),
        ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),
    ])
    func protocolErrorIsAnsweredThenTheConnectionCloses(request: String, status: Int) async throws {
        try await withLiveServer { server, port in
            let client = try TestClient(port: port)
            client.send(request)
            let response = try client.readResponse()
            #expect(response.status == status)
            #expect(response.header("Connection") == "close")
            #expect(response.header("Content-Type") == "text/plain; charset=utf-8")
            #expect(response.bodyText.hasPrefix("\(status) "))
            if status == 405 { #expect(response.header("Allow") == "GET, HEAD") }
            #expect(client.waitForClose())
            client.close()  // ends the server's lingering close early
            #expect(eventually { server.openConnections == 0 })
        }
    }

    @Test func unknownPathIsTheRespondersBusiness() async throws {
        try await withLiveServer { _, port in
            let client = try TestClient(port: port)
            client.send("GET /nope HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 404)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)  // a 404 keeps the connection
        }
    }

    @Test func connectionsAboveTheCapGet503() async throws {
        try await withLiveServer({ $0.maxConnections = 1 }) { server, port in
            let first = try TestClient(port: port)
            first.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try first.readResponse().status == 200)
            let second = try TestClient(port: port)
            let refused = try second.readResponse()
            #expect(refused.status == 503)
            #expect(refused.header("Retry-After") == "1")
            #expect(second.waitForClose())
            first.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try first.readResponse().status == 200)
            #expect(server.openConnections == 1)
        }
    }

    /// One address may hold only its share of the connections: over it its new ones get 429 and are closed, while
    /// another address is still served, and a proxy exempted from the share is not held to it (issue 38).
    @Test func anAddressOverItsConnectionShareGets429WhileAnotherIsServed() async throws {
        try await withLiveServer({
            $0.maxConnections = 16
            $0.maxConnectionsPerClient = 2
            $0.isUnlimitedClient = { $0.description == "127.0.0.3" }
        }) { server, port in
            let held = try (0..<2).map { _ in try TestClient(port: port) }
            for client in held {
                client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.readResponse().status == 200)
            }
            let over = try TestClient(port: port)
            let refused = try over.readResponse()
            #expect(refused.status == 429)
            #expect(refused.header("Retry-After") == "1")
            #expect(refused.header("X-Content-Type-Options") == "nosniff")
            #expect(over.waitForClose())
            let other = try TestClient(port: port, from: "127.0.0.2")
            other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try other.readResponse().status == 200)
            let proxied = try (0..<4).map { _ in try TestClient(port: port, from: "127.0.0.3") }
            for client in proxied {
                client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.readResponse().status == 200)
            }
            // A connection that closes gives its address the place back.
            held[0].close()
            #expect(eventually { server.openConnections == 6 })
            let again = try TestClient(port: port)
            again.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try again.readResponse().status == 200)
        }
    }

    @Test(.enabled(if: ipv6LoopbackAvailable, "this machine cannot bind ::1 (no IPv6 loopback)"))
    func servesOnIPv6Loopback() async throws {
        try await withLiveServer(host: "::1") { server, port in
            #expect(server.localAddress?.family == .ipv6)
            let client = try TestClient(host: "::1", port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: [::1]\r\n\r\n")
            #expect(try client.readResponse().bodyText == "hello")
        }
    }

    @Test(.enabled(if: ipv6LoopbackAvailable, "this machine cannot bind :: (no IPv6)"))
    func unspecifiedIPv6AddressAlsoAcceptsIPv4() async throws {
        try await withLiveServer(host: "::") { _, port in
            for host in ["::1", "127.0.0.1"] {
                let client = try TestClient(host: host, port: port)
                client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.readResponse().bodyText == "hello")
            }
        }
    }

    @Test func localhostAndPortZeroBindAnEphemeralPort() async throws {
        try await withLiveServer(host: "localhost") { server, port in
            #expect(port > 0)
            #expect(server.configuration.port == 0)
            let host = server.localAddress?.family == .ipv6 ? "::1" : "127.0.0.1"
            let client = try TestClient(host: host, port: port)
            client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
            #expect(try client.readResponse().status == 200)
        }
    }

    @Test func portInUseIsReportedWithTheCallName() async throws {
        try await withLiveServer { _, port in
            let second = HTTPServer(configuration: .init(port: port), responder: TestResponder())
            #expect {
                try second.start()
            } throws: { error in
                (error as? SystemError)?.call == "bind"
            }
        }
    }
}
