/// Limits the request parser enforces. Each one maps to a status (RFC 9112 §3, RFC 6585 §5).
public struct HTTPParserLimits: Sendable, Hashable {
    /// Longest request-target accepted; longer → 414. RFC 9112 §3 recommends supporting at least 8000 octets.
    public var maxTargetBytes: Int
    /// Largest header section (request line excluded); larger → 431.
    public var maxHeaderBytes: Int
    /// Most header fields accepted; more → 431.
    public var maxHeaderFields: Int

    public init(maxTargetBytes: Int = 8 * 1024, maxHeaderBytes: Int = 16 * 1024, maxHeaderFields: Int = 100) {
        self.maxTargetBytes = maxTargetBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderFields = maxHeaderFields
    }
}
