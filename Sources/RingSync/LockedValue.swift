#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value reachable only while holding a `pthread_mutex_t`: the shared state of the server's lifecycle, the
/// response cache, the render pool and the metrics.
///
/// Why not `Synchronization.Mutex`: on Linux it locks with the standard library's own futex calls, which
/// ThreadSanitizer does not see, so every access it guards is reported as a data race (a two-thread counter
/// behind a `Mutex` is reported; behind this lock it is not). ThreadSanitizer intercepts the pthread calls,
/// so with this lock `scripts/sanitizers` checks the code the lock guards instead of flagging all of it.
/// SwiftNIO's `NIOLockedValueBox` is built the same way, for the same reason.
public final class LockedValue<Value>: @unchecked Sendable {
    // The mutex needs a stable address, so it lives in its own allocation rather than in a stored property.
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Unchecked by the runtime's exclusivity enforcement: the mutex already makes every access exclusive (a
    /// nested `withLock` deadlocks before it could overlap), and the check cost a thread-local lookup per access on
    /// every cache hit.
    @exclusivity(unchecked) private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        let status = pthread_mutex_destroy(mutex)
        assert(status == 0, "pthread_mutex_destroy failed: \(status) (still locked?)")
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value. Not reentrant: `body` must not call back into this lock.
    public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        let locked = pthread_mutex_lock(mutex)
        precondition(locked == 0, "pthread_mutex_lock failed: \(locked)")
        defer {
            let unlocked = pthread_mutex_unlock(mutex)
            precondition(unlocked == 0, "pthread_mutex_unlock failed: \(unlocked)")
        }
        return try body(&value)
    }
}
