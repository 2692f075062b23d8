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
///
/// A value type whose parts live in one immutable box: a request is handed along the hit path several times
/// (parser → connection → responder, kept while a render runs), and copying four strings, a field array and a
/// method enum each time through the runtime's generic value witnesses came to about a tenth of a cache hit's
/// instructions (callgrind, docs/performance.md); a copy is now one retain. Setting a property replaces the box,
/// so copies never see each other's changes.
public struct HTTPRequest: Sendable, Hashable {
    /// The parts, as the struct held them before they were boxed.
    struct Parts: Sendable, Hashable {
        var method: HTTPMethod
        var target: String
        var path: String
        var query: String?
        var version: HTTPVersion
        var headers: HTTPHeaders
    }

    final class Box: Sendable {
        let parts: Parts
        init(_ parts: Parts) { self.parts = parts }
    }

    private var box: Box

    public var method: HTTPMethod {
        get { box.parts.method }
        set { update { $0.method = newValue } }
    }
    /// The request-target exactly as received (origin-form `/ring?p=1`, or absolute-form).
    public var target: String {
        get { box.parts.target }
        set { update { $0.target = newValue } }
    }
    /// The path part of the target, still percent-encoded (`/ring.svg`).
    public var path: String {
        get { box.parts.path }
        set { update { $0.path = newValue } }
    }
    /// The raw query after `?` (without it), or nil when the target has no `?`.
    public var query: String? {
        get { box.parts.query }
        set { update { $0.query = newValue } }
    }
    public var version: HTTPVersion {
        get { box.parts.version }
        set { update { $0.version = newValue } }
    }
    public var headers: HTTPHeaders {
        get { box.parts.headers }
        set { update { $0.headers = newValue } }
    }

    public init(
        method: HTTPMethod, target: String, path: String, query: String?,
        version: HTTPVersion = .http1_1, headers: HTTPHeaders = HTTPHeaders()
    ) {
        box = Box(Parts(method: method, target: target, path: path, query: query, version: version, headers: headers))
    }

    private mutating func update(_ change: (inout Parts) -> Void) {
        var parts = box.parts
        change(&parts)
        box = Box(parts)
    }

    public static func == (a: HTTPRequest, b: HTTPRequest) -> Bool {
        a.box === b.box || a.box.parts == b.box.parts
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(box.parts)
    }

    /// Whether the client asked for the connection to persist after this request (RFC 9112 §9.3).
    public var wantsKeepAlive: Bool {
        if headers.containsToken("close", in: "Connection") { return false }
        if version == .http1_0 { return headers.containsToken("keep-alive", in: "Connection") }
        return true
    }
}
