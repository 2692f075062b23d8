#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Blocking writes to a file descriptor that is not a socket (standard error, for logs), through ``Syscall``.
public enum FileOutput {
    /// Writes all of `bytes` to `fd`, retrying after `EINTR` and short writes.
    public static func writeAll(_ fd: Int32, _ bytes: [UInt8]) throws(SystemError) {
        var offset = 0
        while offset < bytes.count {
            let start = offset
            let written = try Syscall.retrying("write") {
                bytes.withUnsafeBytes { write(fd, $0.baseAddress! + start, $0.count - start) }
            }
            offset += written
        }
    }
}
