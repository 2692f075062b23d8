#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process environment, read in exactly one place.
enum Environment {
    /// Variables ringd reads (flags have the same meaning and win over these).
    static let names = [
        "RINGD_HOST", "RINGD_PORT", "PORT", "RINGD_LOG_LEVEL", "RINGD_CACHE_MB", "RINGD_MAX_AGE",
        "RINGD_RENDER_THREADS", "RINGD_RENDER_QUEUE", "RINGD_IO_QUEUES", "RINGD_HEADER_TIMEOUT",
        "RINGD_IDLE_TIMEOUT", "RINGD_FONT_DIR",
        "RINGD_DRAIN_SECONDS", "RINGD_LOG_FORMAT", "RINGD_ACCESS_LOG", "RINGD_RENDER_MEMORY_MB",
        "RINGD_SOURCES", "RINGD_SOURCE_ALLOW", "RINGD_SOURCE_DENY", "RINGD_SOURCE_ALLOW_HTTP", "RINGD_SOURCE_CA_FILE",
        "RINGD_SOURCE_TTL", "RINGD_MAX_CONNECTIONS", "RINGD_CLIENT_SHARE", "RINGD_TRUST_PROXY",
    ]

    static var current: [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let v = getenv(name) { values[name] = String(cString: v) }
        }
        return values
    }
}
