#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts detached POSIX threads: render workers are plain threads of our own, never Dispatch's global
/// queues or Swift's cooperative pool, where CPU-bound work would compete with I/O (docs/design.md §Dispatch on Linux).
enum WorkerThread {
    private final class Start {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Runs `body` on a new detached thread (default attributes: the process's default stack size).
    static func spawn(_ body: @escaping @Sendable () -> Void) {
        let start = Unmanaged.passRetained(Start(body)).toOpaque()
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let status = pthread_create(&thread, nil, { context in
            let start = Unmanaged<Start>.fromOpaque(context!).takeRetainedValue()
            start.body()
            return nil
        }, start)
        precondition(status == 0, "pthread_create failed: \(status)")
        #if canImport(Glibc)
        pthread_detach(thread)
        #else
        pthread_detach(thread!)
        #endif
    }
}
