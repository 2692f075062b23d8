/// Incremental, strict HTTP/1.1 request parser over bytes (placeholder API; implementation pending).
public struct HTTPRequestParser: Sendable {
    public let limits: HTTPParserLimits

    public init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// Appends bytes received from the socket.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        fatalError("not implemented")
    }

    /// The next complete request, nil when more bytes are needed, or an error after which the connection must close.
    public mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        fatalError("not implemented")
    }

    /// True when bytes of an unfinished request are buffered (the header-read deadline runs).
    public var hasPartialRequest: Bool { false }
}
