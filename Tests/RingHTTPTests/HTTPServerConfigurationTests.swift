import Testing
@testable import RingHTTP

@Suite struct HTTPServerConfigurationTests {
    @Test func defaultsServeLocallyWithProductionDeadlines() {
        let configuration = HTTPServer.Configuration()
        #expect(configuration.host == "127.0.0.1")
        #expect(configuration.port == 8080)
        #expect(configuration.ioQueues == max(1, HTTPServer.Configuration.onlineCPUs / 2))
        #expect(configuration.headerTimeout == .seconds(10))
        #expect(configuration.idleTimeout == .seconds(15))
        #expect(configuration.sendTimeout == .seconds(30))
        #expect(configuration.shutdownGracePeriod < .seconds(5), "SIGTERM must end the process within 5 s")
        #expect(configuration.maxQueuedOutput == 256 * 1024)
        // One address may hold a quarter of the connections; nobody is exempt unless named.
        #expect(configuration.maxConnections == 10_000 && configuration.maxConnectionsPerClient == 2_500)
        #expect(!configuration.isUnlimitedClient(PeerAddress(bytes: [127, 0, 0, 1])!))
    }

    @Test func deadlineTickFollowsTheShortestTimeout() {
        #expect(HTTPServer.Configuration().tickInterval == .milliseconds(250))
        #expect(HTTPServer.Configuration(headerTimeout: .milliseconds(300)).tickInterval == .milliseconds(75))
        #expect(HTTPServer.Configuration(idleTimeout: .milliseconds(1)).tickInterval == .milliseconds(10))
    }

    @Test func durationsConvertToWholeNanoseconds() {
        #expect(Duration.milliseconds(1500).nanoseconds == 1_500_000_000)
        #expect(Duration.nanoseconds(7).nanoseconds == 7)
        #expect(Duration.seconds(Int64.max).nanoseconds == Int(Int64.max))
    }
}
