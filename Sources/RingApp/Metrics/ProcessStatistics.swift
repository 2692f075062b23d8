#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The process figures Prometheus client libraries export under `process_*` (CPU time, resident memory, file
/// descriptors, start time), read at scrape time from Linux's `/proc/self` and `getrlimit`. A figure that cannot be
/// read (another system, a restricted `/proc`) is nil and its series is left out rather than reported as 0.
struct ProcessStatistics: Sendable {
    /// User and system CPU time, in seconds.
    var cpuSeconds: Double?
    /// Resident set size, in bytes.
    var residentBytes: Double?
    /// Open file descriptors.
    var openFDs: Int?
    /// The soft limit on open file descriptors (`RLIMIT_NOFILE`).
    var maxFDs: Int?
    /// When the process started, in seconds since the Unix epoch.
    var startTimeSeconds: Double?

    /// The figures now.
    static func current() -> ProcessStatistics {
        var stats = ProcessStatistics()
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        if let fields = statFields(), fields.count > 21, ticks > 0 {
            // Fields after the command name (which may hold spaces, so it was cut off): state is field 3, utime 14,
            // stime 15, starttime 22 (proc(5)); here index 0 is field 3.
            if let user = Double(fields[11]), let system = Double(fields[12]) {
                stats.cpuSeconds = (user + system) / ticks
            }
            if let start = Double(fields[19]), let boot = bootTime {
                stats.startTimeSeconds = boot + start / ticks
            }
        }
        if let statm = read("/proc/self/statm")?.split(separator: " "), statm.count > 1, let pages = Double(statm[1]) {
            stats.residentBytes = pages * Double(sysconf(Int32(_SC_PAGESIZE)))
        }
        stats.openFDs = countOpenFDs()
        var limit = rlimit()
        #if canImport(Glibc)
        let resource = __rlimit_resource_t(RLIMIT_NOFILE.rawValue)
        #else
        let resource = RLIMIT_NOFILE
        #endif
        if getrlimit(resource, &limit) == 0 {
            // RLIM_INFINITY is all ones: clamped to Int.max.
            stats.maxFDs = Int(clamping: limit.rlim_cur)
        }
        return stats
    }

    /// `/proc/self/stat` after the `(command)` field, split at spaces.
    private static func statFields() -> [Substring]? {
        guard let text = read("/proc/self/stat"), let close = text.lastIndex(of: ")") else { return nil }
        return text[text.index(after: close)...].split(separator: " ")
    }

    /// Boot time in seconds since the epoch (`btime` in `/proc/stat`); it does not change, so read once.
    private static let bootTime: Double? = {
        guard let text = read("/proc/stat") else { return nil }
        for line in text.split(separator: "\n") where line.hasPrefix("btime ") {
            return Double(line.dropFirst(6).trimmingCharacters(in: " "))
        }
        return nil
    }()

    /// Entries of `/proc/self/fd` (the descriptor used to list it included, as other exporters count).
    private static func countOpenFDs() -> Int? {
        guard let dir = opendir("/proc/self/fd") else { return nil }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            let isDot = withUnsafeBytes(of: entry.pointee.d_name) { $0.first == UInt8(ascii: ".") }
            if !isDot { count += 1 }
        }
        return count
    }

    /// A small text file's contents (the `/proc` files above are a few hundred bytes).
    private static func read(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes += buffer[..<n]
        }
        return bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}
