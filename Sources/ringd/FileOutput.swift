#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writing rendered bytes where `ringd render` is told to: standard output, a file, a directory.
enum FileOutput {
    /// Why bytes could not be written: the path and the system's reason.
    struct Failure: Error, CustomStringConvertible {
        var path: String
        var reason: String
        var description: String { "\(path): \(reason)" }
    }

    /// Writes `bytes` to standard output.
    static func writeStandardOutput(_ bytes: [UInt8]) throws(Failure) {
        guard writeAll(bytes, to: STDOUT_FILENO) else { throw Failure(path: "standard output", reason: lastError()) }
    }

    /// Writes all of `bytes` to `fd` (write(2) may take fewer at a time); false on an error.
    private static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 && errno == EINTR { continue }
                guard n > 0 else { return false }
                offset += n
            }
            return true
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
        _ = writeAll(Array(text.utf8), to: STDERR_FILENO)
    }

    private static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
