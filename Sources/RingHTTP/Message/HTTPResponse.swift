/// A complete response produced by an ``HTTPResponder``.
///
/// The server adds `Date`, `Content-Length` and `Connection` itself; a responder sets everything else.
/// For HEAD the server sends the headers of the GET response (including its `Content-Length`) and no body.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(status: HTTPStatus, headers: HTTPHeaders = HTTPHeaders(), body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A `text/plain; charset=utf-8` response.
    public static func text(_ status: HTTPStatus, _ text: String, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var h = headers
        h.replaceOrAdd(name: "Content-Type", value: "text/plain; charset=utf-8")
        return HTTPResponse(status: status, headers: h, body: Array(text.utf8))
    }
}
