import RingApp
import RingFetch
import RingHTTP
import RingSync
import RingTestSupport
import Testing

/// `ringd probe` (the image's HEALTHCHECK) against a real server: success only on a 2xx answer.
@Suite(.serialized, .tags(.liveSocket)) struct HealthProbeLiveTests {
    @Test func healthzOnTheListeningAddressSucceeds() async throws {
        try await withRingd { _, _, port in
            let direct = try HealthProbe(listeningHost: "127.0.0.1", port: port)
            #expect(direct.run() == nil)
            // A wildcard listen address is probed through loopback, as a HEALTHCHECK inside a container does.
            let wildcard = try HealthProbe(listeningHost: "0.0.0.0", port: port)
            #expect(wildcard.url.description == "http://127.0.0.1:\(port)/healthz")
            #expect(wildcard.run() == nil)
        }
    }

    @Test func aDrainingServersReadinessFails() async throws {
        try await withRingd { app, _, port in
            let readyz = try HealthProbe(url: "http://127.0.0.1:\(port)/readyz")
            #expect(readyz.run() == nil)
            app.readiness.beginDraining()
            #expect(readyz.run() == "http://127.0.0.1:\(port)/readyz: HTTP 503")
            // Liveness is unaffected by the drain.
            let healthz = try HealthProbe(listeningHost: "127.0.0.1", port: port)
            #expect(healthz.run() == nil)
        }
    }

    @Test func aMissingRouteOrAClosedPortFails() async throws {
        let closedPort = LockedValue(0)
        try await withRingd { _, _, port in
            let missing = try HealthProbe(url: "http://127.0.0.1:\(port)/nope")
            #expect(missing.run() == "http://127.0.0.1:\(port)/nope: HTTP 404")
            closedPort.withLock { $0 = port }
        }
        // The server above has stopped: nothing listens on its port any more.
        let port = closedPort.withLock { $0 }
        let failure = try HealthProbe(listeningHost: "127.0.0.1", port: port).run()
        #expect(failure?.hasPrefix("http://127.0.0.1:\(port)/healthz: cannot connect") == true, "\(failure ?? "nil")")
    }

    @Test func setUpErrorsNameTheProblem() throws {
        #expect(throws: HealthProbe.Invalid.self) { try HealthProbe(url: "ftp://127.0.0.1/") }
        #expect(throws: HealthProbe.Invalid.self) { try HealthProbe(listeningHost: "127.0.0.1", port: 0) }
        let wildcard6 = try HealthProbe(listeningHost: "::", port: 80)
        #expect(wildcard6.url.description == "http://[::1]/healthz")
        let loopback6 = try HealthProbe(listeningHost: "::1", port: 8080)
        #expect(loopback6.url.description == "http://[::1]:8080/healthz")
    }
}
