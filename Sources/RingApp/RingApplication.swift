import RingHTTP

/// The ringd responder: routes requests to renderers (placeholder while the pieces land).
public struct RingApplication: HTTPResponder {
    public init() {}

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/healthz": .text(.ok, "ok")
        default: .text(.notFound, "not found: \(request.path)\n")
        }
    }
}
