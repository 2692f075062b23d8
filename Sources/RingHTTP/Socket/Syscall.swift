#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The outcome of a non-blocking read or write: bytes moved, or "try again when the fd is ready".
package enum IOResult: Equatable {
    case processed(Int)
    case wouldBlock
}

/// The one place RingHTTP (and RingFetch, through `package` access) calls into the C library for fallible
/// system calls.
///
/// Every call goes through ``retrying(_:_:)``: `EINTR` is retried (a signal landed mid-call, nothing
/// failed), any other `-1` becomes a ``SystemError`` carrying the call's name. Non-blocking I/O uses
/// ``nonBlocking(_:_:)`` so that `EAGAIN` is a value, not an error: it is the normal way a socket says
/// "not now" and it happens on the hot path.
package enum Syscall {
    /// Runs `body` until it returns something other than `-1`/`EINTR`.
    /// - Parameters:
    ///   - call: the system call's name, used in the error.
    ///   - body: the call; it must return `-1` and set `errno` on failure.
    /// - Returns: the call's non-negative result.
    @inline(__always)
    package static func retrying<Result: FixedWidthInteger>(
        _ call: StaticString, _ body: () -> Result
    ) throws(SystemError) -> Result {
        while true {
            let result = body()
            if result != -1 { return result }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(call: "\(call)", errno: code)
        }
    }

    /// Like ``retrying(_:_:)`` but maps `EAGAIN`/`EWOULDBLOCK` to ``IOResult/wouldBlock``.
    @inline(__always)
    package static func nonBlocking<Result: FixedWidthInteger>(
        _ call: StaticString, _ body: () -> Result
    ) throws(SystemError) -> IOResult {
        while true {
            let result = body()
            if result != -1 { return .processed(Int(result)) }
            let code = errno
            if code == EINTR { continue }
            if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
            throw SystemError(call: "\(call)", errno: code)
        }
    }

    /// Ignores `SIGPIPE` for the whole process. Sends also pass `MSG_NOSIGNAL`; this covers any other
    /// write path (and libraries) so that a peer closing early can never kill the server.
    static func ignoreSIGPIPE() {
        _ = signal(SIGPIPE, SIG_IGN)
    }
}
