#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A moment on the monotonic clock (`CLOCK_MONOTONIC`), in nanoseconds: the time the I/O loop stamps on
/// connection events and deadlines.
///
/// Not `ContinuousClock.Instant`: that type is resilient (its layout is private to the standard library), so
/// every phase of ``ConnectionStateMachine`` holding one was copied, compared and destroyed through the
/// runtime's value witnesses — about 1 K instructions of each cache hit (callgrind, docs/performance.md). This
/// one is a plain integer the compiler sees through; tests still make up instants, as they did before.
public struct MonotonicInstant: Sendable, Hashable, Comparable {
    /// Nanoseconds since an unspecified start (the system's boot, on Linux).
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The current moment.
    public static var now: MonotonicInstant {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return MonotonicInstant(nanoseconds: Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec))
    }

    public static func < (a: MonotonicInstant, b: MonotonicInstant) -> Bool { a.nanoseconds < b.nanoseconds }

    /// `instant` moved by `duration` (whole nanoseconds; a `Duration` finer than that is truncated), saturating
    /// at the ends of the clock: a deadline "forever" from now is the last instant, not a trap.
    public static func + (instant: MonotonicInstant, duration: Duration) -> MonotonicInstant {
        let delta = Int64(duration.nanoseconds)
        let (sum, overflow) = instant.nanoseconds.addingReportingOverflow(delta)
        return MonotonicInstant(nanoseconds: overflow ? (delta < 0 ? .min : .max) : sum)
    }

    public static func - (a: MonotonicInstant, b: MonotonicInstant) -> Duration {
        .nanoseconds(a.nanoseconds - b.nanoseconds)
    }
}
