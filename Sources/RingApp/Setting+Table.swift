import Logging
import RingHTTP
import RingText

/// The settings table: every flag of `ringd serve`, in the order `--help` and the README list them. Defaults are
/// read from the configurations that own them (``AppConfiguration``, `HTTPServer.Configuration`,
/// ``SourceConfiguration``) wherever one does.
extension Setting {
    public static let host = Setting(
        "host", example: "0.0.0.0", ["RINGD_HOST"], .text, default: .value(HTTPServer.Configuration().host),
        help: "address to listen on (IP or host name; `::` for all)")
    public static let port = Setting(
        "port", example: "9090", ["RINGD_PORT", "PORT"], .integer(0...65_535, unit: nil),
        default: .value(String(HTTPServer.Configuration().port)), help: "TCP port; 0 picks a free one")
    public static let logLevel = Setting(
        "log-level", example: "debug", ["RINGD_LOG_LEVEL"], .choice(Logger.Level.allCases.map(\.rawValue)),
        default: .value(Logger.Level.info.rawValue), help: "the lowest level logged")
    public static let cacheMB = Setting(
        "cache-mb", example: "256", ["RINGD_CACHE_MB"], .integer(0...65_536, unit: "MiB"),
        default: .value(String(AppConfiguration.defaultCacheBytes >> 20)),
        help: "MiB of rendered images kept; 0 keeps none",
        details: "Upper bounds here and below only stop typos from taking the machine.")
    public static let maxAge = Setting(
        "max-age", example: "3600", ["RINGD_MAX_AGE"], .integer(0...31_536_000, unit: "seconds"),
        default: .value(String(AppConfiguration().maxAge)),
        help: "seconds in `Cache-Control: public, max-age=N` on images",
        details: "At most a year (RFC 9111 §5.2.2.1 suggests no more).")
    public static let renderThreads = Setting(
        "render-threads", example: "255", ["RINGD_RENDER_THREADS"], .integer(1...256, unit: "threads"),
        default: .computed(String(HTTPServer.Configuration.onlineCPUs), words: "CPUs"),
        help: "threads that draw cache misses")
    public static let renderQueue = Setting(
        "render-queue", example: "128", ["RINGD_RENDER_QUEUE"], .integer(0...100_000, unit: "renders"),
        default: .value(String(AppConfiguration.defaultRenderQueueLimit)),
        help: "misses that may wait for a render thread; then 503",
        details: "/readyz answers 503 from the moment the queue is 3/4 full until it is back to half.")
    public static let ioQueues = Setting(
        "io-queues", example: "129", ["RINGD_IO_QUEUES"], .integer(1...256, unit: "queues"),
        default: .computed(String(HTTPServer.Configuration.defaultIOQueues), words: "CPUs ÷ 2 (at least 1)"),
        help: "serial I/O queues the connections are spread over")
    public static let headerTimeout = Setting(
        "header-timeout", example: "5", ["RINGD_HEADER_TIMEOUT"], .integer(1...3_600, unit: "seconds"),
        default: .value(String(HTTPServer.Configuration().headerTimeout.components.seconds)),
        help: "seconds to receive a request head; then `408`",
        details: "Counted from the request's first byte; short values exist for tests, an hour is plenty.")
    public static let idleTimeout = Setting(
        "idle-timeout", example: "30", ["RINGD_IDLE_TIMEOUT"], .integer(1...3_600, unit: "seconds"),
        default: .value(String(HTTPServer.Configuration().idleTimeout.components.seconds)),
        help: "seconds a kept-alive connection may sit idle")
    public static let fontDir = Setting(
        "font-dir", example: "/srv/fonts", ["RINGD_FONT_DIR"], .text,
        default: .described(FontCatalog.systemDirectories.joined(separator: ", ")),
        help: "label font folder; `ringd fonts` lists what it finds",
        details: "Searched with its subfolders for Inter, Noto Sans and Noto Sans CJK (Bold and Regular), DejaVu Sans for badges, and Droid Sans Fallback where Noto Sans CJK is missing.")
    public static let renderMemoryMB = Setting(
        "render-memory-mb", example: "1024", ["RINGD_RENDER_MEMORY_MB"], .integer(16...1_048_576, unit: "MiB"),
        default: .value(String(AppConfiguration.defaultRenderMemoryBytes >> 20)),
        help: "MiB the renders in flight may hold together",
        details: "A picture whose render alone needs more is refused (400 naming size, scale or animate); others "
            + "wait their turn. At least one 2048 px still PNG.")
    public static let drainSeconds = Setting(
        "drain-seconds", example: "10", ["RINGD_DRAIN_SECONDS"], .integer(0...3_600, unit: "seconds"), default: .value("5"),
        help: "after SIGTERM, seconds of serving on with `/readyz` at 503",
        details: "Then the graceful shutdown, which waits up to \(AppConfiguration.shutdownGraceSeconds) s for the "
            + "responses in flight (the longest render the limits allow); SIGINT, Ctrl-C, stops at once.")
    public static let logFormat = Setting(
        "log-format", example: "json", ["RINGD_LOG_FORMAT"], .choice(LogFormat.allCases.map(\.rawValue)),
        default: .value(LogFormat.text.rawValue), help: "`json`: one object per line",
        details: "text is for people; json lines carry time, level, label, message and fields.")
    public static let accessLog = Setting(
        "access-log", example: "1", ["RINGD_ACCESS_LOG"], .switch, help: "a line per response (a 400: parameter, reason)",
        details: "Fields: method, route, status, bytes, ms, cache (hit, miss, join, busy), render_ms, target (cut to "
            + "256 bytes).")
    public static let sources = Setting(
        "sources", example: "off", ["RINGD_SOURCES"], .onOff, default: .value(SourceConfiguration().enabled ? "on" : "off"),
        help: "`off`: `src=` is refused")
    public static let sourceAllow = Setting(
        "source-allow", example: "10.0.0.0/8", ["RINGD_SOURCE_ALLOW"], .list,
        help: "hosts, addresses or networks `src=` may reach though private",
        details: "Loopback, private, link-local or metadata addresses (comma-separated; repeatable).")
    public static let sourceDeny = Setting(
        "source-deny", example: "evil.example", ["RINGD_SOURCE_DENY"], .list, help: "more hosts, addresses or networks to refuse",
        details: "Comma-separated; repeatable.")
    public static let sourceAllowHTTP = Setting(
        "source-allow-http", example: "1", ["RINGD_SOURCE_ALLOW_HTTP"], .switch, help: "plain `http` sources too",
        details: "For tests and private networks; https only otherwise.")
    public static let sourceCAFile = Setting(
        "source-ca-file", example: "/etc/ssl/ca.pem", ["RINGD_SOURCE_CA_FILE"], .text, help: "PEM of CAs trusted besides the system's")
    public static let sourceTTL = Setting(
        "source-ttl", example: "60", ["RINGD_SOURCE_TTL"], .integer(SourceConfiguration.ttlRange, unit: "seconds"),
        default: .value(String(SourceConfiguration.defaultTTL)), help: "seconds a document without `max-age` is kept",
        details: "With max-age: 60 s…1 day.")
    public static let maxConnections = Setting(
        "max-connections", example: "20000", ["RINGD_MAX_CONNECTIONS"], .integer(8...1_000_000, unit: "connections"),
        default: .value(String(HTTPServer.Configuration().maxConnections)), help: "open connections; then 503",
        details: "Small values exist for tests; the top is far past any process's descriptors.")
    public static let clientShare = Setting(
        "client-share", example: "50", ["RINGD_CLIENT_SHARE"], .integer(1...100, unit: "percent"),
        default: .value(String(AppConfiguration.defaultClientSharePercent)),
        help: "% of the render and `src=` queues and connections one address (IPv6: /64) may hold; then 429",
        details: "Others are served meanwhile; 100: no shares.")
    public static let trustProxy = Setting(
        "trust-proxy", example: "10.0.0.0/8", ["RINGD_TRUST_PROXY"], .list,
        help: "proxies (addresses, CIDR) whose `X-Forwarded-For` names the client",
        details: "Comma-separated; repeatable.")

    /// Every setting, in the order `--help` and the README list them.
    public static let all: [Setting] = [
        host, port, logLevel, cacheMB, maxAge, renderThreads, renderQueue, ioQueues, headerTimeout, idleTimeout,
        fontDir, renderMemoryMB, drainSeconds, logFormat, accessLog, sources, sourceAllow, sourceDeny, sourceAllowHTTP,
        sourceCAFile, sourceTTL, maxConnections, clientShare, trustProxy,
    ]

    /// Every environment variable a setting reads, in table order.
    public static var variables: [String] { all.flatMap(\.variables) }

    /// The README's settings table (Markdown), between markers `scripts/update-readme` replaces it within.
    public static func markdown(_ settings: [Setting] = all) -> String {
        var out = markdownBegin + "\n| flag | environment | default | what |\n|---|---|---|---|\n"
        for setting in settings {
            let variables = setting.variables.map { "`\($0)`" }.joined(separator: ", ")
            let words: String
            switch setting.defaultValue {
            case .value(let text): words = "`\(text)`"
            case .computed(_, let description), .described(let description): words = description
            case .none: words = setting.defaultWords ?? "—"
            }
            out += "| `--\(setting.flag)` | \(variables) | \(words) | \(setting.summary) |\n"
        }
        return out + markdownEnd + "\n"
    }

    static let markdownBegin = "<!-- BEGIN SETTINGS (generated by scripts/update-readme; do not edit) -->"
    static let markdownEnd = "<!-- END SETTINGS -->"
}
