import Logging
import RingFetch
import RingHTTP

/// Flags merged with their environment twins and validated: a flag wins over the environment, which wins
/// over the default. Invalid values refuse to start with a message naming the flag and its variable.
public struct Settings: Sendable, Equatable {
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    public var logLevel: Logger.Level = .info
    /// `--cache-mb`: MiB of rendered images kept in memory; 0 keeps none.
    public var cacheMB: Int = AppConfiguration.defaultCacheBytes >> 20
    /// `--max-age`: seconds in `Cache-Control: public, max-age=…`.
    public var maxAge: Int = 86_400
    /// `--render-threads`: threads that render cache misses.
    public var renderThreads: Int = HTTPServer.Configuration.onlineCPUs
    /// `--render-queue`: renders that may wait for a thread before requests get 503.
    public var renderQueue: Int = AppConfiguration.defaultRenderQueueLimit
    /// `--io-queues`: serial Dispatch queues the connections are spread over (default: one per two CPUs).
    public var ioQueues: Int = HTTPServer.Configuration.defaultIOQueues
    /// `--header-timeout`: seconds from a request's first byte to the end of its head (then 408 and close).
    public var headerTimeout: Int = Self.seconds(HTTPServer.Configuration().headerTimeout)
    /// `--idle-timeout`: seconds a kept-alive connection may wait for its next request before it is closed.
    public var idleTimeout: Int = Self.seconds(HTTPServer.Configuration().idleTimeout)
    /// `--font-dir`: folder searched for the label fonts instead of the system's (nil: the system's).
    public var fontDirectory: String?
    /// `--drain-seconds`: after SIGTERM, seconds of serving on with `/readyz` at 503 before the shutdown begins.
    public var drainSeconds: Int = 5
    /// `--render-memory-mb`: MiB the renders in flight may hold together.
    public var renderMemoryMB: Int = AppConfiguration.defaultRenderMemoryBytes >> 20
    /// `--log-format`: text for people, json (one object per line) for log shippers.
    public var logFormat: LogFormat = .text
    /// `--access-log`: one line per response.
    public var accessLog: Bool = false
    /// `--sources on|off`: whether `src` documents are fetched at all.
    public var sources: Bool = true
    /// `--source-allow` (repeatable, comma-separated): host names, addresses or CIDR networks reachable although
    /// loopback, private or link-local.
    public var sourceAllow: [String] = []
    /// `--source-deny` (repeatable, comma-separated): more host names, addresses or networks to refuse.
    public var sourceDeny: [String] = []
    /// `--source-allow-http`: plain http URLs too.
    public var sourceAllowHTTP: Bool = false
    /// `--source-ca-file`: extra trusted CA certificates (PEM).
    public var sourceCAFile: String?
    /// `--source-ttl`: seconds a document without `Cache-Control: max-age` is kept.
    public var sourceTTL: Int = SourceConfiguration.defaultTTL
    /// `--max-connections`: open connections above which new ones get 503.
    public var maxConnections: Int = HTTPServer.Configuration().maxConnections
    /// `--client-share`: percent of the render queue, the fetch queue and the connections one client may hold.
    public var clientShare: Int = AppConfiguration.defaultClientSharePercent
    /// `--trust-proxy` (repeatable, comma-separated): addresses or CIDR networks of proxies whose
    /// `X-Forwarded-For` names the client.
    public var trustProxy: [IPNetwork] = []

    /// Accepted ranges. Upper bounds only stop typos (`--cache-mb 640000`) from taking the machine.
    public enum Limits {
        public static let cacheMB = 0...65_536
        /// Up to a year (RFC 9111 §5.2.2.1 suggests no more).
        public static let maxAge = 0...31_536_000
        public static let renderThreads = 1...256
        public static let renderQueue = 0...100_000
        public static let ioQueues = 1...256
        /// Whole seconds; short values exist for tests (scripts/check/slow-clients.py), an hour is plenty.
        public static let headerTimeout = 1...3_600
        public static let idleTimeout = 1...3_600
        /// At least one 2048 px still PNG; at most what any machine has.
        public static let renderMemoryMB = 16...1_048_576
        /// 0 shuts down at once; an hour is longer than any orchestrator waits.
        public static let drainSeconds = 0...3_600
        /// A second (tests) to a day.
        public static let sourceTTL = SourceConfiguration.ttlRange
        /// Small values exist for tests (scripts/check/fairness.py); the top is far past any process's descriptors.
        public static let maxConnections = 8...1_000_000
        public static let clientShare = 1...100
    }

    /// A value that cannot be used; `message` names the flag and its environment variable.
    public struct Invalid: Error, Equatable {
        public let message: String
    }

    /// Merges flag values (nil when absent) with `environment` (the process environment's relevant variables).
    public init(
        host: String?, port: Int?, logLevel: String?, cacheMB: Int? = nil, maxAge: Int? = nil,
        renderThreads: Int? = nil, renderQueue: Int? = nil, ioQueues: Int? = nil, headerTimeout: Int? = nil,
        idleTimeout: Int? = nil, fontDirectory: String? = nil, drainSeconds: Int? = nil, logFormat: String? = nil,
        accessLog: Bool? = nil, renderMemoryMB: Int? = nil, sources: String? = nil, sourceAllow: [String] = [],
        sourceDeny: [String] = [], sourceAllowHTTP: Bool? = nil, sourceCAFile: String? = nil, sourceTTL: Int? = nil,
        maxConnections: Int? = nil, clientShare: Int? = nil, trustProxy: [String] = [],
        environment: [String: String]
    ) throws(Invalid) {
        let proxies = trustProxy.isEmpty ? environment["RINGD_TRUST_PROXY"].map { [$0] } ?? [] : trustProxy
        for entry in proxies.flatMap({ $0.split(separator: ",") }) {
            let text = entry.trimmingCharacters(in: " \t")
            guard let network = IPNetwork(text) else {
                throw Invalid(message: "--trust-proxy (RINGD_TRUST_PROXY) takes IP addresses or CIDR networks, got \(text)")
            }
            self.trustProxy.append(network)
        }
        if let text = sources ?? environment["RINGD_SOURCES"] {
            switch text.lowercased() {
            case "on", "1", "true", "yes": self.sources = true
            case "off", "0", "false", "no": self.sources = false
            default: throw Invalid(message: "--sources (RINGD_SOURCES) must be on or off, got \(text)")
            }
        }
        self.sourceAllow = sourceAllow.isEmpty ? environment["RINGD_SOURCE_ALLOW"].map { [$0] } ?? [] : sourceAllow
        self.sourceDeny = sourceDeny.isEmpty ? environment["RINGD_SOURCE_DENY"].map { [$0] } ?? [] : sourceDeny
        self.sourceAllowHTTP = try Self.switchValue(sourceAllowHTTP, "RINGD_SOURCE_ALLOW_HTTP", environment)
            ?? self.sourceAllowHTTP
        if let file = sourceCAFile ?? environment["RINGD_SOURCE_CA_FILE"] {
            guard !file.isEmpty else { throw Invalid(message: "--source-ca-file (RINGD_SOURCE_CA_FILE) must not be empty") }
            self.sourceCAFile = file
        }
        self.sourceTTL = try Self.integer(sourceTTL, "--source-ttl", "RINGD_SOURCE_TTL", environment, Limits.sourceTTL,
                                          "seconds") ?? self.sourceTTL
        if let f = logFormat ?? environment["RINGD_LOG_FORMAT"] {
            guard let format = LogFormat(rawValue: f.lowercased()) else {
                throw Invalid(message: "--log-format (RINGD_LOG_FORMAT) must be text or json, got \(f)")
            }
            self.logFormat = format
        }
        self.accessLog = try Self.switchValue(accessLog, "RINGD_ACCESS_LOG", environment) ?? self.accessLog
        if let dir = fontDirectory ?? environment["RINGD_FONT_DIR"] {
            guard !dir.isEmpty else { throw Invalid(message: "--font-dir (RINGD_FONT_DIR) must not be empty") }
            self.fontDirectory = dir
        }
        if let h = host ?? environment["RINGD_HOST"] {
            guard !h.isEmpty else { throw Invalid(message: "--host (RINGD_HOST) must not be empty") }
            self.host = h
        }
        if let p = port {
            self.port = p
        } else if let (name, text) = [("RINGD_PORT", environment["RINGD_PORT"]), ("PORT", environment["PORT"])]
            .first(where: { $0.1 != nil }).map({ ($0.0, $0.1!) }) {
            guard let p = Int(text) else { throw Invalid(message: "\(name)=\(text) is not a port number (0…65535)") }
            self.port = p
        }
        guard (0...65_535).contains(self.port) else {
            throw Invalid(message: "--port (RINGD_PORT, PORT) must be 0…65535, got \(self.port)")
        }
        if let l = logLevel ?? environment["RINGD_LOG_LEVEL"] {
            guard let level = Logger.Level(rawValue: l.lowercased()) else {
                throw Invalid(message: "--log-level (RINGD_LOG_LEVEL) must be one of "
                    + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + ", got \(l)")
            }
            self.logLevel = level
        }
        let env = environment
        self.cacheMB = try Self.integer(cacheMB, "--cache-mb", "RINGD_CACHE_MB", env, Limits.cacheMB, "MiB") ?? self.cacheMB
        self.maxAge = try Self.integer(maxAge, "--max-age", "RINGD_MAX_AGE", env, Limits.maxAge, "seconds") ?? self.maxAge
        self.renderThreads = try Self.integer(renderThreads, "--render-threads", "RINGD_RENDER_THREADS", env,
                                              Limits.renderThreads, "threads") ?? self.renderThreads
        self.renderQueue = try Self.integer(renderQueue, "--render-queue", "RINGD_RENDER_QUEUE", env,
                                            Limits.renderQueue, "renders") ?? self.renderQueue
        self.ioQueues = try Self.integer(ioQueues, "--io-queues", "RINGD_IO_QUEUES", env, Limits.ioQueues, "queues")
            ?? self.ioQueues
        self.headerTimeout = try Self.integer(headerTimeout, "--header-timeout", "RINGD_HEADER_TIMEOUT", env,
                                              Limits.headerTimeout, "seconds") ?? self.headerTimeout
        self.idleTimeout = try Self.integer(idleTimeout, "--idle-timeout", "RINGD_IDLE_TIMEOUT", env,
                                            Limits.idleTimeout, "seconds") ?? self.idleTimeout
        self.renderMemoryMB = try Self.integer(renderMemoryMB, "--render-memory-mb", "RINGD_RENDER_MEMORY_MB", env,
                                               Limits.renderMemoryMB, "MiB") ?? self.renderMemoryMB
        self.maxConnections = try Self.integer(maxConnections, "--max-connections", "RINGD_MAX_CONNECTIONS", env,
                                               Limits.maxConnections, "connections") ?? self.maxConnections
        self.clientShare = try Self.integer(clientShare, "--client-share", "RINGD_CLIENT_SHARE", env, Limits.clientShare,
                                            "percent") ?? self.clientShare
        self.drainSeconds = try Self.integer(drainSeconds, "--drain-seconds", "RINGD_DRAIN_SECONDS", env,
                                             Limits.drainSeconds, "seconds") ?? self.drainSeconds
    }

    /// An on/off flag (`--access-log`: given or not) or, when absent, its variable (`1`/`0`, `true`/`false`, …);
    /// nil when neither is given.
    private static func switchValue(_ flag: Bool?, _ variable: String, _ environment: [String: String]) throws(Invalid) -> Bool? {
        if let flag { return flag }
        guard let text = environment[variable] else { return nil }
        switch text.lowercased() {
        case "1", "true", "on", "yes": return true
        case "0", "false", "off", "no", "": return false
        default: throw Invalid(message: "\(variable) must be 1 or 0 (true or false), got \(text)")
        }
    }

    /// The flag's value, else its variable's, checked against `range`; nil when neither is given.
    private static func integer(
        _ flag: Int?, _ flagName: String, _ variable: String, _ environment: [String: String],
        _ range: ClosedRange<Int>, _ unit: String
    ) throws(Invalid) -> Int? {
        let expectation = "\(flagName) (\(variable)) must be a whole number of \(unit) in \(range.lowerBound)…\(range.upperBound)"
        let value: Int
        if let flag {
            value = flag
        } else if let text = environment[variable] {
            guard let parsed = Int(text.trimmingCharacters(in: " \t")) else {
                throw Invalid(message: "\(expectation), got \(variable)=\(text)")
            }
            value = parsed
        } else {
            return nil
        }
        guard range.contains(value) else { throw Invalid(message: "\(expectation); \(value) is out of range") }
        return value
    }

    /// The application layer's configuration these settings describe.
    public var appConfiguration: AppConfiguration {
        AppConfiguration(
            maxAge: maxAge, cacheBytes: cacheMB << 20, renderThreads: renderThreads, renderQueueLimit: renderQueue,
            fontDirectory: fontDirectory, accessLog: accessLog, logFormat: logFormat,
            renderMemoryBytes: renderMemoryMB << 20,
            sources: SourceConfiguration(
                enabled: sources, allowHTTP: sourceAllowHTTP, allow: sourceAllow, deny: sourceDeny, caFile: sourceCAFile,
                ttlSeconds: sourceTTL),
            clientSharePercent: clientShare, trustedProxies: trustProxy)
    }

    /// The HTTP server's configuration these settings describe.
    public var serverConfiguration: HTTPServer.Configuration {
        HTTPServer.Configuration(
            host: host, port: port, ioQueues: ioQueues, headerTimeout: .seconds(headerTimeout),
            idleTimeout: .seconds(idleTimeout), shutdownGracePeriod: .seconds(AppConfiguration.shutdownGraceSeconds),
            maxConnections: maxConnections,
            maxConnectionsPerClient: ClientShares(trustedProxies: trustProxy, percent: clientShare).share(of: maxConnections),
            isUnlimitedClient: { [proxies = trustProxy] peer in
                ClientShares(trustedProxies: proxies, percent: 100).isTrustedProxy(peer)
            })
    }

    /// Whole seconds of a default duration.
    private static func seconds(_ duration: Duration) -> Int { Int(duration.components.seconds) }
}
