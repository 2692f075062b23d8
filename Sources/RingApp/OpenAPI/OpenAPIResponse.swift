import RingHTTP

/// `/openapi.json`'s responses, built once: 200 in identity and gzip coding and the matching 304s.
///
/// `Cache-Control: no-cache` with a strong entity tag (the first 128 bits of the document's SHA-256): clients
/// revalidate, get a bodiless 304 while the document is unchanged, and never keep one from an older ringd.
/// `Access-Control-Allow-Origin: *` lets API tools on other origins read it.
struct OpenAPIResponse: Sendable {
    static let contentType = "application/json"

    let document: JSONValue
    let etag: String
    let gzipETag: String
    let identity: HTTPResponse
    let gzip: HTTPResponse
    let notModified: HTTPResponse
    let notModifiedGzip: HTTPResponse

    init(document: JSONValue) {
        self.document = document
        let body = Array(document.text.utf8)
        let hex = CanonicalSpec.hexDigest(body).prefix(32)
        etag = "\"\(hex)\""
        gzipETag = "\"\(hex)-gz\""

        func headers(etag: String, encoding: String?, full: Bool) -> HTTPHeaders {
            var h = HTTPHeaders()
            if full {
                h.add(name: "Content-Type", value: Self.contentType)
                if let encoding { h.add(name: "Content-Encoding", value: encoding) }
            }
            h.add(name: "ETag", value: etag)
            h.add(name: "Cache-Control", value: "no-cache")
            h.add(name: "Vary", value: "Accept-Encoding")
            h.add(name: "Access-Control-Allow-Origin", value: "*")
            if full { h.add(name: "X-Content-Type-Options", value: "nosniff") }
            return h
        }
        identity = HTTPResponse(status: .ok, headers: headers(etag: etag, encoding: nil, full: true), body: body).prepared()
        gzip = HTTPResponse(
            status: .ok, headers: headers(etag: gzipETag, encoding: "gzip", full: true), body: Gzip.compress(body)
        ).prepared()
        notModified = HTTPResponse(status: .notModified, headers: headers(etag: etag, encoding: nil, full: false)).prepared()
        notModifiedGzip = HTTPResponse(
            status: .notModified, headers: headers(etag: gzipETag, encoding: nil, full: false)
        ).prepared()
    }

    /// 304 when `If-None-Match` lists the tag of either coding (or `*`), else 200 in the preferred coding.
    func response(for request: HTTPRequest) -> HTTPResponse {
        let coding = ContentCoding.preferred(by: request.headers)
        if let condition = EntityTagCondition(request.headers) {
            if condition.lists(gzipETag) { return notModifiedGzip }
            if condition.lists(etag) { return notModified }
            if condition.matchesAny { return coding == .gzip ? notModifiedGzip : notModified }
        }
        return coding == .gzip ? gzip : identity
    }
}
