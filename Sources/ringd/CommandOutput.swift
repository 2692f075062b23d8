#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RingHTTP

/// Writing rendered bytes where `ringd render` is told to: standard output (through RingHTTP's ``FileOutput``, as
/// the log does), a file, a directory.
enum CommandOutput {
    /// Why bytes could not be written: the path and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Writes `bytes` to standard output.
    static func writeStandardOutput(_ bytes: [UInt8]) throws(Failure) {
        do {
            try FileOutput.writeAll(STDOUT_FILENO, bytes)
        } catch {
            throw Failure(path: "standard output", reason: error.message)
        }
    }

    /// Writes `bytes` to `path` whole: into a temporary file beside it, then renamed over it, so a reader never
    /// sees half an image and a failed write leaves no file behind.
    static func save(_ bytes: [UInt8], to path: String) throws(Failure) {
        let temporary = path + ".tmp-\(getpid())"
        guard let file = fopen(temporary, "wb") else { throw Failure(path: path, reason: lastError()) }
        let written = bytes.withUnsafeBufferPointer { fwrite($0.baseAddress, 1, $0.count, file) }
        let reason = written == bytes.count ? nil : lastError()
        if fclose(file) != 0 || reason != nil {
            let message = reason ?? lastError()
            unlink(temporary)
            throw Failure(path: path, reason: message)
        }
        guard rename(temporary, path) == 0 else {
            let message = lastError()
            unlink(temporary)
            throw Failure(path: path, reason: message)
        }
    }

    /// Creates `path` and any missing parents (like `mkdir -p`); fine when it already is a directory.
    static func makeDirectory(_ path: String) throws(Failure) {
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            prefix += component + "/"
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST { throw Failure(path: path, reason: lastError()) }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else {
            throw Failure(path: path, reason: "not a directory")
        }
    }

    /// Writes `text` to standard error.
    static func printError(_ text: String) {
        try? FileOutput.writeAll(STDERR_FILENO, Array(text.utf8))
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
