import Logging
import RingFetch
import RingHTTP

/// Flags merged with their environment twins and validated through the settings table (``Setting``): a flag wins
/// over the environment, which wins over the table's default. Invalid values refuse to start with a message naming
/// the flag and its variables.
public struct Settings: Sendable, Equatable {
    public var host: String
    public var port: Int
    public var logLevel: Logger.Level
    /// `--cache-mb`: MiB of rendered images kept in memory; 0 keeps none.
    public var cacheMB: Int
    /// `--max-age`: seconds in `Cache-Control: public, max-age=…`.
    public var maxAge: Int
    /// `--render-threads`: threads that render cache misses.
    public var renderThreads: Int
    /// `--render-queue`: renders that may wait for a thread before requests get 503.
    public var renderQueue: Int
    /// `--io-queues`: serial Dispatch queues the connections are spread over.
    public var ioQueues: Int
    /// `--header-timeout`: seconds from a request's first byte to the end of its head (then 408 and close).
    public var headerTimeout: Int
    /// `--idle-timeout`: seconds a kept-alive connection may wait for its next request before it is closed.
    public var idleTimeout: Int
    /// `--font-dir`: folder searched for the label fonts instead of the system's (nil: the system's).
    public var fontDirectory: String?
    /// `--drain-seconds`: after SIGTERM, seconds of serving on with `/readyz` at 503 before the shutdown begins.
    public var drainSeconds: Int
    /// `--render-memory-mb`: MiB the renders in flight may hold together.
    public var renderMemoryMB: Int
    /// `--log-format`: text for people, json (one object per line) for log shippers.
    public var logFormat: LogFormat
    /// `--access-log`: one line per response.
    public var accessLog: Bool
    /// `--sources on|off`: whether `src` documents are fetched at all.
    public var sources: Bool
    /// `--source-allow` (repeatable, comma-separated): host names, addresses or CIDR networks reachable although
    /// loopback, private or link-local.
    public var sourceAllow: [String]
    /// `--source-deny` (repeatable, comma-separated): more host names, addresses or networks to refuse.
    public var sourceDeny: [String]
    /// `--source-allow-http`: plain http URLs too.
    public var sourceAllowHTTP: Bool
    /// `--source-ca-file`: extra trusted CA certificates (PEM).
    public var sourceCAFile: String?
    /// `--source-ttl`: seconds a document without `Cache-Control: max-age` is kept.
    public var sourceTTL: Int
    /// `--max-connections`: open connections above which new ones get 503.
    public var maxConnections: Int
    /// `--client-share`: percent of the render queue, the fetch queue and the connections one client may hold.
    public var clientShare: Int
    /// `--trust-proxy` (repeatable, comma-separated): addresses or CIDR networks of proxies whose
    /// `X-Forwarded-For` names the client.
    public var trustProxy: [IPNetwork] = []

    /// A value that cannot be used; `message` names the flag and its environment variable.
    public struct Invalid: Error, Equatable {
        public let message: String
    }

    /// Merges flag values (nil, false or empty when absent) with `environment` (the process environment's
    /// variables of the table) and the table's defaults.
    public init(
        host: String? = nil, port: Int? = nil, logLevel: String? = nil, cacheMB: Int? = nil, maxAge: Int? = nil,
        renderThreads: Int? = nil, renderQueue: Int? = nil, ioQueues: Int? = nil, headerTimeout: Int? = nil,
        idleTimeout: Int? = nil, fontDirectory: String? = nil, drainSeconds: Int? = nil, logFormat: String? = nil,
        accessLog: Bool = false, renderMemoryMB: Int? = nil, sources: String? = nil, sourceAllow: [String] = [],
        sourceDeny: [String] = [], sourceAllowHTTP: Bool = false, sourceCAFile: String? = nil, sourceTTL: Int? = nil,
        maxConnections: Int? = nil, clientShare: Int? = nil, trustProxy: [String] = [],
        environment: [String: String]
    ) throws(Invalid) {
        let env = environment
        /// A number the table gives a default, so there is always one.
        func number(_ setting: Setting, _ flag: Int?) throws(Invalid) -> Int {
            guard let value = try setting.integer(flag, env) else { preconditionFailure("--\(setting.flag) has no default") }
            return value
        }
        self.host = try Setting.host.text(host, env) ?? ""
        self.port = try number(Setting.port, port)
        guard let level = try Setting.logLevel.choice(logLevel, env, as: Logger.Level.self),
              let format = try Setting.logFormat.choice(logFormat, env, as: LogFormat.self)
        else { preconditionFailure("--log-level and --log-format have defaults") }
        (self.logLevel, self.logFormat) = (level, format)
        self.cacheMB = try number(Setting.cacheMB, cacheMB)
        self.maxAge = try number(Setting.maxAge, maxAge)
        self.renderThreads = try number(Setting.renderThreads, renderThreads)
        self.renderQueue = try number(Setting.renderQueue, renderQueue)
        self.ioQueues = try number(Setting.ioQueues, ioQueues)
        self.headerTimeout = try number(Setting.headerTimeout, headerTimeout)
        self.idleTimeout = try number(Setting.idleTimeout, idleTimeout)
        self.fontDirectory = try Setting.fontDir.text(fontDirectory, env)
        self.drainSeconds = try number(Setting.drainSeconds, drainSeconds)
        self.renderMemoryMB = try number(Setting.renderMemoryMB, renderMemoryMB)
        self.accessLog = try Setting.accessLog.isOn(accessLog ? "1" : nil, env)
        self.sources = try Setting.sources.isOn(sources, env)
        self.sourceAllow = Setting.sourceAllow.list(sourceAllow, env)
        self.sourceDeny = Setting.sourceDeny.list(sourceDeny, env)
        self.sourceAllowHTTP = try Setting.sourceAllowHTTP.isOn(sourceAllowHTTP ? "1" : nil, env)
        self.sourceCAFile = try Setting.sourceCAFile.text(sourceCAFile, env)
        self.sourceTTL = try number(Setting.sourceTTL, sourceTTL)
        self.maxConnections = try number(Setting.maxConnections, maxConnections)
        self.clientShare = try number(Setting.clientShare, clientShare)
        for entry in Setting.trustProxy.list(trustProxy, env).flatMap({ $0.split(separator: ",") }) {
            let text = entry.trimmingCharacters(in: " \t")
            guard let network = IPNetwork(text) else {
                throw Invalid(message: "\(Setting.trustProxy.names) takes IP addresses or CIDR networks, got \(text)")
            }
            self.trustProxy.append(network)
        }
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
}
