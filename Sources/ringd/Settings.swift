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
    ]

    static var current: [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let v = getenv(name) { values[name] = String(cString: v) }
        }
        return values
    }
}
