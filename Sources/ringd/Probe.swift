import ArgumentParser
import RingApp

/// `ringd probe [URL]`: exit 0 when a running ringd answers 2xx, 1 otherwise — the container image's
/// HEALTHCHECK, with no curl in the image.
struct Probe: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check a running ringd: exit 0 on a 2xx answer (printing nothing), 1 otherwise (saying why).",
        discussion: """
            With no URL, GET /healthz on the address `ringd serve` would listen on, read from the same flags \
            and environment (--host, --port; 0.0.0.0 and :: are reached through loopback). Give a URL to probe \
            anything else, e.g. http://127.0.0.1:8080/readyz. The probe gives up \
            after \(HealthProbe.defaultTimeout.components.seconds).\(HealthProbe.defaultTimeout.components.attoseconds / 100_000_000_000_000_000) s.
            """)

    @Argument(help: "An http(s) URL to GET instead of /healthz on the configured address.")
    var url: String?

    @Option(name: .customLong(Setting.host.flag), help: ArgumentHelp(Setting.host.helpText))
    var host: String?

    @Option(name: .customLong(Setting.port.flag), parsing: .unconditional, help: ArgumentHelp(Setting.port.helpText))
    var port: Int?

    func run() throws {
        let probe: HealthProbe
        do {
            if let url {
                probe = try HealthProbe(url: url)
            } else {
                let settings = try Settings(host: host, port: port, environment: Environment.current)
                probe = try HealthProbe(listeningHost: settings.host, port: settings.port)
            }
        } catch let error as Settings.Invalid {
            throw ValidationError(error.message)
        } catch {
            throw ValidationError("\(error)")
        }
        if let failure = probe.run() {
            CommandOutput.printError("ringd probe: \(failure)\n")
            throw ExitCode.failure
        }
    }
}
