import Dispatch
import RingSync

/// A fixed set of render threads fed by a bounded queue, with single-flight per key.
///
/// - **Fixed threads**: `threads` detached POSIX threads (``WorkerThread``), started on first use.
/// - **Bounded queue**: at most `queueLimit` jobs wait; past that ``submit(key:work:completion:)``
///   answers ``Admission/rejected`` at once, and the caller sends 503 with `Retry-After`.
/// - **Single-flight**: a job for a key already queued or running is not queued again; its completion
///   joins the running one, so N concurrent misses for one image cost one render.
/// - **Memory budget**: each job states its estimated peak memory (`cost`); jobs start, in queue order, only
///   while the costs of those running fit `memoryBudget` together (one job always may run alone), so a few huge
///   renders wait for each other instead of taking the process past its limit.
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
    /// Bytes the running jobs' costs may add up to.
    public let memoryBudget: Int
    private let core: Core

    public init(threads: Int, queueLimit: Int, memoryBudget: Int = .max) {
        self.threads = max(1, threads)
        self.queueLimit = max(0, queueLimit)
        self.memoryBudget = max(0, memoryBudget)
        self.core = Core(budget: self.memoryBudget)
    }

    deinit {
        core.stop(threads: threads)
    }

    /// Runs `work` for `key` on a render thread (unless a job for `key` is already pending), then calls
    /// `completion` with its value. `cost` is the job's estimated peak memory in bytes. `afterwards`, if the job
    /// was queued (not joined), runs on the same thread once every completion has: small work that must not
    /// delay the answers (its memory is not counted: the job's cost is released before the completions run).
    public func submit(
        key: Key, cost: Int = 0, work: @escaping @Sendable () -> Value, completion: @escaping @Sendable (Value) -> Void,
        afterwards: (@Sendable (Value) -> Void)? = nil
    ) -> Admission {
        core.startThreadsOnce(count: threads)
        return core.submit(
            key: key, cost: max(0, cost), work: work, completion: completion, afterwards: afterwards, queueLimit: queueLimit)
    }

    /// The summed cost of the jobs running now.
    public var runningCost: Int { core.runningCost }

    /// Jobs waiting for a thread (not counting running ones).
    public var queuedJobs: Int { core.queuedJobs }

    /// The shared state the threads hold (they must not keep the pool itself alive).
    private final class Core: Sendable {
        struct Job {
            let key: Key
            let cost: Int
            let work: @Sendable () -> Value
            let afterwards: (@Sendable (Value) -> Void)?
        }

        struct State {
            /// FIFO: `queue[head...]` waits; the consumed prefix is dropped when it grows. A slot is emptied as
            /// its job is taken: a job's closures hold what they captured (the application, whose pools these
            /// are; a connection's writer), and a finished job kept in the prefix kept those alive, and with the
            /// application the pool itself, whose threads then never stopped.
            var queue: [Job?] = []
            var head = 0
            var waiters: [Key: [@Sendable (Value) -> Void]] = [:]
            var started = false
            var stopping = false
            var queued: Int { queue.count - head }
            /// Jobs running and their summed cost.
            var running = 0
            var runningCost = 0
            /// Threads waiting for running jobs to free memory.
            var blocked = 0
        }

        let budget: Int
        let state = LockedValue(State())
        /// One signal per queued job, plus one per thread at stop.
        let available = DispatchSemaphore(value: 0)
        /// One signal per blocked thread when a job finishes (memory was freed), and at stop.
        let memoryFreed = DispatchSemaphore(value: 0)

        init(budget: Int) {
            self.budget = budget
        }

        var queuedJobs: Int { state.withLock { $0.queued } }
        var runningCost: Int { state.withLock { $0.runningCost } }

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
            key: Key, cost: Int, work: @escaping @Sendable () -> Value, completion: @escaping @Sendable (Value) -> Void,
            afterwards: (@Sendable (Value) -> Void)?, queueLimit: Int
        ) -> Admission {
            let admission: Admission = state.withLock { state in
                if state.waiters[key] != nil {
                    state.waiters[key]!.append(completion)
                    return .joined
                }
                guard state.queued < queueLimit, !state.stopping else { return .rejected }
                state.waiters[key] = [completion]
                state.queue.append(Job(key: key, cost: cost, work: work, afterwards: afterwards))
                return .queued
            }
            if admission == .queued { available.signal() }
            return admission
        }

        func stop(threads: Int) {
            state.withLock { $0.stopping = true }
            for _ in 0..<threads {
                available.signal()
                memoryFreed.signal()
            }
        }

        /// What a woken thread does next.
        private enum Next {
            case run(Job)
            /// The queue is empty (a stop, or the job was taken by a thread that was waiting for memory).
            case nothing
            /// The next job does not fit beside the running ones: wait until one finishes.
            case waitForMemory
        }

        private func runWorker() {
            while true {
                available.wait()
                var taken: Job?
                while taken == nil {
                    let next: Next = state.withLock { state in
                        guard state.head < state.queue.count, let job = state.queue[state.head] else { return .nothing }
                        // In queue order; a job that does not fit waits (one always may run alone).
                        if state.running > 0, state.runningCost > budget - job.cost, !state.stopping {
                            state.blocked += 1
                            return .waitForMemory
                        }
                        state.queue[state.head] = nil
                        state.head += 1
                        if state.head >= 64, state.head * 2 >= state.queue.count {
                            state.queue.removeFirst(state.head)
                            state.head = 0
                        }
                        state.running += 1
                        state.runningCost += job.cost
                        return .run(job)
                    }
                    switch next {
                    case .run(let job): taken = job
                    case .waitForMemory: memoryFreed.wait()
                    case .nothing: break
                    }
                    if case .nothing = next { break }
                }
                guard let job = taken else {
                    if state.withLock({ $0.stopping && $0.queued == 0 }) { return }
                    continue
                }
                let value = job.work()
                // Removed only after `work` stored its value: a request arriving now finds it in the cache.
                let (completions, wake) = state.withLock { state in
                    state.running -= 1
                    state.runningCost -= job.cost
                    defer { state.blocked = 0 }
                    return (state.waiters.removeValue(forKey: job.key) ?? [], state.blocked)
                }
                for _ in 0..<wake { memoryFreed.signal() }
                for completion in completions { completion(value) }
                job.afterwards?(value)
            }
        }
    }
}
