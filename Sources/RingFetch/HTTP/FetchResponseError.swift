/// Why an upstream's response was refused.
///
/// ``description`` is a short phrase for the end user, shown as "src: <description>". It never echoes more
/// than a short, sanitised token of upstream bytes (see ``sanitizedToken(_:)``).
public enum FetchResponseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The status line and header section (with any interim responses), or the trailer section, passed
    /// ``FetchLimits/maxHeadBytes``.
    case headTooLarge
    /// More than ``FetchLimits/maxHeaderFields`` fields in one head or trailer section.
    case tooManyHeaderFields
    /// The body as sent is, or is declared to be, larger than `limit` bytes.
    case bodyTooLarge(limit: Int)
    /// The response is not valid HTTP/1.x; the detail names the part ("status line", "chunk size", …) and is
    /// always one of our fixed strings.
    case malformed(String)
    /// The connection closed before the response was complete.
    case truncated
    /// A transfer coding other than a single `chunked` (the coding's name, sanitised).
    case unsupportedTransferCoding(String)
    /// A `101 Switching Protocols`: we never ask for an upgrade, so one is a protocol error.
    case unexpectedUpgrade
    /// A content coding other than gzip, deflate or identity (the coding's name, sanitised).
    case unsupportedContentEncoding(String)
    /// The gzip or zlib data is corrupt, truncated, or followed by other bytes.
    case badGzip
    /// The body decompresses to more than `limit` bytes.
    case decodedBodyTooLarge(limit: Int)

    /// A short phrase for the end user.
    public var description: String {
        switch self {
        case .headTooLarge: "the upstream's response headers are too large"
        case .tooManyHeaderFields: "the upstream's response has too many header fields"
        case .bodyTooLarge(let limit): "the document is over \(Self.size(limit))"
        case .malformed(let detail): "the upstream's answer is not valid HTTP (\(detail))"
        case .truncated: "the upstream's answer was cut off"
        case .unsupportedTransferCoding(let coding): "the upstream used an unsupported transfer coding (\(coding))"
        case .unexpectedUpgrade: "the upstream tried to switch protocols"
        case .unsupportedContentEncoding(let coding): "the upstream used an unsupported compression (\(coding))"
        case .badGzip: "the upstream's compressed document is corrupt"
        case .decodedBodyTooLarge(let limit): "the document is over \(Self.size(limit)) once decompressed"
        }
    }

    /// Longest upstream token kept in an error; longer ones are cut and marked with "…".
    static let maxTokenCharacters = 32

    /// `text` reduced to what is safe to show: visible ASCII only (anything else becomes "?"), at most
    /// ``maxTokenCharacters`` characters. Upstream text lands in user-facing messages and logs.
    static func sanitizedToken(_ text: some StringProtocol) -> String {
        var out = ""
        for (count, scalar) in text.unicodeScalars.enumerated() {
            if count == maxTokenCharacters { return out + "…" }
            out.unicodeScalars.append((0x21...0x7E).contains(scalar.value) ? scalar : "?")
        }
        return out
    }

    /// "64 KiB" for whole KiB, else "1000 bytes".
    static func size(_ bytes: Int) -> String {
        bytes >= 1024 && bytes % 1024 == 0 ? "\(bytes / 1024) KiB" : "\(bytes) bytes"
    }
}

/// The malformed-response details, one constant each, so tests compare exact values.
extension FetchResponseError {
    static let badStatusLine = FetchResponseError.malformed("status line")
    static let badVersion = FetchResponseError.malformed("HTTP version")
    static let bareCarriageReturn = FetchResponseError.malformed("bare CR")
    static let obsoleteLineFolding = FetchResponseError.malformed("folded header line")
    static let badFieldLine = FetchResponseError.malformed("header field")
    static let badContentLength = FetchResponseError.malformed("Content-Length")
    static let badTransferEncoding = FetchResponseError.malformed("Transfer-Encoding")
    static let transferEncodingInHTTP10 = FetchResponseError.malformed("Transfer-Encoding in HTTP/1.0")
    static let badChunkSize = FetchResponseError.malformed("chunk size")
    static let chunkLineTooLong = FetchResponseError.malformed("chunk line too long")
    static let badChunkEnd = FetchResponseError.malformed("chunk framing")
}
