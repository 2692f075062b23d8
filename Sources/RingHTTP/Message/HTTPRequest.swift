/// The request methods the parser distinguishes. Everything else is `.other` and answered 501 by the server.
public enum HTTPMethod: Sendable, Hashable {
    case get, head
    /// Methods that exist in RFC 9110 but that an image origin does not allow (answered 405).
    case post, put, delete, options, patch, trace, connect
    /// A syntactically valid token that names no method we know (answered 501).
    case other(String)

    public init(token: String) {
        switch token {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "DELETE": self = .delete
        case "OPTIONS": self = .options
        case "PATCH": self = .patch
        case "TRACE": self = .trace
        case "CONNECT": self = .connect
        default: self = .other(token)
        }
    }

    public var token: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .options: "OPTIONS"
        case .patch: "PATCH"
        case .trace: "TRACE"
        case .connect: "CONNECT"
        case .other(let t): t
        }
    }
}

/// HTTP version from the request line (only major 1 is accepted by the parser).
public struct HTTPVersion: Sendable, Hashable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public init(major: Int, minor: Int) {
        self.major = major
        self.minor = minor
    }
    public static let http1_0 = HTTPVersion(major: 1, minor: 0)
    public static let http1_1 = HTTPVersion(major: 1, minor: 1)
    public var description: String { "HTTP/\(major).\(minor)" }
}

/// A parsed request head. ringd accepts no request bodies, so this is the whole request.
public struct HTTPRequest: Sendable, Hashable {
    public var method: HTTPMethod
    /// The request-target exactly as received (origin-form `/ring?p=1`, or absolute-form).
    public var target: String
    /// The path part of the target, still percent-encoded (`/ring.svg`).
    public var path: String
    /// The raw query after `?` (without it), or nil when the target has no `?`.
    public var query: String?
    public var version: HTTPVersion
    public var headers: HTTPHeaders

    public init(
        method: HTTPMethod, target: String, path: String, query: String?,
        version: HTTPVersion = .http1_1, headers: HTTPHeaders = HTTPHeaders()
    ) {
        self.method = method
        self.target = target
        self.path = path
        self.query = query
        self.version = version
        self.headers = headers
    }

    /// Whether the client asked for the connection to persist after this request (RFC 9112 §9.3).
    public var wantsKeepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version == .http1_0 { return headers.containsToken("keep-alive", in: "Connection") }
        return true
    }
}
