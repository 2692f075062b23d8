/// A complete response produced by an ``HTTPResponder``.
///
/// The server adds `Date`, `Content-Length` and `Connection` itself; a responder sets everything else.
/// For HEAD the server sends the headers of the GET response (including its `Content-Length`) and no body.
///
/// A response that is sent many times (a cached image) can be ``prepared()`` once: its status line and
/// header fields are then serialised ahead of time, and sending it costs one copy of those bytes plus the
/// `Date` line. Changing `status`, `headers` or `body` afterwards drops the prepared bytes, so they can
/// never disagree with the fields.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus { didSet { preparedHead = nil } }
    public var headers: HTTPHeaders { didSet { preparedHead = nil } }
    public var body: [UInt8] { didSet { preparedHead = nil } }

    /// Status line, header fields and `Content-Length` line, serialised by ``prepared()``; `Date`,
    /// `Connection` and the blank line are added per send.
    private(set) var preparedHead: [UInt8]? {
        didSet { preparedClose = preparedHead == nil ? nil : headers.containsToken("close", in: "Connection") }
    }
    /// Whether the responder's own `Connection` field says `close`, found when the head was prepared.
    private var preparedClose: Bool?

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response with `X-Content-Type-Options: nosniff`: a browser must not take
    /// a message that quotes a client's bytes for HTML or script.
    public static func text(_ status: HTTPStatus, _ text: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var h = headers
        h.replaceOrAdd(name: "Content-Type", value: "text/plain; charset=utf-8")
        h.replaceOrAdd(name: "X-Content-Type-Options", value: "nosniff")
        return HTTPResponse(status: status, headers: h, body: Array(text.utf8))
    }

    /// This response with its head serialised now, by the same rules the server applies per send
    /// (server-owned fields dropped, invalid fields skipped). Its `Content-Length` is the body's length
    /// (none for 1xx, 204 and 304), also when it answers a HEAD request.
    public func prepared() -> HTTPResponse {
        var copy = self
        copy.preparedHead = ResponseSerializer.head(of: self)
        return copy
    }

    /// Whether the responder asked for the connection to close after this response (`Connection: close`).
    /// Asked on every send; a prepared response (a cached image, sent over and over) answers without looking
    /// through its fields again.
    var asksToClose: Bool {
        preparedClose ?? headers.containsToken("close", in: "Connection")
    }

    /// Whether ``prepared()`` serialised this response's head (and nothing changed since).
    public var isPrepared: Bool { preparedHead != nil }
}
