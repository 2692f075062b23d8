#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A failed system call: the name of the call and the `errno` it left behind.
///
/// Thrown by every socket operation in RingHTTP, so a log line always says which call failed and why
/// (`"bind: Address already in use (errno 98)"`).
public struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The system call that failed, e.g. `"bind"`.
    public let call: String
    /// The `errno` value it set.
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    /// The C library's text for `errno`.
    public var message: String { String(cString: strerror(errno)) }

    public var description: String { "\(call): \(message) (errno \(errno))" }

    /// The call could not complete without blocking (`EAGAIN`/`EWOULDBLOCK`).
    package var isWouldBlock: Bool { errno == EAGAIN || errno == EWOULDBLOCK }

    /// The peer went away (reset, broken pipe, timed out): close quietly, it is not a server fault.
    var isPeerGone: Bool {
        errno == ECONNRESET || errno == EPIPE || errno == ETIMEDOUT || errno == ENOTCONN || errno == ECONNABORTED
    }
}
