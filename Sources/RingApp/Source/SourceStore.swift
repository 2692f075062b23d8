import RingSync

/// The `src` documents ringd holds, by URL, and the rules between fetching, serving fresh, serving stale
/// and failing (docs/design.md §Sources). A value type's worth of state behind one lock, with the clock injected so the
/// rules are tested without waiting.
///
/// For a URL at time t:
/// - a document younger than its lifetime is **fresh**: served, `max-age` = what is left of its lifetime;
/// - after a failed fetch, until the retry time, the last good document (if under a day old) is served
///   **stale**, else the failure is answered, both at once (no request waits for a fetch known to fail);
/// - otherwise a **fetch** is due (the caller runs one per URL however many requests wait for it).
final class SourceStore: Sendable {
    /// A parsed document, numbered so that a request alias can tell it still holds.
    struct Document: Sendable {
        let json: JSONDocument
        let generation: Int
        /// When the fetch that gave it stops being fresh.
        let freshUntil: ContinuousClock.Instant
    }

    enum Lookup: Sendable {
        case fresh(Document, maxAge: Int)
        case stale(Document, maxAge: Int)
        case failed(SourceProblem)
        case fetch
    }

    private struct Entry {
        var document: Document?
        var freshUntil: ContinuousClock.Instant
        /// When the document was last fetched successfully (it is served stale for a day after).
        var fetchedAt: ContinuousClock.Instant
        var problem: SourceProblem?
        var retryAt: ContinuousClock.Instant?
        var lastUse: UInt64
    }

    /// A request target known to mean `key` while `url`'s document is `generation` (fast hits skip decoding).
    /// An alias holds while its document is fresh: a new fetch (a new value, or a failure) can only happen after
    /// that, so the alias needs no look at the document itself.
    private struct Alias {
        let freshUntil: ContinuousClock.Instant
        let key: CacheKey
        /// The picture's cache entry restamped with `max-age` = `maxAge` (rebuilt when the second changes).
        var stamped: (entry: CacheEntry, maxAge: Int)?
    }

    private struct State {
        var entries: [String: Entry] = [:]
        var aliases: [String: Alias] = [:]
        var uses: UInt64 = 0
        var generations = 0
    }

    /// Request aliases kept before they are all dropped (they are only a shortcut).
    static let maxAliases = 4096

    let configuration: SourceConfiguration
    private let now: @Sendable () -> ContinuousClock.Instant
    private let state = LockedValue(State())

    init(configuration: SourceConfiguration, now: @escaping @Sendable () -> ContinuousClock.Instant) {
        self.configuration = configuration
        self.now = now
    }

    /// Documents held.
    var count: Int { state.withLock { $0.entries.count } }

    func lookup(_ url: String) -> Lookup {
        let t = now()
        return state.withLock { state in
            guard var entry = state.entries[url] else { return .fetch }
            state.uses += 1
            entry.lastUse = state.uses
            state.entries[url] = entry
            return Self.lookup(entry, at: t)
        }
    }

    private static func lookup(_ entry: Entry, at t: ContinuousClock.Instant) -> Lookup {
        if let document = entry.document, t < entry.freshUntil {
            return .fresh(document, maxAge: seconds(entry.freshUntil - t))
        }
        if let retryAt = entry.retryAt, t < retryAt {
            if let document = entry.document, t < entry.fetchedAt + SourceConfiguration.staleLimit {
                return .stale(document, maxAge: seconds(retryAt - t))
            }
            if let problem = entry.problem { return .failed(problem) }
        }
        return .fetch
    }

    /// Records a fetch of `url` that gave `json`, fresh for `lifetime` seconds; returns the lookup that follows.
    @discardableResult
    func recordSuccess(_ url: String, json: JSONDocument, lifetime: Int) -> Lookup {
        let t = now()
        return state.withLock { state in
            state.uses += 1
            var generation: Int
            if let old = state.entries[url]?.document, old.json == json {
                generation = old.generation  // unchanged: aliases and ETags stay valid
            } else {
                state.generations += 1
                generation = state.generations
            }
            let freshUntil = t + .seconds(lifetime)
            let entry = Entry(
                document: Document(json: json, generation: generation, freshUntil: freshUntil), freshUntil: freshUntil,
                fetchedAt: t, problem: nil, retryAt: nil, lastUse: state.uses)
            store(entry, for: url, in: &state)
            return Self.lookup(entry, at: t)
        }
    }

    /// Records a failed fetch of `url`; the last good document stays servable (stale) for up to a day.
    @discardableResult
    func recordFailure(_ url: String, problem: SourceProblem) -> Lookup {
        let t = now()
        return state.withLock { state in
            state.uses += 1
            var entry = state.entries[url]
                ?? Entry(document: nil, freshUntil: t, fetchedAt: t, problem: nil, retryAt: nil, lastUse: 0)
            if entry.document != nil, t >= entry.fetchedAt + SourceConfiguration.staleLimit { entry.document = nil }
            entry.freshUntil = min(entry.freshUntil, t)
            entry.problem = problem
            entry.retryAt = t + .seconds(configuration.retrySeconds)
            entry.lastUse = state.uses
            store(entry, for: url, in: &state)
            return Self.lookup(entry, at: t)
        }
    }

    private func store(_ entry: Entry, for url: String, in state: inout State) {
        state.entries[url] = entry
        if state.entries.count > configuration.maxDocuments,
           let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
            state.entries[oldest] = nil
        }
    }

    /// Remembers that `target` draws `key` while `document` is fresh.
    func alias(_ target: String, document: Document, key: CacheKey) {
        state.withLock { state in
            if state.aliases.count >= Self.maxAliases { state.aliases.removeAll(keepingCapacity: true) }
            state.aliases[target] = Alias(freshUntil: document.freshUntil, key: key, stamped: nil)
        }
    }

    /// Keeps `entry` (restamped for `maxAge`) on `target`'s alias, so the next hits in the same second reuse it.
    func keepStamped(_ entry: CacheEntry, maxAge: Int, for target: String) {
        state.withLock { state in
            state.aliases[target]?.stamped = (entry, maxAge)
        }
    }

    /// The key `target` draws and the seconds its document stays fresh, while the document the alias was made
    /// from is fresh.
    func aliased(_ target: String) -> (key: CacheKey, maxAge: Int, stamped: CacheEntry?)? {
        let t = now()
        return state.withLock { state in
            guard let alias = state.aliases[target], t < alias.freshUntil else { return nil }
            let maxAge = Self.seconds(alias.freshUntil - t)
            return (alias.key, maxAge, alias.stamped.flatMap { $0.maxAge == maxAge ? $0.entry : nil })
        }
    }

    /// Whole seconds in `d`, rounded down (a client never keeps a value longer than ringd does).
    static func seconds(_ d: Duration) -> Int { max(0, Int(d.components.seconds)) }
}
