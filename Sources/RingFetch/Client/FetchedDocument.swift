/// A document fetched for `src`: its body (decoded from gzip when it came compressed) and what its answer
/// said about caching.
public struct FetchedDocument: Sendable {
    /// The URL the body came from (after redirects).
    public let url: SourceURL
    public let status: Int
    /// The body, at most ``FetchLimits/maxBodyBytes``.
    public let body: [UInt8]
    /// The answer's `Cache-Control` directives (a redirect's are not used).
    public let cacheDirectives: CacheDirectives

    public init(url: SourceURL, status: Int, body: [UInt8], cacheDirectives: CacheDirectives) {
        self.url = url
        self.status = status
        self.body = body
        self.cacheDirectives = cacheDirectives
    }
}
