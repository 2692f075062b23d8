import RingHTTP

extension RingApplication {
    /// Seconds a browser may keep a preflight's answer (`Access-Control-Max-Age`); Chromium caps it at 7200.
    static let preflightMaxAgeSeconds = 86_400

    /// The methods the image routes serve, as `Allow` and `Access-Control-Allow-Methods` list them.
    static let allowedMethods = "GET, HEAD, OPTIONS"

    /// Request headers a page on another origin may send with an image request: content negotiation and the
    /// conditional request a cache revalidates with.
    static let allowedRequestHeaders = "Accept, Accept-Encoding, Cache-Control, If-None-Match"

    /// A CORS preflight (`OPTIONS` on an image route or `/openapi.json`, which both answer any origin): 204 with
    /// the methods, headers and how long to keep the answer. Other paths (and `OPTIONS *`) get the server's 405.
    public func respondToOptions(_ request: HTTPRequest) -> HTTPResponse? {
        let start = ContinuousClock.now
        let route: RequestRoute
        if let target = ImageTarget(path: request.path) {
            route = RequestRoute(target.route)
        } else if request.path == "/openapi.json" {
            route = .openapi
        } else {
            return nil
        }
        metrics.countRequest(route: route, format: nil, status: Self.preflight.status.code)
        metrics.observeRequest(route: route, status: Self.preflight.status.code, since: start)
        accessLog?.record(request, Self.preflight, route: route, cache: .none, since: start)
        return Self.preflight
    }

    /// The answer to every preflight: the same for any origin, method or header asked about, so it is prepared once.
    static let preflight = HTTPResponse(status: .noContent, headers: HTTPHeaders([
        ("Access-Control-Allow-Origin", "*"),
        ("Access-Control-Allow-Methods", allowedMethods),
        ("Access-Control-Allow-Headers", allowedRequestHeaders),
        ("Access-Control-Max-Age", String(preflightMaxAgeSeconds)),
        ("Allow", allowedMethods),
        ("Cache-Control", "public, max-age=\(preflightMaxAgeSeconds)"),
    ])).prepared()
}
