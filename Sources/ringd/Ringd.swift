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
            Every option also reads an environment variable when the flag is absent: \
            RINGD_HOST, RINGD_PORT (or PORT), RINGD_LOG_LEVEL, RINGD_CACHE_MB, RINGD_MAX_AGE, \
            RINGD_RENDER_THREADS, RINGD_RENDER_QUEUE, RINGD_IO_QUEUES, RINGD_HEADER_TIMEOUT, RINGD_IDLE_TIMEOUT, \
            RINGD_FONT_DIR, RINGD_DRAIN_SECONDS, RINGD_LOG_FORMAT, RINGD_ACCESS_LOG, RINGD_RENDER_MEMORY_MB, \
            RINGD_SOURCES, RINGD_SOURCE_ALLOW, RINGD_SOURCE_DENY, RINGD_SOURCE_ALLOW_HTTP, RINGD_SOURCE_CA_FILE, \
            RINGD_SOURCE_TTL. \
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

    @Option(help: "Address to listen on: an IPv4 or IPv6 address or a host name. [env: RINGD_HOST] (default: 127.0.0.1)")
    var host: String?

    @Option(parsing: .unconditional, help: "TCP port; 0 picks a free one. [env: RINGD_PORT, PORT] (default: 8080)")
    var port: Int?

    @Option(help: "trace, debug, info, notice, warning, error or critical. [env: RINGD_LOG_LEVEL] (default: info)")
    var logLevel: String?

    @Option(parsing: .unconditional, help: "MiB of rendered images kept in memory (0 keeps none). [env: RINGD_CACHE_MB] (default: 64)")
    var cacheMb: Int?

    @Option(parsing: .unconditional, help: "Seconds in Cache-Control: public, max-age=N on images. [env: RINGD_MAX_AGE] (default: 86400)")
    var maxAge: Int?

    @Option(parsing: .unconditional, help: "Threads that render cache misses. [env: RINGD_RENDER_THREADS] (default: number of CPUs)")
    var renderThreads: Int?

    @Option(parsing: .unconditional, help: "Renders that may wait for a thread; beyond it requests get 503 + Retry-After, and /readyz answers 503 from the moment the queue is 3/4 full until it is back to half. [env: RINGD_RENDER_QUEUE] (default: 64)")
    var renderQueue: Int?

    @Option(parsing: .unconditional, help: "Serial I/O queues the connections are spread over. [env: RINGD_IO_QUEUES] (default: one per two CPUs, at least 1)")
    var ioQueues: Int?

    @Option(parsing: .unconditional, help: "Seconds from a request's first byte to the end of its head; then 408 and close. [env: RINGD_HEADER_TIMEOUT] (default: 10)")
    var headerTimeout: Int?

    @Option(parsing: .unconditional, help: "Seconds a kept-alive connection may wait for its next request. [env: RINGD_IDLE_TIMEOUT] (default: 15)")
    var idleTimeout: Int?

    @Option(help: "Folder (with subfolders) holding the label fonts: Inter, Noto Sans, Noto Sans CJK (Bold and Regular). [env: RINGD_FONT_DIR] (default: /usr/share/fonts)")
    var fontDir: String?

    @Option(parsing: .unconditional, help: "After SIGTERM: seconds of serving on with /readyz answering 503, then the graceful shutdown, which waits up to \(AppConfiguration.shutdownGraceSeconds) s for the responses in flight (the longest render the limits allow); SIGINT, Ctrl-C, stops at once. [env: RINGD_DRAIN_SECONDS] (default: 5)")
    var drainSeconds: Int?

    @Option(parsing: .unconditional, help: "MiB the renders in flight may hold together; a picture whose render alone needs more is refused (400 naming size, scale or animate), others wait their turn. [env: RINGD_RENDER_MEMORY_MB] (default: 512)")
    var renderMemoryMb: Int?

    @Option(help: "text (for people) or json (one object per line: time, level, label, message and fields). [env: RINGD_LOG_FORMAT] (default: text)")
    var logFormat: String?

    @Flag(help: "Log one line per response: method, route, status, bytes, ms, cache (hit, miss, join, busy), render_ms, target (cut to 256 bytes). [env: RINGD_ACCESS_LOG=1]")
    var accessLog = false

    @Option(help: "on or off: whether src= URLs of JSON documents are fetched. [env: RINGD_SOURCES] (default: on)")
    var sources: String?

    @Option(help: "Host names, addresses or CIDR networks src= may reach although loopback, private, link-local or metadata (comma-separated; repeatable). [env: RINGD_SOURCE_ALLOW]")
    var sourceAllow: [String] = []

    @Option(help: "More host names, addresses or CIDR networks src= must not reach (comma-separated; repeatable). [env: RINGD_SOURCE_DENY]")
    var sourceDeny: [String] = []

    @Flag(help: "Let src= use plain http (tests, private networks); https only otherwise. [env: RINGD_SOURCE_ALLOW_HTTP=1]")
    var sourceAllowHttp = false

    @Option(help: "PEM file of CA certificates trusted for src= besides the system's. [env: RINGD_SOURCE_CA_FILE]")
    var sourceCaFile: String?

    @Option(parsing: .unconditional, help: "Seconds a src= document without Cache-Control: max-age is kept (1…86400; with max-age: 60 s…1 day). [env: RINGD_SOURCE_TTL] (default: 300)")
    var sourceTtl: Int?

    @Option(parsing: .unconditional, help: "Open connections above which new ones get 503. [env: RINGD_MAX_CONNECTIONS] (default: 10000)")
    var maxConnections: Int?

    @Option(parsing: .unconditional, help: "Percent of the render queue, the src= fetch queue and --max-connections one client (an address, an IPv6 /64) may hold; over it that client gets 429 while others are served (1…100; 100: no shares). [env: RINGD_CLIENT_SHARE] (default: 25)")
    var clientShare: Int?

    @Option(help: "Addresses or CIDR networks of proxies in front of ringd: from them, X-Forwarded-For names the client (comma-separated; repeatable). [env: RINGD_TRUST_PROXY]")
    var trustProxy: [String] = []

    func run() throws {
        let settings: Settings
        do {
            settings = try Settings(
                host: host, port: port, logLevel: logLevel, cacheMB: cacheMb, maxAge: maxAge,
                renderThreads: renderThreads, renderQueue: renderQueue, ioQueues: ioQueues,
                headerTimeout: headerTimeout, idleTimeout: idleTimeout, fontDirectory: fontDir,
                drainSeconds: drainSeconds, logFormat: logFormat, accessLog: accessLog ? true : nil, renderMemoryMB: renderMemoryMb,
                sources: sources, sourceAllow: sourceAllow, sourceDeny: sourceDeny,
                sourceAllowHTTP: sourceAllowHttp ? true : nil, sourceCAFile: sourceCaFile, sourceTTL: sourceTtl,
                maxConnections: maxConnections, clientShare: clientShare, trustProxy: trustProxy,
                environment: Environment.current)
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

/// Prints generated documentation (the README's parameter reference) to standard output.
struct Docs: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the parameter reference generated from the parameter table (Markdown).")

    func run() {
        print(ParameterDocs.markdown(), terminator: "")
    }
}

/// Lists the label font files ringd would load, in fallback order, and the badge face (what a container image
/// needs to carry).
struct Fonts: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Print the label font files found (one path per line, in fallback order), then the badge face; exit 1 if none.")

    @Option(help: "Folder to search instead of the system's font folders. [env: RINGD_FONT_DIR]")
    var fontDir: String?

    func run() throws {
        let directory = fontDir ?? Environment.current["RINGD_FONT_DIR"]
        let directories = directory.map { [$0] } ?? FontCatalog.systemDirectories
        let paths = FontCatalog.locate(in: directories)
        for path in paths { print(path) }
        // The badge face, loaded only alongside label fonts.
        if !paths.isEmpty, let badge = FontCatalog.locateBadgeFace(in: directories) { print(badge) }
        if paths.isEmpty { throw ExitCode.failure }
    }
}
