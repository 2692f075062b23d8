/// A complete response from an upstream, as framed on the wire: the body is de-chunked but still in its
/// content coding (see ``GzipDecoder/decodeContent(_:contentEncoding:limit:)``).
public struct ClientResponse: Sendable {
    /// The status code, 200…599 (interim 1xx responses are skipped by the parser).
    public let status: Int
    /// The reason phrase, possibly empty. Upstream text: never trust it, show it only escaped.
    public let reason: String
    /// Header fields in the order received; names are ASCII-lowercased, values trimmed of leading and
    /// trailing whitespace. Invalid UTF-8 in a value (obs-text) is replaced, never passed on.
    public let headers: [(name: String, value: String)]
    /// The body as received: de-chunked, not decompressed. Empty for 204 and 304.
    public let body: [UInt8]

    /// Creates a response. Header names are lowercased here so ``header(_:)`` can compare them directly.
    public init(status: Int, reason: String, headers: [(name: String, value: String)], body: [UInt8]) {
        self.status = status
        self.reason = reason
        self.headers = headers.map { (name: $0.name.lowercased(), value: $0.value) }
        self.body = body
    }

    /// The value of the first field named `name` (any case), or nil.
    public func header(_ name: String) -> String? {
        let name = name.lowercased()
        return headers.first { $0.name == name }?.value
    }

    /// The values of every field named `name` (any case), in order. For a list-valued field such as
    /// Cache-Control, `headers(name).joined(separator: ",")` is the combined value (RFC 9110 §5.3).
    public func headers(_ name: String) -> [String] {
        let name = name.lowercased()
        return headers.compactMap { $0.name == name ? $0.value : nil }
    }
}
