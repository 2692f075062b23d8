/// Settings of `src` documents (docs/design.md §Sources): whether they are fetched at all, what may be reached, and
/// how long a document is kept.
public struct SourceConfiguration: Sendable, Hashable {
    /// `--source-ttl` accepts 1 s … 1 day.
    public static let ttlRange = 1...86_400
    /// Seconds a document without `Cache-Control: max-age` is kept (`--source-ttl`).
    public static let defaultTTL = 300
    /// A document's own `max-age` is clamped to this: at least a minute (an upstream saying `max-age=0` must
    /// not turn every page view into a fetch), at most a day.
    public static let documentMaxAgeRange = 60...86_400
    /// How long the last good document is served (marked stale) while refreshes fail.
    public static let staleLimit: Duration = .seconds(86_400)
    /// Longest wait before a failed fetch is tried again; shorter when the TTL is shorter. Meanwhile requests
    /// get the stale document or the failure at once instead of each waiting for a doomed fetch.
    public static let maxRetrySeconds = 30
    /// Documents kept (least recently used ones go first).
    public static let defaultMaxDocuments = 1024

    /// `--sources on|off`.
    public var enabled: Bool
    /// `--source-allow-http`: plain `http` URLs too (tests, private set-ups).
    public var allowHTTP: Bool
    /// `--source-allow`: host names, addresses or CIDR networks reachable although private or loopback.
    public var allow: [String]
    /// `--source-deny`: more host names, addresses or networks to refuse.
    public var deny: [String]
    /// `--source-ca-file`: extra trusted CA certificates (PEM).
    public var caFile: String?
    /// `--source-ttl`, seconds.
    public var ttlSeconds: Int
    /// Threads that fetch (blocking network I/O never runs on the I/O loops or the render threads).
    public var fetchThreads: Int
    /// Fetches that may wait for a thread; beyond it requests get 503.
    public var fetchQueueLimit: Int
    /// Documents kept.
    public var maxDocuments: Int

    public init(
        enabled: Bool = true, allowHTTP: Bool = false, allow: [String] = [], deny: [String] = [], caFile: String? = nil,
        ttlSeconds: Int = SourceConfiguration.defaultTTL, fetchThreads: Int = 4, fetchQueueLimit: Int = 256,
        maxDocuments: Int = SourceConfiguration.defaultMaxDocuments
    ) {
        self.enabled = enabled
        self.allowHTTP = allowHTTP
        self.allow = allow
        self.deny = deny
        self.caFile = caFile
        self.ttlSeconds = ttlSeconds
        self.fetchThreads = fetchThreads
        self.fetchQueueLimit = fetchQueueLimit
        self.maxDocuments = maxDocuments
    }

    /// Seconds between a failed fetch and the next try.
    var retrySeconds: Int { min(ttlSeconds, Self.maxRetrySeconds) }

    /// How long a document fetched with `maxAge` (its `Cache-Control: max-age`, if any) stays fresh.
    func lifetime(maxAge: Int?) -> Int {
        guard let maxAge else { return ttlSeconds }
        return min(max(maxAge, Self.documentMaxAgeRange.lowerBound), Self.documentMaxAgeRange.upperBound)
    }
}
