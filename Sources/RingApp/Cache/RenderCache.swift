import RingSync

/// The in-memory response cache: an LRU of ``CacheEntry`` bounded by bytes, plus a small short-lived
/// cache of error images and a map from request targets to keys.
///
/// - **Entries** are keyed by ``CacheKey``; the byte budget counts bodies, gzip copies and prepared
///   heads, and the least recently used go first.
/// - **Error images** live in their own small LRU with a time to live, so a flood of bad URLs can never
///   push good entries out, and a fixed URL stops seeing its old error quickly.
/// - **Aliases** remember which key a request target (`/ring?p=0.7`) decoded to, so a repeated URL skips
///   query decoding and hashing. They point at keys, not entries, so they keep nothing alive; their own
///   small LRU is bounded by bytes too.
///
/// Thread-safe (one lock); every operation is O(1).
public final class RenderCache: Sendable {
    /// Counters and sizes for `/metrics` and tests.
    public struct Statistics: Sendable, Equatable {
        public var hits = 0
        public var misses = 0
        public var evictions = 0
        public var entries = 0
        public var bytes = 0
        public var errorEntries = 0
        public var errorBytes = 0
    }

    /// Share of the byte budget given to error images (on top of the entries' budget).
    static let errorBudgetShare = 16
    /// Share of the byte budget given to aliases (on top of the entries' budget).
    static let aliasBudgetShare = 16
    /// Bytes charged per alias besides the target's own bytes (key, slot, string headers).
    static let aliasOverheadBytes = 160

    private struct ErrorEntry {
        let entry: CacheEntry
        let expires: ContinuousClock.Instant
    }

    private struct State {
        var entries: LRUCache<CacheKey, CacheEntry>
        var errors: LRUCache<CacheKey, ErrorEntry>
        var aliases: LRUCache<String, CacheKey>
        var hits = 0
        var misses = 0
        var evictions = 0
    }

    private let state: LockedValue<State>
    private let errorTTL: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    /// - Parameters:
    ///   - capacity: bytes the entries may take; error images and aliases get a sixteenth of it each on top.
    ///   - errorTTL: how long an error image is kept.
    ///   - now: the clock for error-image expiry (injected by tests).
    public init(
        capacity: Int, errorTTL: Duration = .seconds(60),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        state = LockedValue(State(
            entries: LRUCache(capacity: capacity),
            errors: LRUCache(capacity: capacity / Self.errorBudgetShare),
            aliases: LRUCache(capacity: capacity / Self.aliasBudgetShare)))
        self.errorTTL = errorTTL
        self.now = now
    }

    /// The entry `target` decoded to last time, counted as a hit; nil (and not counted) when unknown,
    /// so the caller decodes the query and asks ``entry(for:aliasing:)``.
    public func entry(forTarget target: String) -> CacheEntry? {
        state.withLock { state in
            guard let key = state.aliases.value(for: target), let entry = state.entries.value(for: key) else {
                return nil
            }
            state.hits += 1
            return entry
        }
    }

    /// The entry for `key`, counted as a hit or a miss. On a hit, `target` (if given) becomes an alias.
    public func entry(for key: CacheKey, aliasing target: String? = nil) -> CacheEntry? {
        state.withLock { state in
            guard let entry = state.entries.value(for: key) else {
                state.misses += 1
                return nil
            }
            state.hits += 1
            if let target { Self.alias(target, to: key, in: &state) }
            return entry
        }
    }

    /// Stores a rendered image (evicting least recently used entries to fit) and aliases `target`.
    public func insert(_ entry: CacheEntry, aliasing target: String? = nil) {
        state.withLock { state in
            let evicted = state.entries.insert(entry, for: entry.key, cost: entry.cost)
            state.evictions += evicted.count
            if let target, state.entries.peek(entry.key) != nil { Self.alias(target, to: entry.key, in: &state) }
        }
    }

    /// The unexpired error image for `key`.
    public func errorEntry(for key: CacheKey) -> CacheEntry? {
        let now = now()
        return state.withLock { state in
            guard let stored = state.errors.value(for: key) else { return nil }
            guard now < stored.expires else {
                state.errors.remove(key)
                return nil
            }
            return stored.entry
        }
    }

    /// Stores an error image until the time to live passes.
    public func insertError(_ entry: CacheEntry) {
        let expires = now() + errorTTL
        state.withLock { state in
            _ = state.errors.insert(ErrorEntry(entry: entry, expires: expires), for: entry.key, cost: entry.cost)
        }
    }

    public var statistics: Statistics {
        state.withLock { state in
            Statistics(
                hits: state.hits, misses: state.misses, evictions: state.evictions,
                entries: state.entries.count, bytes: state.entries.totalCost,
                errorEntries: state.errors.count, errorBytes: state.errors.totalCost)
        }
    }

    /// Keys from most to least recently used (for tests).
    var keysByRecency: [CacheKey] { state.withLock { $0.entries.keysByRecency } }

    private static func alias(_ target: String, to key: CacheKey, in state: inout State) {
        state.aliases.insert(key, for: target, cost: target.utf8.count + aliasOverheadBytes)
    }
}
