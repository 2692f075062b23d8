import RingSync

/// A fixed set of render threads fed by a bounded queue, with single flight per key, cost-aware scheduling,
/// per-client shares and cancellation (issues 20 and 38).
///
/// - **Fixed threads**: `threads` detached POSIX threads (``WorkerThread``), started on first use; with
///   `expressLane`, one more that takes cheap jobs only, so a cheap job never waits for a heavy one to finish.
/// - **Bounded queue**: at most `queueLimit` cheap and `queueLimit` heavy jobs wait; past that ``submit(key:cost:estimate:client:ticket:run:completion:cancelled:afterwards:)``
///   answers ``Admission/rejected`` at once, and the caller sends 503 with `Retry-After`. One client (an address)
///   may hold at most `clientShare` waiting jobs; past that it gets ``Admission/overShare`` while others are served.
///   It may run at most `clientThreads` jobs at once (a lower bound leaves threads to others: src fetches that hang
///   on one client's dead upstreams would otherwise hold every fetch thread).
/// - **Single flight**: a job for a key already queued or running is not queued again; its completion joins the
///   running one, so N concurrent misses for one image cost one render.
/// - **Cost-aware, fair order**: a job whose estimated work (`estimate`) is at most `cheapWork` is cheap and goes
///   before every heavy job; within a lane the client with the fewest jobs running goes first, then the oldest job.
/// - **Memory budget**: each job states its estimated peak memory (`cost`); a job starts only while the costs of
///   those running fit `memoryBudget` together (one job always may run alone). A job that does not fit yet does not
///   hold up the jobs behind it that fit, until it has waited ``starvationLimit``: then no other heavy job passes it.
/// - **Cancellation**: ``withdraw(_:)`` takes a waiting request back (its client left). A queued job nobody waits
///   for any more is dropped before it starts; a running one is told through its ``RenderControl``.
///
/// Completions run on the render thread right after the work; they must be quick (ringd's hop to the connection's
/// I/O queue). The threads stop once the pool is released and its queue is empty.
public final class RenderPool<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// What happened to a submitted job.
    public enum Admission: Sendable, Equatable {
        /// Queued: one of the threads will run it.
        case queued
        /// A job for the same key is queued or running; the completion waits for its value.
        case joined
        /// The queue is full; nothing will run and the completion will not be called.
        case rejected
        /// The client already has its share of the queue waiting; nothing will run.
        case overShare
    }

    /// What ``withdraw(_:)`` did.
    public enum Withdrawal: Sendable, Equatable {
        /// The ticket was not waiting (its job had finished, or it was withdrawn before).
        case notWaiting
        /// Others still wait for the job.
        case othersWait
        /// Nobody waits any more and the job had not started: it was dropped.
        case dropped
        /// Nobody waits any more and the job is running: its control says so.
        case abandoned
    }

    /// A waiting request's handle, to withdraw it.
    public final class Ticket: Sendable {
        let key: Key
        public init(key: Key) { self.key = key }
    }

    public let threads: Int
    public let queueLimit: Int
    /// Bytes the running jobs' costs may add up to.
    public let memoryBudget: Int
    /// Estimated work at or below which a job is cheap.
    public let cheapWork: Int
    /// Waiting jobs one client may hold.
    public let clientShare: Int
    /// Jobs one client may run at once.
    public let clientThreads: Int
    let expressLane: Bool
    private let core: Core

    /// How long a heavy job that does not fit the memory budget may be passed by other heavy jobs that do.
    public static var starvationLimit: Duration { .seconds(2) }

    public init(
        threads: Int, queueLimit: Int, memoryBudget: Int = .max, cheapWork: Int = 0, expressLane: Bool = false,
        clientShare: Int = .max, clientThreads: Int = .max
    ) {
        self.threads = max(1, threads)
        self.queueLimit = max(0, queueLimit)
        self.memoryBudget = max(0, memoryBudget)
        self.cheapWork = cheapWork
        self.expressLane = expressLane
        self.clientShare = max(1, clientShare)
        self.clientThreads = max(1, clientThreads)
        self.core = Core(budget: self.memoryBudget, cheapWork: cheapWork, clientThreads: self.clientThreads)
    }

    deinit {
        core.stop()
    }

    /// Runs `work` for `key` on a render thread (unless a job for `key` is already pending), then calls
    /// `completion` with its value. `cost` is the job's estimated peak memory in bytes. `afterwards`, if the job
    /// was queued (not joined), runs on the same thread once every completion has: small work that must not
    /// delay the answers (its memory is not counted: the job's cost is released before the completions run).
    public func submit(
        key: Key, cost: Int = 0, work: @escaping @Sendable () -> Value, completion: @escaping @Sendable (Value) -> Void,
        afterwards: (@Sendable (Value) -> Void)? = nil
    ) -> Admission {
        submit(key: key, cost: cost, run: { _ in work() }, completion: completion, afterwards: afterwards)
    }

    /// ``submit(key:cost:work:completion:afterwards:)`` with everything: `estimate` is the job's estimated work
    /// (cheap at or below ``cheapWork``), `client` whose share it counts against, `ticket` the handle to
    /// ``withdraw(_:)`` this request with (`cancelled` then runs instead of `completion`), and `run` gets the
    /// job's ``RenderControl`` to ask between frames whether to stop.
    public func submit(
        key: Key, cost: Int = 0, estimate: Int = 0, client: String? = nil, ticket: Ticket? = nil,
        run: @escaping @Sendable (RenderControl) -> Value, completion: @escaping @Sendable (Value) -> Void,
        cancelled: (@Sendable () -> Void)? = nil, afterwards: (@Sendable (Value) -> Void)? = nil
    ) -> Admission {
        core.startThreadsOnce(count: threads, express: expressLane)
        let job = Job(
            key: key, cost: max(0, cost), estimate: estimate, client: client, run: run, afterwards: afterwards,
            control: RenderControl(), since: .now)
        return core.submit(
            job, waiter: Waiter(ticket: ticket, completion: completion, cancelled: cancelled), queueLimit: queueLimit,
            clientShare: clientShare)
    }

    /// Takes back the request `ticket` stands for: its completion will not run (its `cancelled` does, now). The
    /// job is dropped, or told to stop, when nobody else waits for it.
    @discardableResult
    public func withdraw(_ ticket: Ticket) -> Withdrawal {
        core.withdraw(ticket)
    }

    /// The summed cost of the jobs running now.
    public var runningCost: Int { core.state.withLock { $0.runningCost } }

    /// Jobs waiting for a thread (not counting running ones).
    public var queuedJobs: Int { core.state.withLock { $0.pending.count } }

    /// Jobs `client` has waiting.
    public func queuedJobs(of client: String) -> Int {
        core.state.withLock { state in state.pending.reduce(0) { $0 + ($1.client == client ? 1 : 0) } }
    }

    struct Job {
        let key: Key
        let cost: Int
        let estimate: Int
        let client: String?
        let run: @Sendable (RenderControl) -> Value
        let afterwards: (@Sendable (Value) -> Void)?
        let control: RenderControl
        let since: ContinuousClock.Instant
    }

    struct Waiter {
        let ticket: Ticket?
        let completion: @Sendable (Value) -> Void
        let cancelled: (@Sendable () -> Void)?
    }

    /// The shared state the threads hold (they must not keep the pool itself alive).
    final class Core: Sendable {
        struct State {
            /// Waiting jobs in arrival order. Short (``queueLimit``), so each pick scans it.
            var pending: [Job] = []
            var waiters: [Key: [Waiter]] = [:]
            /// Controls of the running jobs, by key.
            var running: [Key: RenderControl] = [:]
            /// Running jobs per client.
            var runningByClient: [String: Int] = [:]
            var runningCount = 0
            var runningCost = 0
            var started = false
            var stopping = false
        }

        let budget: Int
        let cheapWork: Int
        let clientThreads: Int
        let state = ConditionLock(State())

        init(budget: Int, cheapWork: Int, clientThreads: Int) {
            self.budget = budget
            self.cheapWork = cheapWork
            self.clientThreads = clientThreads
        }

        func startThreadsOnce(count: Int, express: Bool) {
            let start = state.withLock { state in
                defer { state.started = true }
                return !state.started
            }
            guard start else { return }
            for _ in 0..<count {
                WorkerThread.spawn { [self] in runWorker(express: false) }
            }
            if express {
                WorkerThread.spawn { [self] in runWorker(express: true) }
            }
        }

        func submit(_ job: Job, waiter: Waiter, queueLimit: Int, clientShare: Int) -> Admission {
            state.withLock(wake: true) { state in
                if state.waiters[job.key] != nil {
                    state.waiters[job.key]!.append(waiter)
                    state.running[job.key]?.revive()  // a running job nobody waited for is wanted again
                    return .joined
                }
                // Two lanes, each bounded by the limit: heavy jobs filling theirs do not turn cheap ones away.
                let cheap = job.estimate <= cheapWork
                let inLane = state.pending.reduce(0) { $0 + (($1.estimate <= cheapWork) == cheap ? 1 : 0) }
                guard inLane < queueLimit, !state.stopping else { return .rejected }
                if let client = job.client, clientShare < queueLimit,
                    state.pending.reduce(0, { $0 + ($1.client == client ? 1 : 0) }) >= clientShare {
                    return .overShare
                }
                state.waiters[job.key] = [waiter]
                state.pending.append(job)
                return .queued
            }
        }

        func withdraw(_ ticket: Ticket) -> Withdrawal {
            let key = ticket.key
            let (result, cancelled): (Withdrawal, (@Sendable () -> Void)?) = state.withLock(wake: true) { state in
                guard var list = state.waiters[key], let index = list.firstIndex(where: { $0.ticket === ticket }) else {
                    return (.notWaiting, nil)
                }
                let waiter = list.remove(at: index)
                if !list.isEmpty {
                    state.waiters[key] = list
                    return (.othersWait, waiter.cancelled)
                }
                if let queued = state.pending.firstIndex(where: { $0.key == key }) {
                    state.pending.remove(at: queued)
                    state.waiters[key] = nil
                    return (.dropped, waiter.cancelled)
                }
                // Running: an empty list keeps the key joinable (a new request revives the job).
                state.waiters[key] = []
                state.running[key]?.abandon()
                return (.abandoned, waiter.cancelled)
            }
            cancelled?()
            return result
        }

        func stop() {
            state.withLock(wake: true) { $0.stopping = true }
        }

        /// What a thread does next, or nil to wait.
        private enum Next {
            case run(Job)
            case exit
        }

        /// The next job for a thread (the express thread takes cheap jobs only), taken off the queue; nil when none
        /// may start now.
        private func pick(_ state: inout State, express: Bool) -> Next? {
            if state.pending.isEmpty { return state.stopping ? .exit : nil }
            var chosen = next(in: state, cheap: true)
            if chosen == nil, !express { chosen = next(in: state, cheap: false) }
            guard let index = chosen else { return nil }
            let job = state.pending.remove(at: index)
            state.runningCount += 1
            state.runningCost += job.cost
            state.running[job.key] = job.control
            if let client = job.client { state.runningByClient[client, default: 0] += 1 }
            return .run(job)
        }

        /// The waiting job of a lane to start next: of the jobs that fit the memory budget, the oldest of the client
        /// with the fewest jobs running (a client running `clientThreads` waits). In the heavy lane a job that has
        /// waited ``starvationLimit`` without fitting is passed by no job behind it.
        private func next(in state: State, cheap: Bool) -> Int? {
            let stopping = state.stopping, runningCount = state.runningCount, runningCost = state.runningCost
            var chosen: Int?
            var fewestRunning = Int.max
            var now: ContinuousClock.Instant?
            for (index, job) in state.pending.enumerated() where (job.estimate <= cheapWork) == cheap {
                guard stopping || runningCount == 0 || runningCost <= budget - job.cost else {
                    if !cheap {
                        // Waited long enough: it keeps its place, and no heavy job behind it passes it.
                        let clock = now ?? .now
                        now = clock
                        if clock - job.since > RenderPool.starvationLimit { break }
                    }
                    continue
                }
                let running = job.client.map { state.runningByClient[$0] ?? 0 } ?? 0
                guard running < clientThreads else { continue }
                if running < fewestRunning {
                    fewestRunning = running
                    chosen = index
                }
                if running == 0 { break }
            }
            return chosen
        }

        private func runWorker(express: Bool) {
            while true {
                guard case .run(let job) = state.wait(until: { pick(&$0, express: express) }) else { return }
                let value = job.run(job.control)
                // Removed only after `run` stored its value: a request arriving now finds it in the cache.
                let waiters = state.withLock(wake: true) { state in
                    state.runningCount -= 1
                    state.runningCost -= job.cost
                    state.running[job.key] = nil
                    if let client = job.client {
                        state.runningByClient[client]! -= 1
                        if state.runningByClient[client] == 0 { state.runningByClient[client] = nil }
                    }
                    return state.waiters.removeValue(forKey: job.key) ?? []
                }
                for waiter in waiters { waiter.completion(value) }
                job.afterwards?(value)
            }
        }
    }
}
