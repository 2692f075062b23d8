import RingHTTP

/// The builder page's responses, prepared once: 200 in identity and gzip coding and the matching 304s.
///
/// Caching: `Cache-Control: no-cache` with a strong entity tag (the first 128 bits of the SHA-256 of the page),
/// so a browser revalidates on every visit and gets a bodiless 304 while the page is unchanged, but never keeps a
/// page from an older ringd whose controls would disagree with the running parameter table.
struct BuilderResponse: Sendable {
    static let contentType = "text/html; charset=utf-8"

    let page: BuilderPage
    let etag: String
    let gzipETag: String
    let identity: HTTPResponse
    let gzip: HTTPResponse
    let notModified: HTTPResponse
    let notModifiedGzip: HTTPResponse

    init(page: BuilderPage = BuilderPage()) {
        self.page = page
        let body = Array(page.html.utf8)
        let digest = ContentHash.sha256(body).prefix(16)
        let hex = digest.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        etag = "\"\(hex)\""
        gzipETag = "\"\(hex)-gz\""
        let compressed = Gzip.compress(body)

        func headers(etag: String, encoding: String?, full: Bool) -> HTTPHeaders {
            var h = HTTPHeaders()
            if full {
                h.add(name: "Content-Type", value: Self.contentType)
                if let encoding { h.add(name: "Content-Encoding", value: encoding) }
            }
            h.add(name: "ETag", value: etag)
            h.add(name: "Cache-Control", value: "no-cache")
            h.add(name: "Vary", value: "Accept-Encoding")
            if full {
                h.add(name: "Content-Security-Policy", value: page.contentSecurityPolicy)
                h.add(name: "X-Content-Type-Options", value: "nosniff")
                h.add(name: "Referrer-Policy", value: "no-referrer")
            }
            return h
        }
        identity = HTTPResponse(status: .ok, headers: headers(etag: etag, encoding: nil, full: true), body: body).prepared()
        gzip = HTTPResponse(status: .ok, headers: headers(etag: gzipETag, encoding: "gzip", full: true), body: compressed)
            .prepared()
        notModified = HTTPResponse(status: .notModified, headers: headers(etag: etag, encoding: nil, full: false)).prepared()
        notModifiedGzip = HTTPResponse(status: .notModified, headers: headers(etag: gzipETag, encoding: nil, full: false))
            .prepared()
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
