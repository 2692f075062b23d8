/// How ringd fetches `src` documents (docs/design.md §Sources): who may be reached, how long a fetch may take and how
/// much it may read.
public struct FetchConfiguration: Sendable {
    /// Longest a TCP connection may take to open (the whole fetch has its own, longer deadline).
    public static let defaultConnectTimeout: Duration = .seconds(1)
    /// Longest a whole fetch may take, redirects included. GitHub's image proxy gives up after 3–4 s
    /// (badges/shields#1568); the reader must get our error image or the stale value before that.
    public static let defaultTotalTimeout: Duration = .milliseconds(2500)
    /// Redirects followed; each new location is checked like the first URL.
    public static let defaultMaxRedirects = 3

    /// Destinations allowed and refused (schemes, host names, addresses).
    public var policy: AddressPolicy
    /// A PEM file of extra trusted CA certificates (`--source-ca-file`), on top of the system's.
    public var caFile: String?
    public var connectTimeout: Duration
    public var totalTimeout: Duration
    public var maxRedirects: Int
    public var limits: FetchLimits
    /// Sent as `User-Agent`, so an upstream's operator can tell who is asking.
    public var userAgent: String

    public init(
        policy: AddressPolicy, caFile: String? = nil, connectTimeout: Duration = Self.defaultConnectTimeout,
        totalTimeout: Duration = Self.defaultTotalTimeout, maxRedirects: Int = Self.defaultMaxRedirects,
        limits: FetchLimits = FetchLimits(), userAgent: String = "ringd (+https://github.com/ringd/ringd)"
    ) {
        self.policy = policy
        self.caFile = caFile
        self.connectTimeout = connectTimeout
        self.totalTimeout = totalTimeout
        self.maxRedirects = maxRedirects
        self.limits = limits
        self.userAgent = userAgent
    }
}
