/// Limits the response parser and the content decoder enforce against an upstream we do not trust.
///
/// Each limit trips when byte limit + 1 arrives, before a line or body ends, so an upstream can never make
/// us hold more than the limit: a 10 MB header line costs at most ``maxHeadBytes`` of memory.
public struct FetchLimits: Sendable, Hashable {
    /// Default for ``maxHeadBytes``: far above what a JSON endpoint sends, far below anything that hurts.
    public static let defaultMaxHeadBytes = 16 * 1024
    /// Default for ``maxHeaderFields``.
    public static let defaultMaxHeaderFields = 64
    /// Default for ``maxBodyBytes``: the documents we fetch are small JSON.
    public static let defaultMaxBodyBytes = 64 * 1024
    /// Default for ``maxChunkLineBytes``: a chunk size needs a few hex digits; the rest is room for extensions.
    public static let defaultMaxChunkLineBytes = 1024

    /// Largest head: status line and header section, every line with its line ending, the final empty line
    /// included. The heads of skipped interim (1xx) responses count too, cumulatively, so an endless stream
    /// of `103 Early Hints` trips it. A chunked body's trailer section gets a budget of the same size.
    public var maxHeadBytes: Int
    /// Most header fields in one head (and in the trailer section).
    public var maxHeaderFields: Int
    /// Largest body as sent (after de-chunking), and separately the largest body once decompressed.
    public var maxBodyBytes: Int
    /// Longest chunk-size line (size, extensions and CRLF).
    public var maxChunkLineBytes: Int

    /// Creates limits; every parameter defaults to the documented default.
    public init(
        maxHeadBytes: Int = FetchLimits.defaultMaxHeadBytes,
        maxHeaderFields: Int = FetchLimits.defaultMaxHeaderFields,
        maxBodyBytes: Int = FetchLimits.defaultMaxBodyBytes,
        maxChunkLineBytes: Int = FetchLimits.defaultMaxChunkLineBytes
    ) {
        precondition(maxHeadBytes >= 0 && maxHeaderFields >= 0 && maxBodyBytes >= 0 && maxChunkLineBytes >= 0)
        self.maxHeadBytes = maxHeadBytes
        self.maxHeaderFields = maxHeaderFields
        self.maxBodyBytes = maxBodyBytes
        self.maxChunkLineBytes = maxChunkLineBytes
    }
}
