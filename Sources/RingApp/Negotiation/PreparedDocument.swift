import RingHTTP

/// A fixed document served from memory (the builder page, `/openapi.json`): 200 in identity and gzip coding and
/// the matching 304s, all prepared once, so answering is a lookup.
///
/// Caching: `Cache-Control: no-cache` with a strong entity tag (the first 128 bits of the document's SHA-256), so a
/// client revalidates on every use and gets a bodiless 304 while the document is unchanged, but never keeps one from
/// an older ringd whose parameter table differs.
struct PreparedDocument: Sendable {
    let etag: String
    let gzipETag: String
    let identity: HTTPResponse
    let gzip: HTTPResponse
    let notModified: HTTPResponse
    let notModifiedGzip: HTTPResponse

    /// - Parameters:
    ///   - everyResponse: headers sent with the 200s and the 304s alike (after ETag, Cache-Control and Vary).
    ///   - withBody: headers sent only with a 200 (after `everyResponse`).
    init(
        body: [UInt8], contentType: String, everyResponse: [(String, String)] = [], withBody: [(String, String)] = []
    ) {
        let hex = ContentHash.hex(body).prefix(32)
        etag = "\"\(hex)\""
        gzipETag = "\"\(hex)-gz\""

        func headers(etag: String, encoding: String?, full: Bool) -> HTTPHeaders {
            var h = HTTPHeaders()
            if full {
                h.add(name: "Content-Type", value: contentType)
                if let encoding { h.add(name: "Content-Encoding", value: encoding) }
            }
            h.add(name: "ETag", value: etag)
            h.add(name: "Cache-Control", value: "no-cache")
            h.add(name: "Vary", value: "Accept-Encoding")
            for (name, value) in everyResponse { h.add(name: name, value: value) }
            if full { for (name, value) in withBody { h.add(name: name, value: value) } }
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
