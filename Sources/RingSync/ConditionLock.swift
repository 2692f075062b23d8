#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A value behind a `pthread_mutex_t` with a condition variable: threads wait until the value offers them
/// something (the render pool's workers wait for a job they may take). pthread calls for the reason
/// ``LockedValue`` gives (ThreadSanitizer sees them).
public final class ConditionLock<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    @exclusivity(unchecked) private var value: Value

    public init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        precondition(pthread_mutex_init(mutex, nil) == 0 && pthread_cond_init(condition, nil) == 0)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value; with `wake`, every waiting thread looks again afterwards.
    public func withLock<Result>(wake: Bool = false, _ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer {
            if wake { pthread_cond_broadcast(condition) }
            pthread_mutex_unlock(mutex)
        }
        return try body(&value)
    }

    /// Blocks until `take` returns a result (it runs under the lock, first at once, then after each wake-up).
    public func wait<Result>(until take: (inout Value) -> Result?) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while true {
            if let result = take(&value) { return result }
            pthread_cond_wait(condition, mutex)
        }
    }
}
