#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RingApp

/// The process environment, read in exactly one place.
enum Environment {
    /// Variables ringd reads: the settings table's (flags have the same meaning and win over these).
    static let names = Setting.variables

    static var current: [String: String] {
        var values: [String: String] = [:]
        for name in names {
            if let v = getenv(name) { values[name] = String(cString: v) }
        }
        return values
    }
}
