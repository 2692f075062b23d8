import RingHTTP

/// One cached body with every response it can produce, built once so a hit is a lookup plus one send.
///
/// Immutable and shared across threads. The responses are ``HTTPResponse/prepared()``: their status line
/// and header fields are already bytes, and the server adds only `Date` and `Connection`. HEAD uses the
/// same prepared responses (the server omits the body and keeps its `Content-Length`), so HEAD and GET
/// carry identical headers.
public final class CacheEntry: Sendable {
    /// Bookkeeping bytes charged per entry on top of the bodies and heads (object headers, dictionary
    /// slot, key strings), so many tiny entries cannot exceed the memory bound unnoticed.
    static let overheadBytes = 512

    public let key: CacheKey
    /// The identity-coded body.
    public let body: [UInt8]
    /// The gzip-coded copy (SVG only: PNG is already compressed).
    public let gzipBody: [UInt8]?
    /// The image style for metrics labels (`ring`, `activity`, …, or `error`).
    public let style: String
    /// The route that rendered it, for request metrics when a URL alias finds it.
    let route: RequestRoute
    /// What the entry charges against the cache's byte budget.
    public let cost: Int

    /// Where an entry's gzip copy comes from.
    enum GzipCopy {
        /// Compressed from the body now (SVG only; PNG is already compressed).
        case compress
        /// None for now, though the body could have one: built after the reply (``rebuilt(cacheControl:gzip:)``).
        case deferred
        /// The copy (or none) of the entry being rebuilt, shared as it is: only ``rebuilt(cacheControl:gzip:)``
        /// has one to keep.
        case kept
    }

    /// What the entry was built from beyond the key and bodies (for ``rebuilt(cacheControl:gzip:)``).
    private let extraFields: [(String, String)]
    private let cacheControl: String
    private let validated: Bool
    private let variesByAccept: Bool

    let identity: HTTPResponse
    let gzip: HTTPResponse?
    /// 304s carrying the identity and gzip entity tags; nil when the entry has no validator (error images).
    let notModified: HTTPResponse?
    let notModifiedGzip: HTTPResponse?

    private init(key: CacheKey, body: [UInt8], format: OutputFormat, style: String, route: RequestRoute,
                 fields extraFields: [(String, String)],
                 cacheControl: String, validated: Bool, variesByAccept: Bool, gzip copy: GzipCopy = .compress,
                 kept: [UInt8]? = nil) {
        self.key = key
        self.extraFields = extraFields
        self.cacheControl = cacheControl
        self.validated = validated
        self.variesByAccept = variesByAccept
        let body = Self.compacted(body)
        self.body = body
        self.style = style
        self.route = route
        let contentType = format.contentType
        let compressible = format == .svg
        // The request headers that chose this response, so a shared cache (nginx, a CDN, an image proxy) keeps
        // one variant per value instead of handing one client's answer to another.
        let vary = (variesByAccept ? ["Accept"] : []) + (compressible ? ["Accept-Encoding"] : [])
        let gzipBody: [UInt8]?
        switch copy {
        case .compress: gzipBody = compressible ? Gzip.compress(body) : nil
        case .deferred: gzipBody = nil
        case .kept: gzipBody = kept
        }
        self.gzipBody = gzipBody

        // Order: representation metadata, validator, caching, then the fields every image carries.
        func headers(etag: String?, encoding: String?, isNotModified: Bool) -> HTTPHeaders {
            var h = HTTPHeaders()
            if !isNotModified {
                h.add(name: "Content-Type", value: contentType)
                if let encoding { h.add(name: "Content-Encoding", value: encoding) }
            }
            if let etag { h.add(name: "ETag", value: etag) }
            h.add(name: "Cache-Control", value: cacheControl)
            if !vary.isEmpty { h.add(name: "Vary", value: vary.joined(separator: ", ")) }
            h.add(name: "Access-Control-Allow-Origin", value: "*")
            if !isNotModified {
                for (name, value) in extraFields { h.add(name: name, value: value) }
            }
            return h
        }
        let etag = validated ? key.etag : nil
        let gzipETag = validated ? key.gzipETag : nil
        identity = HTTPResponse(status: .ok, headers: headers(etag: etag, encoding: nil, isNotModified: false), body: body)
            .prepared()
        gzip = gzipBody.map {
            HTTPResponse(status: .ok, headers: headers(etag: gzipETag, encoding: "gzip", isNotModified: false), body: $0)
                .prepared()
        }
        if validated {
            notModified = HTTPResponse(
                status: .notModified, headers: headers(etag: etag, encoding: nil, isNotModified: true)
            ).prepared()
            notModifiedGzip = gzipBody == nil ? nil : HTTPResponse(
                status: .notModified, headers: headers(etag: gzipETag, encoding: nil, isNotModified: true)
            ).prepared()
        } else {
            notModified = nil
            notModifiedGzip = nil
        }
        let headBytes = 4 * 400  // four prepared heads of a few hundred bytes each
        // Capacity, not count: what the bodies really hold in memory is what the bound is about.
        cost = body.capacity + (gzipBody?.capacity ?? 0) + headBytes + Self.overheadBytes
    }

    /// `bytes` in a buffer of its own size. Encoders grow their output by doubling, so a body can carry
    /// up to as much spare capacity again; kept for the entry's lifetime, that would let the cache hold
    /// twice its byte bound.
    static func compacted(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.capacity > bytes.count + bytes.count / 16 + 64 else { return bytes }
        return Array(unsafeUninitializedCapacity: bytes.count) { buffer, count in
            bytes.withUnsafeBufferPointer { _ = buffer.initialize(from: $0) }
            count = bytes.count
        }
    }

    /// This entry again, with the same body (shared, not copied), entity tags and fields, and
    /// - another `Cache-Control` when one is given (a picture drawn from a `src` document, whose value holds only
    ///   for the document's remaining lifetime), so a hit on it costs what a hit on the entry costs;
    /// - the gzip copy `gzip` says: `.kept` keeps this entry's, `.compress` builds the one a deferred entry lacks.
    func rebuilt(cacheControl: String? = nil, gzip copy: GzipCopy) -> CacheEntry {
        CacheEntry(
            key: key, body: body, format: key.format, style: style, route: route, fields: extraFields,
            cacheControl: cacheControl ?? self.cacheControl, validated: validated, variesByAccept: variesByAccept,
            gzip: copy, kept: gzipBody)
    }

    /// A rendered image: strong entity tags, `Cache-Control: public, max-age=…`, and for SVG the
    /// Content-Security-Policy of docs/design.md §Caching and headers. `gzip: .deferred` leaves an SVG without its gzip copy for now
    /// (``rebuilt(cacheControl:gzip:)`` adds it): the miss of a client that takes identity is answered first.
    static func image(
        key: CacheKey, body: [UInt8], route: RequestRoute, configuration: AppConfiguration, gzip copy: GzipCopy = .compress
    ) -> CacheEntry {
        CacheEntry(
            key: key, body: body, format: key.format, style: route.rawValue, route: route,
            fields: commonFields(key.format), cacheControl: "public, max-age=\(configuration.maxAge)", validated: true,
            variesByAccept: false, gzip: copy)
    }

    /// Whether this entry could carry a gzip copy it does not have yet.
    var lacksGzipCopy: Bool { gzipBody == nil && key.format == .svg }

    /// An error image (docs/design.md §Errors): status 200 so it is shown, `X-Ring-Error` with the message, a short
    /// `max-age`, and no entity tag (nothing to revalidate: the URL is about to be fixed). `Vary: Accept`,
    /// because the same URL without an image type in `Accept` is a 400 text answer: without it, a shared
    /// cache would hand the image to scripts (and, while it holds the image, hide the 400 from them).
    static func errorImage(
        key: CacheKey, body: [UInt8], format: OutputFormat, message: String, route: RequestRoute,
        configuration: AppConfiguration
    ) -> CacheEntry {
        CacheEntry(
            key: key, body: body, format: format, style: "error", route: route,
            fields: ErrorHeader.fields(message) + commonFields(format),
            cacheControl: "public, max-age=\(configuration.errorMaxAge)", validated: false,
            variesByAccept: true)
    }

    private static func commonFields(_ format: OutputFormat) -> [(String, String)] {
        var fields = [("X-Content-Type-Options", "nosniff")]
        if format == .svg {
            // An SVG opened directly is a document: no scripts, no fetches, only its own inline styles.
            fields.append(("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"))
        }
        return fields
    }

    /// The response for `request`: a 304 when `If-None-Match` matches (weak comparison; `*` matches),
    /// else the 200 in the coding `Accept-Encoding` prefers.
    func response(for request: HTTPRequest) -> HTTPResponse {
        let coding = gzip == nil ? .identity : ContentCoding.preferred(by: request.headers)
        if let notModified, let condition = EntityTagCondition(request.headers) {
            if let notModifiedGzip, condition.lists(key.gzipETag) { return notModifiedGzip }
            if condition.lists(key.etag) { return notModified }
            if condition.matchesAny { return coding == .gzip ? notModifiedGzip ?? notModified : notModified }
        }
        if coding == .gzip, let gzip { return gzip }
        return identity
    }
}
