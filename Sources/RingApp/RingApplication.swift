import Logging
import RingCore
import RingFetch
import RingText
import RingHTTP
import RingSync

/// The ringd responder: routes a request to health, metrics, an image route or 404, applies the error
/// policy (docs/design.md §Errors), and serves images from the cache (docs/design.md §Caching and headers).
///
/// Methods other than GET/HEAD never reach it: the server answers those.
///
/// **Image path.** A repeated URL is answered from its alias (no decoding, no hashing); otherwise the
/// query is decoded and the ``CacheKey`` looked up. A hit is a prepared response chosen by
/// `If-None-Match` and `Accept-Encoding`, answered on the I/O queue. A miss becomes a ``RenderJob`` on
/// the ``RenderPool``: the server's connection waits (``HTTPResponderResult/deferred``) while one render
/// serves every concurrent request for the key, or gets 503 with `Retry-After` when the queue is full.
/// The synchronous ``respond(to:)`` renders inline instead (tests and tools).
public struct RingApplication: HTTPResponder {
    public let configuration: AppConfiguration
    public let cache: RenderCache
    public let metrics: Metrics
    let renderer: ImageRenderer
    /// The fonts labels and error messages are set in (loaded once, at start).
    public var typeface: Typeface { renderer.typeface }
    let pool: RenderPool<CacheKey, RenderOutcome>
    /// What `/readyz` reports; ``Readiness/beginDraining()`` when a drain starts.
    public let readiness = Readiness()
    /// `--access-log`, or nil.
    let accessLog: AccessLog?
    /// `src` documents held, by URL (docs/design.md §Sources).
    let sources: SourceStore
    /// The fetch threads and client; nil when sources are off or their settings cannot work.
    let sourceFetcher: SourceFetcher?
    /// Why ``sourceFetcher`` is nil, for the error a `src` request gets.
    let sourceUnavailableReason: String
    /// Who a request counts as, and the shares of the queues one client may hold.
    let shares: ClientShares
    /// Warning lines about protocol errors (``answeredProtocolError(_:reason:)``) left this minute.
    let protocolErrorLogLimit = LogRateLimit(linesPerMinute: RingApplication.protocolErrorLogLinesPerMinute)
    /// Protocol errors logged at warning level per minute, at most; all of them are counted in `/metrics`.
    static let protocolErrorLogLinesPerMinute = 20
    static let refusalLogger = Logger(label: "ringd.http")

    /// - Parameter now: the clock for error-image expiry (tests inject one).
    public init(
        configuration: AppConfiguration = AppConfiguration(),
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.configuration = configuration
        self.renderer = ImageRenderer(
            typeface: configuration.fontDirectory.map { Typeface(directories: [$0]) } ?? .system)
        self.cache = RenderCache(
            capacity: configuration.cacheBytes, errorTTL: .seconds(configuration.errorMaxAge), now: now)
        self.metrics = Metrics()
        self.shares = ClientShares(trustedProxies: configuration.trustedProxies, percent: configuration.clientSharePercent)
        self.pool = RenderPool(
            threads: configuration.renderThreads, queueLimit: configuration.renderQueueLimit,
            memoryBudget: configuration.renderMemoryBytes, cheapWork: RenderMemory.cheapWork, expressLane: true,
            clientShare: shares.share(of: configuration.renderQueueLimit))
        self.accessLog = configuration.accessLog ? AccessLog(format: configuration.logFormat) : nil
        self.sources = SourceStore(configuration: configuration.sources, now: now)
        if configuration.sources.enabled {
            do {
                self.sourceFetcher = try SourceFetcher(configuration: configuration.sources, shares: shares)
                self.sourceUnavailableReason = ""
            } catch {
                self.sourceFetcher = nil
                self.sourceUnavailableReason = "this server cannot fetch documents (\(error))"
            }
        } else {
            self.sourceFetcher = nil
            self.sourceUnavailableReason = "this server does not fetch documents (--sources off)"
        }
    }

    /// Checks the settings a server must refuse to start with (today: the `src` settings: `--source-allow` and
    /// `--source-deny` entries, `--source-ca-file`), so an operator hears it at start, not from a client.
    public static func validate(_ configuration: AppConfiguration) throws(SourceSetupError) {
        guard configuration.sources.enabled else { return }
        _ = try SourceFetcher(configuration: configuration.sources)
    }

    /// What a request needs: an answer now, or a render first.
    enum Plan {
        /// An answer now; `route`, `hit` (served from the cache) and `refusal` (the error a 4xx text answer
        /// states) are for the access log.
        case answer(HTTPResponse, route: RequestRoute, hit: Bool, refusal: QueryError? = nil)
        case render(RenderJob)
        /// The values come from a `src` document that must be fetched first (on a fetch thread).
        case fetch(SourceQuery, route: RequestRoute)
    }

    /// `.answer`, counted for `/metrics`.
    func answer(
        _ response: HTTPResponse, route: RequestRoute, format: OutputFormat?, hit: Bool = false, refusal: QueryError? = nil
    ) -> Plan {
        .answer(counted(response, route: route, format: format), route: route, hit: hit, refusal: refusal)
    }

    /// Answers at once, rendering on the calling thread if needed.
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        let start = ContinuousClock.now
        var next = plan(request)
        if case .fetch(let source, _) = next { next = planAfterFetch(source, request: request) }
        let (response, route): (HTTPResponse, RequestRoute)
        switch next {
        case .answer(let answer, let answerRoute, _, _): (response, route) = (answer, answerRoute)
        case .render(let job): (response, route) = (finish(job.run(self), job: job, request: request), job.route)
        case .fetch(_, let fetchRoute): (response, route) = (Self.overloaded, fetchRoute)  // planAfterFetch never fetches again
        }
        metrics.observeRequest(route: route, status: response.status.code, since: start)
        return response
    }

    /// Answers at once when it can; renders on the pool (``HTTPResponderResult/deferred``) or refuses
    /// with 503 when the render queue is full.
    public func respond(to request: HTTPRequest, deferral: HTTPDeferral) -> HTTPResponderResult {
        // The handling time, for ringd_http_request_duration_seconds and the access log.
        dispatch(plan(request), request: request, deferral: deferral, start: ContinuousClock.now)
    }

    /// Carries out `plan`: an answer now, a render on the render pool, or a fetch on the fetch pool followed
    /// by planning again with its outcome (which answers or renders: never a second fetch).
    private func dispatch(
        _ plan: Plan, request: HTTPRequest, deferral: HTTPDeferral, start: ContinuousClock.Instant
    ) -> HTTPResponderResult {
        switch plan {
        case .answer(let response, let route, let hit, let refusal):
            metrics.observeRequest(route: route, status: response.status.code, since: start)
            if let accessLog {
                accessLog.record(request, response, route: route, cache: hit ? .hit : .none, since: start, refusal: refusal)
            }
            return .response(response)
        case .fetch(let source, let route):
            guard let fetcher = sourceFetcher else { return .response(Self.overloaded) }
            let app = self
            let writer = deferral.makeWriter()
            let ticket = RenderPool<String, SourceStore.Lookup>.Ticket(key: source.url.description)
            let client = shares.client(of: request, peer: deferral.peer)
            let admission = fetcher.pool.submit(key: source.url.description, client: client, ticket: ticket, run: { _ in
                fetcher.fetch(source.url, store: app.sources, metrics: app.metrics)
            }, completion: { lookup in
                var next = app.planImage(request, fetched: lookup)
                if case .fetch = next { next = .answer(Self.overloaded, route: route, hit: false) }
                let again = HTTPDeferral(writer: writer, peer: deferral.peer)
                if case .response(let response) = app.dispatch(next, request: request, deferral: again, start: start) {
                    writer.write(response)
                }
            }, cancelled: {
                if let accessLog = app.accessLog { accessLog.recordClientGone(request, route: route, since: start) }
            })
            if admission == .overShare {
                metrics.refusals.countClientShare(.fetchQueue)
                return .response(counted(Self.overShare, route: route, format: nil))
            }
            if admission == .rejected {
                metrics.refusals.countFetchRejected()
                metrics.observeRequest(route: route, status: Self.fetchesOverloaded.status.code, since: start)
                return .response(counted(Self.fetchesOverloaded, route: route, format: nil))
            }
            // A fetch nobody waits for any more is dropped before it starts; a running one finishes (its document is
            // kept for the next request).
            writer.onAbandon {
                app.answerAbandoned(request, route: route)
                if fetcher.pool.withdraw(ticket) == .dropped { app.metrics.refusals.countFetchCancelled() }
            }
            return .deferred
        case .render(let planned):
            let app = self
            let writer = deferral.makeWriter()
            // An SVG miss for a client that takes identity is answered before its gzip copy is built.
            let job = planned.deferringGzip(for: request)
            // Whether this request started the render or joined one, known once `submit` returns (a joined
            // render can finish before that: then it was a join).
            let use = LockedValue<AccessLog.CacheUse?>(nil)
            let ticket = RenderPool<CacheKey, RenderOutcome>.Ticket(key: job.key)
            let admission = pool.submit(
                key: job.key, cost: job.cost, estimate: job.estimate, client: shares.client(of: request, peer: deferral.peer),
                ticket: ticket,
                run: { control in job.run(app, control: control) }
            ) { outcome in
                app.observeRenderQueue()
                let response = app.finish(outcome, job: job, request: request)
                writer.write(response)
                app.metrics.observeRequest(route: job.route, status: response.status.code, since: start)
                if let accessLog = app.accessLog {
                    let cache = use.withLock { $0 } ?? .join
                    accessLog.record(request, response, route: job.route, cache: cache, since: start,
                                     renderSeconds: outcome.renderSeconds)
                }
            } cancelled: {
                app.observeRenderQueue()
                if let accessLog = app.accessLog { accessLog.recordClientGone(request, route: job.route, since: start) }
            } afterwards: { outcome in
                job.completeDeferredWork(outcome, app: app)
            }
            observeRenderQueue()
            if admission == .queued || admission == .joined {
                // The client left: its place is given up, and a render nobody waits for is dropped or stopped.
                writer.onAbandon {
                    app.answerAbandoned(request, route: job.route)
                    if app.pool.withdraw(ticket) == .dropped { app.metrics.refusals.countRenderCancelled() }
                }
            }
            switch admission {
            case .rejected, .overShare:
                if admission == .overShare { metrics.refusals.countClientShare(.renderQueue) } else { metrics.countRejected() }
                let response = counted(
                    admission == .overShare ? Self.overShare : Self.overloaded, route: job.route, format: job.key.format)
                metrics.observeRequest(route: job.route, status: response.status.code, since: start)
                if let accessLog { accessLog.record(request, response, route: job.route, cache: .busy, since: start) }
                return .response(response)
            case .joined:
                metrics.countJoined()
                use.withLock { $0 = $0 ?? .join }
                return .deferred
            case .queued:
                use.withLock { $0 = $0 ?? .miss }
                return .deferred
            }
        }
    }

    /// Counts the server's own refusal by status and reason, and logs it at warning level (at most
    /// ``protocolErrorLogLinesPerMinute`` lines a minute, so garbage cannot flood the log) besides the access log's line.
    /// A deferred answer that will not be delivered. During a shutdown that is a response cut at exit (the grace
    /// deadline passed, or the client left): logged at warning level every time, with or without `--access-log`.
    func answerAbandoned(_ request: HTTPRequest, route: RequestRoute) {
        guard readiness.isDraining else { return }
        Self.refusalLogger.warning("response not delivered during shutdown", metadata: [
            "route": "\(route.rawValue)", "target": "\(AccessLog.excerpt(request.target))",
        ])
    }

    /// Lets `/readyz` follow the render queue (``Readiness``' saturation marks).
    func observeRenderQueue() {
        readiness.observeRenderQueue(queued: pool.queuedJobs, limit: pool.queueLimit)
    }

    public func answeredProtocolError(_ status: HTTPStatus, reason: String) {
        metrics.refusals.countProtocolError(status: status.code, reason: reason)
        accessLog?.recordProtocolError(status, reason: reason)
        if protocolErrorLogLimit.allow() {
            Self.refusalLogger.warning("protocol error", metadata: ["status": "\(status.code)", "reason": "\(reason)"])
        }
    }

    func plan(_ request: HTTPRequest) -> Plan {
        switch request.path {
        case "/healthz":
            return answer(healthy, route: .healthz, format: nil)
        case "/readyz":
            observeRenderQueue()
            let response = readiness.isDraining ? Self.draining : readiness.isSaturated ? Self.saturated : Self.ready
            return answer(response, route: .readyz, format: nil)
        case "/metrics":
            let text = metrics.exposition(
                cache: cache.statistics, sourceDocuments: sources.count,
                renderQueue: (pool.queuedJobs, configuration.renderQueueLimit))
            let response = HTTPResponse(
                status: .ok,
                headers: HTTPHeaders([
                    ("Content-Type", PrometheusText.contentType), ("Cache-Control", "no-store"),
                    ("X-Content-Type-Options", "nosniff"),
                ]),
                body: Array(text.utf8))
            return answer(response, route: .metrics, format: nil)
        case "/":
            return answer(Self.builder.response(for: request), route: .index, format: nil)
        case "/openapi.json":
            return answer(Self.openAPI.response(for: request), route: .openapi, format: nil)
        default:
            if let entry = cache.entry(forTarget: request.target) {
                return answer(entry.response(for: request), route: entry.route, format: entry.key.format, hit: true)
            }
            if let hit = sourceHit(request) { return hit }
            return planImage(request)
        }
    }

    /// An image route: decoded once (``ImageResolution``, shared with `ringd render`), then a cache hit, a
    /// render, or the error policy.
    func planImage(_ request: HTTPRequest, fetched: SourceStore.Lookup? = nil) -> Plan {
        switch ImageResolution(path: request.path, query: request.query, typeface: typeface) {
        case .notFound:
            let response = HTTPResponse.text(.notFound, Self.notFoundText(path: request.path))
            return answer(response, route: .notFound, format: nil)
        case .invalid(let error, let route, let format, let strict):
            return planError(error, route: RequestRoute(route), format: format, request: request, strict: strict)
        case .source(let source, let query, let route, let format, let strict):
            return planSource(source, query: query, route: route, format: format, strict: strict, request: request,
                              fetched: fetched)
        case .image(let spec, let imageRoute, let format, let strict, let ignored):
            let route = RequestRoute(imageRoute)
            let key = CacheKey(spec: spec, format: format, typeface: typeface)
            // A target with ignored parameters is never aliased: its answers carry X-Ring-Ignored, which an alias
            // hit (answered without decoding) would not add.
            let alias = ignored.isEmpty ? request.target : nil
            if let entry = cache.entry(for: key, aliasing: alias) {
                return answer(Self.naming(ignored, in: entry.response(for: request)), route: route, format: format, hit: true)
            }
            // The render memory budget (docs/design.md §Operations): a picture whose render alone would not fit is refused by
            // name; the others wait in the queue until their estimates fit beside the running ones.
            let cost = RenderMemory.estimate(spec, format: format, typeface: typeface)
            if cost > configuration.renderMemoryBytes {
                let error = RenderMemory.refusal(spec, estimate: cost, budget: configuration.renderMemoryBytes)
                return planError(error, route: route, format: format, request: request, strict: strict)
            }
            var job = RenderJob(key: key, kind: .image(spec), route: route, target: alias, cost: cost)
            job.ignored = ignored
            job.estimate = RenderMemory.workEstimate(spec, format: format, typeface: typeface)
            return .render(job)
        }
    }

    /// `response` with `X-Ring-Ignored` naming `ignored` (unchanged, still prepared, when there are none).
    static func naming(_ ignored: [String], in response: HTTPResponse) -> HTTPResponse {
        guard !ignored.isEmpty else { return response }
        var named = response
        named.headers.add(name: IgnoredParameters.header, value: headerSafe(ignored.joined(separator: ", ")))
        return named
    }

    /// The body of the 400 text answer to a bad query (also what `ringd render` prints on standard error).
    static func badRequestText(_ error: QueryError) -> String {
        error.message + "\n"
    }

    /// The body of the 404 answer for `path`: the route family it came near (an image route with another extension
    /// or more path), else the routes there are. Never the path itself: it is the client's text, and a 404 that
    /// echoes it is a reflection a browser or a log viewer may be fooled by.
    static func notFoundText(path: String) -> String {
        let name = path.dropFirst().prefix { $0 != "." && $0 != "/" }
        if path.hasPrefix("/"), let route = ImageRoute(rawValue: String(name)) {
            let family = "/" + route.rawValue
            return "not found: the \(family) route answers at \(family), \(family).svg and \(family).png only\n"
        }
        return "not found: no such route; " + routeList + "\n"
    }

    /// What ringd serves, for the 404 answer.
    static let routeList = "ringd serves "
        + ImageRoute.allCases.map { "/" + $0.rawValue }.joined(separator: ", ")
        + " (each also with .svg or .png), /, /openapi.json, /healthz, /readyz and /metrics"

    /// docs/design.md §Errors: image clients (Accept names an image type) get 200 + an error image so the message is seen
    /// where the image would be; everyone else, or `strict=1`, gets 400 text.
    func planError(
        _ error: QueryError, route: RequestRoute, format: OutputFormat, request: HTTPRequest, strict: Bool,
        status: HTTPStatus = .badRequest
    ) -> Plan {
        let message = error.message
        guard !strict, Self.acceptsImage(request.headers) else {
            let response = HTTPResponse.text(status, Self.badRequestText(error), headers: HTTPHeaders([
                ("Cache-Control", "no-store"),
                // An image client gets this URL's error as a (cacheable) image: see CacheEntry.errorImage.
                ("Vary", "Accept"),
                ("Access-Control-Allow-Origin", "*"),
            ] + ErrorHeader.fields(message)))
            return answer(response, route: route, format: format, refusal: error)
        }
        let query = try? QueryString(parsing: request.query)
        // The error card's side: the query's size when it reads as a number, else the table's default.
        let size = (query?["size"].flatMap(ValueSyntax.decimal) ?? Self.defaultSize)
            .map { min(max($0, RingLimits.size.lowerBound), RingLimits.size.upperBound) } ?? RingLimits.size.lowerBound
        let badge = route == .badge ? ErrorBadge(error, query: query, typeface: typeface) : nil
        let key = CacheKey(errorMessage: message, size: size, format: format, typeface: typeface, badge: badge)
        if let entry = cache.errorEntry(for: key) {
            return answer(entry.response(for: request), route: route, format: format, hit: true)
        }
        return .render(RenderJob(key: key, kind: .error(message: message, size: size, badge: badge), route: route, target: nil))
    }

    /// The parameter table's default `size`, the side of an error card whose query gives none.
    static let defaultSize = ParameterTable.standard.commonDefault("size").flatMap(ValueSyntax.decimal)

    /// The response a finished render gives `request` (each waiter its own: conditions and codings differ).
    func finish(_ outcome: RenderOutcome, job: RenderJob, request: HTTPRequest) -> HTTPResponse {
        switch outcome {
        case .entry(let entry, _):
            let response = Self.naming(job.ignored,
                in: job.sourceFields.map { $0.apply(to: entry.response(for: request)) } ?? entry.response(for: request))
            return counted(response, route: job.route, format: job.key.format)
        case .cancelled:
            // Stopped for want of clients just as this one joined: it may ask again.
            return counted(Self.overloaded, route: job.route, format: job.key.format)
        }
    }

    /// `response`, after counting it for `/metrics`.
    private func counted(_ response: HTTPResponse, route: RequestRoute, format: OutputFormat?) -> HTTPResponse {
        metrics.countRequest(route: route, format: format, status: response.status.code)
        return response
    }

    /// Seconds a client is asked to wait after a 503.
    static let retryAfterSeconds = 1

    /// The render queue is full: try again shortly (RFC 9110 §15.6.4).
    static let overloaded = HTTPResponse.text(
        .serviceUnavailable, "busy: too many images are being drawn; retry in \(retryAfterSeconds) s\n",
        headers: HTTPHeaders([("Retry-After", String(retryAfterSeconds)), ("Cache-Control", "no-store")])
    ).prepared()

    /// This client (its address, its IPv6 /64) already has its share of the queue waiting (``ClientShares``); others
    /// are still served (RFC 6585 §4).
    static let overShare = HTTPResponse.text(
        .tooManyRequests, "too many requests from your address are waiting; retry in \(retryAfterSeconds) s\n",
        headers: HTTPHeaders([("Retry-After", String(retryAfterSeconds)), ("Cache-Control", "no-store")])
    ).prepared()

    /// The `src` fetch queue is full: try again shortly.
    static let fetchesOverloaded = HTTPResponse.text(
        .serviceUnavailable, "busy: too many src documents are being fetched; retry in \(retryAfterSeconds) s\n",
        headers: HTTPHeaders([("Retry-After", String(retryAfterSeconds)), ("Cache-Control", "no-store")])
    ).prepared()

    /// `/healthz`: "ok", and when no label font was found a second line saying labels fall back to ASCII (the
    /// service works, but an operator should know).
    var healthy: HTTPResponse {
        typeface.fonts == nil ? Self.healthyWithoutFonts : Self.healthyWithFonts
    }

    static let healthyWithFonts = HTTPResponse.text(.ok, "ok", headers: HTTPHeaders([("Cache-Control", "no-store")]))
        .prepared()
    static let healthyWithoutFonts = HTTPResponse.text(
        .ok, "ok\n" + Typeface.strokeOnly.summary + "\n", headers: HTTPHeaders([("Cache-Control", "no-store")])
    ).prepared()

    /// `/readyz` while serving, and while draining (a load balancer stops sending new requests; the process
    /// still answers them, and `/healthz` stays 200 so it is not killed early).
    static let ready = HTTPResponse.text(.ok, "ready\n", headers: HTTPHeaders([("Cache-Control", "no-store")])).prepared()
    static let draining = HTTPResponse.text(
        .serviceUnavailable, "draining: shutting down, send new requests elsewhere\n",
        headers: HTTPHeaders([("Cache-Control", "no-store")])
    ).prepared()

    /// `/readyz` while the render queue is saturated (``Readiness``): new work is better sent to another replica.
    static let saturated = HTTPResponse.text(
        .serviceUnavailable, "busy: the render queue is saturated, send new requests elsewhere\n",
        headers: HTTPHeaders([("Cache-Control", "no-store"), ("Retry-After", String(retryAfterSeconds))])
    ).prepared()

    /// The media type `/` answers with, as `/openapi.json` documents it (a test checks they agree).
    static let indexContentType = "text/html; charset=utf-8"

    /// The URL builder page at `/`, generated from the parameter table on first use and kept. Its CSP allows the
    /// page's own inline style and script by hash (see ``BuilderPage``).
    static let builder: PreparedDocument = {
        let page = BuilderPage()
        return PreparedDocument(
            body: Array(page.html.utf8), contentType: indexContentType,
            withBody: [
                ("Content-Security-Policy", page.contentSecurityPolicy), ("X-Content-Type-Options", "nosniff"),
                ("Referrer-Policy", "no-referrer"),
            ])
    }()

    /// `/openapi.json`, generated from the standard parameter table on first use and kept.
    /// `Access-Control-Allow-Origin: *` lets API tools on other origins read it.
    static let openAPI = PreparedDocument(
        body: Array(OpenAPIDocument.json(indexContentType: indexContentType).text.utf8),
        contentType: "application/json", everyResponse: [("Access-Control-Allow-Origin", "*")],
        withBody: [("X-Content-Type-Options", "nosniff")])

    /// True when an `Accept` media range names an image type (`image/*`, `image/png`, …) with non-zero q.
    static func acceptsImage(_ headers: HTTPHeaders) -> Bool {
        for value in headers.values(for: "Accept") {
            for range in value.split(separator: ",") {
                let parts = range.split(separator: ";")
                guard let type = parts.first?.trimmingCharacters(in: " \t").lowercased(), type.hasPrefix("image/") else {
                    continue
                }
                let q = parts.dropFirst().first { $0.trimmingCharacters(in: " \t").lowercased().hasPrefix("q=") }
                if let q, let v = Double(q.trimmingCharacters(in: " \t").dropFirst(2)), v <= 0 { continue }
                return true
            }
        }
        return false
    }

    /// Header values must be visible ASCII: anything else becomes `?`.
    static func headerSafe(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(300).map { (0x20...0x7E).contains($0.value) ? $0 : "?" }))
    }
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

/// `/ring`, `/ring.svg`, `/ring.png` → route and (optional) format from the extension; `/badge/<label>-<message>-<color>`
/// (shields' path form, ``BadgePath``) → the badge route with that text still to read.
struct ImageTarget: Hashable {
    let route: ImageRoute
    let format: OutputFormat?
    /// The path form's `<label>-<message>-<color>`, still percent-encoded and without its extension.
    var badgePath: String?

    init?(path: String) {
        guard path.hasPrefix("/") else { return nil }
        if path.hasPrefix(BadgePath.prefix) {
            var rest = Substring(path.dropFirst(BadgePath.prefix.count))
            // A format extension is optional, so a message such as v1.2 keeps its dot.
            if let dot = rest.lastIndex(of: "."), let format = OutputFormat(rawValue: String(rest[rest.index(after: dot)...])) {
                self.format = format
                rest = rest[..<dot]
            } else {
                self.format = nil
            }
            guard !rest.isEmpty, !rest.contains("/") else { return nil }
            self.route = .badge
            self.badgePath = String(rest)
            return
        }
        var name = Substring(path.dropFirst())
        var format: OutputFormat?
        if let dot = name.lastIndex(of: ".") {
            guard let f = OutputFormat(rawValue: String(name[name.index(after: dot)...])) else { return nil }
            format = f
            name = name[..<dot]
        }
        guard let route = ImageRoute(rawValue: String(name)) else { return nil }
        self.route = route
        self.format = format
    }
}
