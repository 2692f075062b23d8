#if canImport(Glibc)
import Glibc
#endif
import ArgumentParser
import Logging
import RingApp
import RingHTTP
import RingText

/// `ringd`: serves ring images over HTTP.
@main
struct Ringd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ringd",
        abstract: "Serve ring images (progress rings, activity rings, petals, pies, checks) as SVG or PNG over HTTP, or draw them offline (ringd render).",
        discussion: """
            Every option of serve also reads the environment variable its help names when the flag is absent. \
            Memory: the process stays within --cache-mb + --render-memory-mb + \(RenderMemory.processConstantMB) MiB.
            """,
        version: BuildInfo.summary,
        subcommands: [Serve.self, Render.self, Probe.self, Docs.self, Fonts.self],
        defaultSubcommand: Serve.self
    )
}

/// The server command (default).
struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Serve HTTP (the default command).")

    @Option(name: .customLong(Setting.host.flag), help: ArgumentHelp(Setting.host.helpText))
    var host: String?

    @Option(name: .customLong(Setting.port.flag), parsing: .unconditional, help: ArgumentHelp(Setting.port.helpText))
    var port: Int?

    @Option(name: .customLong(Setting.logLevel.flag), help: ArgumentHelp(Setting.logLevel.helpText))
    var logLevel: String?

    @Option(name: .customLong(Setting.cacheMB.flag), parsing: .unconditional, help: ArgumentHelp(Setting.cacheMB.helpText))
    var cacheMb: Int?

    @Option(name: .customLong(Setting.maxAge.flag), parsing: .unconditional, help: ArgumentHelp(Setting.maxAge.helpText))
    var maxAge: Int?

    @Option(
        name: .customLong(Setting.renderThreads.flag), parsing: .unconditional,
        help: ArgumentHelp(Setting.renderThreads.helpText))
    var renderThreads: Int?

    @Option(
        name: .customLong(Setting.renderQueue.flag), parsing: .unconditional, help: ArgumentHelp(Setting.renderQueue.helpText))
    var renderQueue: Int?

    @Option(name: .customLong(Setting.ioQueues.flag), parsing: .unconditional, help: ArgumentHelp(Setting.ioQueues.helpText))
    var ioQueues: Int?

    @Option(
        name: .customLong(Setting.headerTimeout.flag), parsing: .unconditional,
        help: ArgumentHelp(Setting.headerTimeout.helpText))
    var headerTimeout: Int?

    @Option(
        name: .customLong(Setting.idleTimeout.flag), parsing: .unconditional, help: ArgumentHelp(Setting.idleTimeout.helpText))
    var idleTimeout: Int?

    @Option(name: .customLong(Setting.fontDir.flag), help: ArgumentHelp(Setting.fontDir.helpText))
    var fontDir: String?

    @Option(
        name: .customLong(Setting.drainSeconds.flag), parsing: .unconditional,
        help: ArgumentHelp(Setting.drainSeconds.helpText))
    var drainSeconds: Int?

    @Option(
        name: .customLong(Setting.renderMemoryMB.flag), parsing: .unconditional,
        help: ArgumentHelp(Setting.renderMemoryMB.helpText))
    var renderMemoryMb: Int?

    @Option(name: .customLong(Setting.logFormat.flag), help: ArgumentHelp(Setting.logFormat.helpText))
    var logFormat: String?

    @Flag(name: .customLong(Setting.accessLog.flag), help: ArgumentHelp(Setting.accessLog.helpText))
    var accessLog = false

    @Option(name: .customLong(Setting.sources.flag), help: ArgumentHelp(Setting.sources.helpText))
    var sources: String?

    @Option(name: .customLong(Setting.sourceAllow.flag), help: ArgumentHelp(Setting.sourceAllow.helpText))
    var sourceAllow: [String] = []

    @Option(name: .customLong(Setting.sourceDeny.flag), help: ArgumentHelp(Setting.sourceDeny.helpText))
    var sourceDeny: [String] = []

    @Flag(name: .customLong(Setting.sourceAllowHTTP.flag), help: ArgumentHelp(Setting.sourceAllowHTTP.helpText))
    var sourceAllowHttp = false

    @Option(name: .customLong(Setting.sourceCAFile.flag), help: ArgumentHelp(Setting.sourceCAFile.helpText))
    var sourceCaFile: String?

    @Option(name: .customLong(Setting.sourceTTL.flag), parsing: .unconditional, help: ArgumentHelp(Setting.sourceTTL.helpText))
    var sourceTtl: Int?

    @Option(
        name: .customLong(Setting.maxConnections.flag), parsing: .unconditional,
        help: ArgumentHelp(Setting.maxConnections.helpText))
    var maxConnections: Int?

    @Option(
        name: .customLong(Setting.clientShare.flag), parsing: .unconditional, help: ArgumentHelp(Setting.clientShare.helpText))
    var clientShare: Int?

    @Option(name: .customLong(Setting.trustProxy.flag), help: ArgumentHelp(Setting.trustProxy.helpText))
    var trustProxy: [String] = []

    /// The options given, merged with `environment` and the table's defaults.
    func settings(environment: [String: String]) throws(Settings.Invalid) -> Settings {
        try Settings(
            host: host, port: port, logLevel: logLevel, cacheMB: cacheMb, maxAge: maxAge,
            renderThreads: renderThreads, renderQueue: renderQueue, ioQueues: ioQueues,
            headerTimeout: headerTimeout, idleTimeout: idleTimeout, fontDirectory: fontDir,
            drainSeconds: drainSeconds, logFormat: logFormat, accessLog: accessLog, renderMemoryMB: renderMemoryMb,
            sources: sources, sourceAllow: sourceAllow, sourceDeny: sourceDeny,
            sourceAllowHTTP: sourceAllowHttp, sourceCAFile: sourceCaFile, sourceTTL: sourceTtl,
            maxConnections: maxConnections, clientShare: clientShare, trustProxy: trustProxy,
            environment: environment)
    }

    func run() throws {
        let settings: Settings
        do {
            settings = try self.settings(environment: Environment.current)
        } catch {
            throw ValidationError(error.message)
        }
        do {
            try RingApplication.validate(settings.appConfiguration)
        } catch {
            throw ValidationError("src settings: \(error)")
        }
        #if canImport(Glibc)
        // Blocks of 1 MiB and more (bitmaps, frames, compressed pictures) get pages of their own, returned to the
        // system when freed. glibc's default threshold rises to the size of each large block freed (up to
        // 32 MiB), after which such blocks come from per-thread heaps that keep their pages: four render threads
        // retained ~150 MB beyond the render budget in a burst of 4096 px APNGs.
        // Fixing that threshold also fixes the trim threshold at its default of 128 KiB, so every render of a
        // picture around 256 px gave the pages of its bitmap and rows back as it finished and faulted them in again
        // on the next one (37 page faults per 256 px PNG miss, 3 with the trim threshold at 1 MiB: what a heap keeps
        // free at its top is then at most what its blocks below the mmap threshold can use again).
        // (mallopt lives in <malloc.h>, which Swift's Glibc module leaves out: looked up by name. -3 is
        // M_MMAP_THRESHOLD, -1 M_TRIM_THRESHOLD.)
        if let symbol = dlsym(nil, "mallopt") {
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            _ = mallopt(-3, 1 << 20)
            _ = mallopt(-1, 1 << 20)
        }
        #endif
        let (logLevel, logFormat) = (settings.logLevel, settings.logFormat)
        LoggingSystem.bootstrap { label in logFormat.handler(label: label, level: logLevel) }
        // Buffered lines are written before the process ends, however it ends.
        defer { LogSink.standardError.flush() }
        let logger = Logger(label: "ringd")
        let app = RingApplication(configuration: settings.appConfiguration)
        if app.typeface.fonts == nil {
            logger.warning("\(app.typeface.summary)")
        } else {
            logger.info("\(app.typeface.summary)")
        }
        let server = HTTPServer(configuration: settings.serverConfiguration, responder: app)
        app.observeConnections(of: server)
        do {
            try server.start()
        } catch {
            logger.critical("cannot listen on \(settings.host):\(settings.port): \(error)")
            throw ExitCode.failure
        }
        let address = server.localAddress.map { "\($0)" } ?? "\(settings.host):\(settings.port)"
        logger.info("ringd listening on http://\(address)/", metadata: [
            "port": "\(server.port ?? settings.port)", "cache-mb": "\(settings.cacheMB)",
            "render-threads": "\(settings.renderThreads)", "io-queues": "\(settings.ioQueues)",
            "render-memory-mb": "\(settings.renderMemoryMB)",
        ])
        let drain = HTTPServer.Drain(period: .seconds(settings.drainSeconds)) { [app, logger] in
            app.readiness.beginDraining()
            logger.info("draining: /readyz answers 503; serving on for \(settings.drainSeconds) s before shutting down")
        }
        let signal = try server.runUntilSignalled(drain: drain)
        logger.info("ringd stopped", metadata: ["signal": "\(signal)"])
    }
}

/// Prints generated documentation (the URL reference, or the README's settings table) to standard output.
struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the parameter reference generated from the parameter table (Markdown).")

    @Flag(help: "Print the README's settings table (flags, environment variables, defaults) instead.")
    var settings = false

    func run() {
        print(settings ? Setting.markdown() : ParameterDocs.markdown(), terminator: "")
    }
}

/// Lists the label font files ringd would load, in fallback order, and the badge face (what a container image
/// needs to carry).
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the label font files found (one path per line, in fallback order), then the badge face; exit 1 if none.")

    @Option(name: .customLong(Setting.fontDir.flag), help: ArgumentHelp(Setting.fontDir.helpText))
    var fontDir: String?

    func run() throws {
        let directory: String?
        do {
            directory = try Setting.fontDir.text(fontDir, Environment.current)
        } catch {
            throw ValidationError(error.message)
        }
        let directories = directory.map { [$0] } ?? FontCatalog.systemDirectories
        let paths = FontCatalog.locate(in: directories)
        for path in paths { print(path) }
        // The badge face, loaded only alongside label fonts.
        if !paths.isEmpty, let badge = FontCatalog.locateBadgeFace(in: directories) { print(badge) }
        if paths.isEmpty { throw ExitCode.failure }
    }
}
