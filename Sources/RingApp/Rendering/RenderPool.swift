import Dispatch
import RingSync

/// A fixed set of render threads fed by a bounded queue, with single-flight per key.
///
/// - **Fixed threads**: `threads` detached POSIX threads (``WorkerThread``), started on first use.
/// - **Bounded queue**: at most `queueLimit` jobs wait; past that ``submit(key:work:completion:)``
///   answers ``Admission/rejected`` at once, and the caller sends 503 with `Retry-After`.
/// - **Single-flight**: a job for a key already queued or running is not queued again; its completion
///   joins the running one, so N concurrent misses for one image cost one render.
///
/// Completions run on the render thread right after `work`; they must be quick (ringd's hop to the
/// connection's I/O queue). The threads stop once the pool is released and its queue is empty.
public final class RenderPool<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// What happened to a submitted job.
    public enum Admission: Sendable, Equatable {
        /// Queued: one of the threads will run it.
        case queued
        /// A job for the same key is queued or running; the completion waits for its value.
        case joined
        /// The queue is full; nothing will run and the completion will not be called.
        case rejected
    }

    public let threads: Int
    public let queueLimit: Int
    private let core: Core

    public init(threads: Int, queueLimit: Int) {
        self.threads = max(1, threads)
        self.queueLimit = max(0, queueLimit)
        self.core = Core()
    }

    deinit {
        core.stop(threads: threads)
    }

    /// Runs `work` for `key` on a render thread (unless a job for `key` is already pending), then calls
    /// `completion` with its value.
    public func submit(
        key: Key, work: @escaping @Sendable () -> Value, completion: @escaping @Sendable (Value) -> Void
    ) -> Admission {
        core.startThreadsOnce(count: threads)
        return core.submit(key: key, work: work, completion: completion, queueLimit: queueLimit)
    }

    /// Jobs waiting for a thread (not counting running ones).
    public var queuedJobs: Int { core.queuedJobs }

    /// The shared state the threads hold (they must not keep the pool itself alive).
    private final class Core: Sendable {
        struct Job {
            let key: Key
            let work: @Sendable () -> Value
        }

        struct State {
            /// FIFO: `queue[head...]` waits; the consumed prefix is dropped when it grows.
            var queue: [Job] = []
            var head = 0
            var waiters: [Key: [@Sendable (Value) -> Void]] = [:]
            var started = false
            var stopping = false
            var queued: Int { queue.count - head }
        }

        let state = LockedValue(State())
        /// One signal per queued job, plus one per thread at stop.
        let available = DispatchSemaphore(value: 0)

        var queuedJobs: Int { state.withLock { $0.queued } }

        func startThreadsOnce(count: Int) {
            let start = state.withLock { state in
                defer { state.started = true }
                return !state.started
            }
            guard start else { return }
            for _ in 0..<count {
                WorkerThread.spawn { [self] in runWorker() }
            }
        }

        func submit(
            key: Key, work: @escaping @Sendable () -> Value, completion: @escaping @Sendable (Value) -> Void,
            queueLimit: Int
        ) -> Admission {
            let admission: Admission = state.withLock { state in
                if state.waiters[key] != nil {
                    state.waiters[key]!.append(completion)
                    return .joined
                }
                guard state.queued < queueLimit, !state.stopping else { return .rejected }
                state.waiters[key] = [completion]
                state.queue.append(Job(key: key, work: work))
                return .queued
            }
            if admission == .queued { available.signal() }
            return admission
        }

        func stop(threads: Int) {
            state.withLock { $0.stopping = true }
            for _ in 0..<threads { available.signal() }
        }

        private func runWorker() {
            while true {
                available.wait()
                let job: Job? = state.withLock { state in
                    guard state.head < state.queue.count else { return nil }
                    let job = state.queue[state.head]
                    state.head += 1
                    if state.head >= 64, state.head * 2 >= state.queue.count {
                        state.queue.removeFirst(state.head)
                        state.head = 0
                    }
                    return job
                }
                guard let job else {
                    if state.withLock({ $0.stopping && $0.queued == 0 }) { return }
                    continue
                }
                let value = job.work()
                // Removed only after `work` stored its value: a request arriving now finds it in the cache.
                let completions = state.withLock { $0.waiters.removeValue(forKey: job.key) } ?? []
                for completion in completions { completion(value) }
            }
        }
    }
}
