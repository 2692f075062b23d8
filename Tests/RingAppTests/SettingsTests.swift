import Logging
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
