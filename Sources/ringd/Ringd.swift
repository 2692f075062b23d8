import ArgumentParser
import Logging
import RingApp
import RingHTTP

/// `ringd`: serves ring images over HTTP.
@main
struct Ringd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ringd",
        abstract: "Serve ring images (progress rings, activity rings, petals, pies, checks) as SVG over HTTP.",
        discussion: """
            Every option also reads an environment variable when the flag is absent: \
            RINGD_HOST, RINGD_PORT (or PORT), RINGD_LOG_LEVEL.
            """,
        subcommands: [Serve.self, Docs.self],
        defaultSubcommand: Serve.self
    )
}

/// The server command (default).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve HTTP (the default command).")

    @Option(help: "Address to listen on: an IPv4 or IPv6 address or a host name. [env: RINGD_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(help: "TCP port; 0 picks a free one. [env: RINGD_PORT, PORT] (default: 8080)")
    var port: Int?

    @Option(help: "trace, debug, info, notice, warning, error or critical. [env: RINGD_LOG_LEVEL] (default: info)")
    var logLevel: String?

    func run() throws {
        let settings: Settings
        do {
            settings = try Settings(host: host, port: port, logLevel: logLevel, environment: Environment.current)
        } catch {
            throw ValidationError(error.message)
        }
        let logLevel = settings.logLevel
        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = logLevel
            return handler
        }
        let logger = Logger(label: "ringd")
        var serverConfiguration = HTTPServer.Configuration()
        serverConfiguration.host = settings.host
        serverConfiguration.port = settings.port
        let server = HTTPServer(configuration: serverConfiguration, responder: RingApplication())
        do {
            try server.start()
        } catch {
            logger.critical("cannot listen on \(settings.host):\(settings.port): \(error)")
            throw ExitCode.failure
        }
        let address = server.localAddress.map { "\($0)" } ?? "\(settings.host):\(settings.port)"
        logger.info("ringd listening on http://\(address)/", metadata: ["port": "\(server.port ?? settings.port)"])
        let signal = try server.runUntilSignalled()
        logger.info("ringd stopped", metadata: ["signal": "\(signal)"])
    }
}

/// Prints generated documentation (the README's parameter reference) to standard output.
struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the parameter reference generated from the parameter table (Markdown).")

    func run() {
        print(ParameterDocs.markdown(), terminator: "")
    }
}
