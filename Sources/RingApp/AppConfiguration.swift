import RingFetch
import RingHTTP

/// Settings of the application layer (the HTTP server has its own configuration).
public struct AppConfiguration: Sendable, Hashable {
    /// Default of ``cacheBytes``: 64 MiB (`--cache-mb 64`).
    public static let defaultCacheBytes = 64 << 20
    /// Default of ``renderQueueLimit``: enough to absorb a burst of page loads, short enough that a
    /// queued render starts within a fraction of a second on a few cores.
    public static let defaultRenderQueueLimit = 64

    /// `Cache-Control: public, max-age=…` seconds on images. Default: 86 400 (a day).
    public var maxAge: Int
    /// `Cache-Control: max-age=…` seconds on error images, and how long ringd keeps them (short: the URL
    /// is likely being fixed). Default: 60.
    public var errorMaxAge: Int
    /// Bytes the image cache may hold (bodies, gzip copies, prepared headers); error images and the
    /// URL aliases get a sixteenth of it each on top. Default: ``defaultCacheBytes``.
    public var cacheBytes: Int
    /// Render threads. Default: the number of online CPUs.
    public var renderThreads: Int
    /// Renders that may wait for a thread before requests get 503 (a cheap and a heavy lane of this length each).
    /// Default: ``defaultRenderQueueLimit``.
    public var renderQueueLimit: Int
    /// Folder searched for the label fonts (with its subfolders) instead of the system's font folders
    /// (`--font-dir`). Default: nil.
    public var fontDirectory: String?
    /// Bytes the renders in flight may hold together (`--render-memory-mb`); a render whose estimate alone is
    /// over it is refused. Default: ``defaultRenderMemoryBytes``.
    public var renderMemoryBytes: Int
    /// 512 MiB: one 4096 × 4096 px APNG (about 270 MB) at a time, or dozens of ordinary pictures.
    public static let defaultRenderMemoryBytes = 512 << 20
    /// Seconds the slowest render the limits allow takes (a 4096 × 4096 px, 60-frame APNG at the render budget:
    /// about 29 s in a release build on the reference machine, issue 38), rounded up.
    public static let longestRenderSeconds = 30
    /// Seconds a shutdown waits for the responses in flight (after the drain): the longest render and the time to
    /// send its answer, so SIGTERM never cuts a render the limits allow.
    public static let shutdownGraceSeconds = longestRenderSeconds + 3

    /// `--access-log`: a log line per response. Default: off.
    public var accessLog: Bool
    /// The format of those lines (`--log-format`). Default: text.
    public var logFormat: LogFormat
    /// `src` documents (`--sources`, `--source-*`). Default: on, https to public addresses only.
    public var sources: SourceConfiguration
    /// `--client-share`: percent of the render queue, of the `src` fetch queue and of the connection cap one client
    /// (an address, an IPv6 /64) may hold; over it that client gets 429 while others are served. 100: no shares.
    /// Default: ``defaultClientSharePercent``.
    public var clientSharePercent: Int
    /// A quarter: four clients at their share fill a queue, and one cannot hold it.
    public static let defaultClientSharePercent = 25
    /// `--trust-proxy`: the proxies whose `X-Forwarded-For` names the client. Default: none.
    public var trustedProxies: [IPNetwork]

    public init(
        maxAge: Int = 86_400, errorMaxAge: Int = 60, cacheBytes: Int = AppConfiguration.defaultCacheBytes,
        renderThreads: Int = HTTPServer.Configuration.onlineCPUs,
        renderQueueLimit: Int = AppConfiguration.defaultRenderQueueLimit, fontDirectory: String? = nil,
        accessLog: Bool = false, logFormat: LogFormat = .text,
        renderMemoryBytes: Int = AppConfiguration.defaultRenderMemoryBytes,
        sources: SourceConfiguration = SourceConfiguration(),
        clientSharePercent: Int = AppConfiguration.defaultClientSharePercent, trustedProxies: [IPNetwork] = []
    ) {
        self.clientSharePercent = clientSharePercent
        self.trustedProxies = trustedProxies
        self.sources = sources
        self.renderMemoryBytes = renderMemoryBytes
        self.logFormat = logFormat
        self.fontDirectory = fontDirectory
        self.accessLog = accessLog
        self.maxAge = maxAge
        self.errorMaxAge = errorMaxAge
        self.cacheBytes = cacheBytes
        self.renderThreads = renderThreads
        self.renderQueueLimit = renderQueueLimit
    }
}
