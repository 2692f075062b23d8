import Foundation
import Logging
import RingHTTP
import RingFetch
import Testing
@testable import RingApp

@Suite struct SettingsTests {
    @Test func defaults() throws {
        let s = try Settings(host: nil, port: nil, logLevel: nil, environment: [:])
        #expect(s.host == "127.0.0.1" && s.port == 8080 && s.logLevel == .info)
    }

    @Test func flagsWinOverEnvironmentWhichWinsOverDefaults() throws {
        let env = ["RINGD_HOST": "::1", "RINGD_PORT": "9000", "PORT": "9100", "RINGD_LOG_LEVEL": "DEBUG"]
        let fromEnv = try Settings(host: nil, port: nil, logLevel: nil, environment: env)
        #expect(fromEnv.host == "::1" && fromEnv.port == 9000 && fromEnv.logLevel == .debug)
        let fromFlags = try Settings(host: "0.0.0.0", port: 1234, logLevel: "error", environment: env)
        #expect(fromFlags.host == "0.0.0.0" && fromFlags.port == 1234 && fromFlags.logLevel == .error)
        #expect(try Settings(host: nil, port: nil, logLevel: nil, environment: ["PORT": "7000"]).port == 7000)
    }

    @Test(arguments: [
        (nil, 70000, nil, [:], "--port"), (nil, nil, nil, ["PORT": "eighty"], "PORT"),
        (nil, nil, nil, ["RINGD_PORT": "-1"], "--port"), (nil, nil, "loud", [:], "--log-level"),
        ("", nil, nil, [:], "--host"),
    ] as [(String?, Int?, String?, [String: String], String)])
    func invalidValuesNameTheFlag(host: String?, port: Int?, level: String?, env: [String: String], flag: String) {
        do {
            _ = try Settings(host: host, port: port, logLevel: level, environment: env)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains(flag), "\(error.message)")
        }
    }
}

@Suite struct DrainSettingsTests {
    @Test func drainSecondsFromFlagOrVariable() throws {
        #expect(try Settings(host: nil, port: nil, logLevel: nil, environment: [:]).drainSeconds == 5)
        #expect(try Settings(host: nil, port: nil, logLevel: nil, environment: ["RINGD_DRAIN_SECONDS": "0"]).drainSeconds == 0)
        #expect(try Settings(host: nil, port: nil, logLevel: nil, drainSeconds: 30,
                             environment: ["RINGD_DRAIN_SECONDS": "0"]).drainSeconds == 30)
        for bad in [-1, 3601] {
            #expect(throws: Settings.Invalid.self) {
                try Settings(host: nil, port: nil, logLevel: nil, drainSeconds: bad, environment: [:])
            }
        }
    }
}

@Suite struct ServingSettingsTests {
    @Test func servingDefaults() throws {
        let s = try Settings(host: nil, port: nil, logLevel: nil, environment: [:])
        #expect(s.cacheMB == 64 && s.maxAge == 86_400 && s.renderQueue == 64)
        #expect(s.renderThreads == HTTPServer.Configuration.onlineCPUs)
        #expect(s.ioQueues == HTTPServer.Configuration.defaultIOQueues)
        #expect(s.appConfiguration.cacheBytes == 64 << 20 && s.appConfiguration.maxAge == 86_400)
        #expect(s.serverConfiguration.ioQueues == s.ioQueues && s.serverConfiguration.port == 8080)
        #expect(s.headerTimeout == 10 && s.idleTimeout == 15)
        #expect(s.serverConfiguration.headerTimeout == .seconds(10) && s.serverConfiguration.idleTimeout == .seconds(15))
    }

    @Test func deadlinesComeFromFlagsOrTheirVariables() throws {
        let env = ["RINGD_HEADER_TIMEOUT": "2", "RINGD_IDLE_TIMEOUT": "3"]
        let fromEnv = try Settings(host: nil, port: nil, logLevel: nil, environment: env)
        #expect(fromEnv.serverConfiguration.headerTimeout == .seconds(2))
        #expect(fromEnv.serverConfiguration.idleTimeout == .seconds(3))
        let fromFlags = try Settings(host: nil, port: nil, logLevel: nil, headerTimeout: 4, idleTimeout: 5,
                                     environment: env)
        #expect(fromFlags.serverConfiguration.headerTimeout == .seconds(4))
        #expect(fromFlags.serverConfiguration.idleTimeout == .seconds(5))
    }

    @Test(arguments: [
        (Int?(0), Int?.none, [String: String](), "--header-timeout"),
        (nil, 3_601, [:], "--idle-timeout"),
        (nil, nil, ["RINGD_HEADER_TIMEOUT": "0.5"], "RINGD_HEADER_TIMEOUT"),
        (nil, nil, ["RINGD_IDLE_TIMEOUT": "-1"], "--idle-timeout"),
    ])
    func invalidDeadlinesNameTheFlagAndVariable(header: Int?, idle: Int?, env: [String: String], name: String) {
        do {
            _ = try Settings(host: nil, port: nil, logLevel: nil, headerTimeout: header, idleTimeout: idle,
                             environment: env)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains(name), "\(error.message)")
            #expect(error.message.contains("RINGD_"), "\(error.message)")
        }
    }

    @Test func flagsWinOverTheirEnvironmentTwins() throws {
        let env = ["RINGD_CACHE_MB": "8", "RINGD_MAX_AGE": "60", "RINGD_RENDER_THREADS": "3",
                   "RINGD_RENDER_QUEUE": "5", "RINGD_IO_QUEUES": "2"]
        let fromEnv = try Settings(host: nil, port: nil, logLevel: nil, environment: env)
        #expect(fromEnv.cacheMB == 8 && fromEnv.maxAge == 60 && fromEnv.renderThreads == 3)
        #expect(fromEnv.renderQueue == 5 && fromEnv.ioQueues == 2)
        let fromFlags = try Settings(host: nil, port: nil, logLevel: nil, cacheMB: 0, maxAge: 0, renderThreads: 1,
                                     renderQueue: 0, ioQueues: 1, environment: env)
        #expect(fromFlags.cacheMB == 0 && fromFlags.maxAge == 0 && fromFlags.renderThreads == 1)
        #expect(fromFlags.renderQueue == 0 && fromFlags.ioQueues == 1)
        #expect(fromFlags.appConfiguration.renderThreads == 1 && fromFlags.appConfiguration.renderQueueLimit == 0)
    }

    /// `--max-connections`, `--client-share` and `--trust-proxy` reach the server's and the application's
    /// configurations; a bad proxy entry names the flag.
    @Test func clientSharesReachBothConfigurations() throws {
        let defaults = try Settings(host: nil, port: nil, logLevel: nil, environment: [:])
        #expect(defaults.serverConfiguration.maxConnections == 10_000)
        #expect(defaults.serverConfiguration.maxConnectionsPerClient == 2_500)
        #expect(defaults.appConfiguration.clientSharePercent == 25 && defaults.appConfiguration.trustedProxies.isEmpty)
        let env = ["RINGD_MAX_CONNECTIONS": "400", "RINGD_CLIENT_SHARE": "50", "RINGD_TRUST_PROXY": "10.0.0.0/8, ::1"]
        let set = try Settings(host: nil, port: nil, logLevel: nil, environment: env)
        #expect(set.serverConfiguration.maxConnections == 400 && set.serverConfiguration.maxConnectionsPerClient == 200)
        #expect(set.appConfiguration.trustedProxies == [IPNetwork("10.0.0.0/8")!, IPNetwork("::1")!])
        #expect(set.serverConfiguration.isUnlimitedClient(PeerAddress(bytes: [10, 1, 2, 3])!))
        #expect(!set.serverConfiguration.isUnlimitedClient(PeerAddress(bytes: [127, 0, 0, 1])!))
        let flags = try Settings(host: nil, port: nil, logLevel: nil, maxConnections: 8, clientShare: 100,
                                 trustProxy: ["127.0.0.2"], environment: env)
        #expect(flags.serverConfiguration.maxConnectionsPerClient == 8 && flags.trustProxy == [IPNetwork("127.0.0.2")!])
        for (flag, env) in [("--trust-proxy", ["RINGD_TRUST_PROXY": "nginx"]), ("--client-share", ["RINGD_CLIENT_SHARE": "0"]),
                            ("--max-connections", ["RINGD_MAX_CONNECTIONS": "1"])] {
            #expect(throws: Settings.Invalid.self) { try Settings(host: nil, port: nil, logLevel: nil, environment: env) }
            do {
                _ = try Settings(host: nil, port: nil, logLevel: nil, environment: env)
            } catch {
                #expect(error.message.contains(flag), "\(error.message)")
            }
        }
    }

    @Test(arguments: [
        (Int?(-1), Int?.none, Int?.none, Int?.none, [String: String](), "--cache-mb"),
        (nil, -5, nil, nil, [:], "--max-age"),
        (nil, 31_536_001, nil, nil, [:], "--max-age"),
        (nil, nil, 0, nil, [:], "--render-threads"),
        (nil, nil, nil, 0, [:], "--io-queues"),
        (nil, nil, nil, nil, ["RINGD_CACHE_MB": "lots"], "RINGD_CACHE_MB"),
        (nil, nil, nil, nil, ["RINGD_RENDER_THREADS": "1.5"], "--render-threads"),
        (nil, nil, nil, nil, ["RINGD_IO_QUEUES": "999"], "--io-queues"),
        (nil, nil, nil, nil, ["RINGD_MAX_AGE": ""], "RINGD_MAX_AGE"),
        (nil, nil, nil, nil, ["RINGD_RENDER_QUEUE": "-1"], "--render-queue"),
    ])
    func invalidValuesNameTheFlagAndVariable(
        cacheMB: Int?, maxAge: Int?, threads: Int?, queues: Int?, env: [String: String], name: String
    ) {
        do {
            _ = try Settings(host: nil, port: nil, logLevel: nil, cacheMB: cacheMB, maxAge: maxAge,
                             renderThreads: threads, ioQueues: queues, environment: env)
            Issue.record("accepted")
        } catch {
            #expect(error.message.contains(name), "\(error.message)")
            #expect(error.message.contains("RINGD_"), "\(error.message)")
        }
    }

    /// A number outside the range is called out of range (`ringd --cache-mb -3` reaches here: the flags take
    /// negative values), with the range it must be in.
    @Test func aValueOutsideTheRangeIsSaidToBeOutOfRange() {
        #expect(throws: Settings.Invalid(message: "--cache-mb (RINGD_CACHE_MB) must be a whole number of MiB in 0…65536; -3 is out of range")) {
            try Settings(host: nil, port: nil, logLevel: nil, cacheMB: -3, environment: [:])
        }
        #expect(throws: Settings.Invalid(message: "--cache-mb (RINGD_CACHE_MB) must be a whole number of MiB in 0…65536; -3 is out of range")) {
            try Settings(host: nil, port: nil, logLevel: nil, environment: ["RINGD_CACHE_MB": "-3"])
        }
    }
}

/// The `src` settings.
@Suite struct SourceSettingsTests {
    @Test func sourceFlagsAndTheirVariables() throws {
        let env = ["RINGD_SOURCES": "off", "RINGD_SOURCE_ALLOW": "10.0.0.0/8", "RINGD_SOURCE_ALLOW_HTTP": "1",
                   "RINGD_SOURCE_TTL": "60", "RINGD_SOURCE_CA_FILE": "/etc/ca.pem", "RINGD_SOURCE_DENY": "evil.example"]
        let fromEnv = try Settings(host: nil, port: nil, logLevel: nil, environment: env)
        let sources = fromEnv.appConfiguration.sources
        #expect(!sources.enabled && sources.allowHTTP && sources.allow == ["10.0.0.0/8"] && sources.deny == ["evil.example"])
        #expect(sources.ttlSeconds == 60 && sources.caFile == "/etc/ca.pem")
        let fromFlags = try Settings(host: nil, port: nil, logLevel: nil, sources: "on", sourceAllow: ["127.0.0.1", "::1"],
                                     sourceTTL: 5, environment: env)
        #expect(fromFlags.sources && fromFlags.sourceAllow == ["127.0.0.1", "::1"] && fromFlags.sourceTTL == 5)
        #expect(try Settings(host: nil, port: nil, logLevel: nil, environment: [:]).appConfiguration.sources == SourceConfiguration())
        for (bad, flag) in [(["RINGD_SOURCE_TTL": "0"], "--source-ttl"), (["RINGD_SOURCES": "maybe"], "--sources"),
                            (["RINGD_SOURCE_ALLOW_HTTP": "sure"], "RINGD_SOURCE_ALLOW_HTTP")] {
            #expect(throws: Settings.Invalid.self) { try Settings(host: nil, port: nil, logLevel: nil, environment: bad) }
            do { _ = try Settings(host: nil, port: nil, logLevel: nil, environment: bad) } catch {
                #expect(error.message.contains(flag), "\(error.message)")
            }
        }
    }

    @Test func aBadAllowEntryOrCAFileStopsTheStart() {
        #expect(throws: SourceSetupError.self) {
            try RingApplication.validate(AppConfiguration(sources: SourceConfiguration(allow: ["10.0.0.0/99"])))
        }
        #expect(throws: SourceSetupError.self) {
            try RingApplication.validate(AppConfiguration(sources: SourceConfiguration(caFile: "/nonexistent/ca.pem")))
        }
        #expect(throws: Never.self) { try RingApplication.validate(AppConfiguration(sources: SourceConfiguration(enabled: false, allow: ["bad entry!"]))) }
    }
}
