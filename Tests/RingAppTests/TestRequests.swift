import RingHTTP

/// A GET (or HEAD) request for `target` with a Host header and `headers`.
func request(_ target: String, method: HTTPMethod = .get, _ headers: [(String, String)] = []) -> HTTPRequest {
    let parts = target.split(separator: "?", maxSplits: 1)
    return HTTPRequest(
        method: method, target: target, path: String(parts[0]), query: parts.count > 1 ? String(parts[1]) : nil,
        headers: HTTPHeaders([("Host", "x")] + headers))
}
