import RingCore
import RingHTTP

/// A render that a request needs and the cache lacks; run on a render thread (or inline by the
/// synchronous API), it stores its result in the cache before anyone waiting sees it.
struct RenderJob: Sendable {
    enum Kind: Sendable {
        /// The picture of a validated spec.
        case image(RingSpec)
        /// An error image (docs/design.md §Errors) showing `message`: a card of side `size`, or `badge`.
        case error(message: String, size: Double, badge: ErrorBadge?)
    }

    let key: CacheKey
    let kind: Kind
    /// The route, for metrics labels (`ring`, `activity`, …).
    let route: RequestRoute
    /// The request target to alias to the key once rendered (images only).
    let target: String?
    /// Estimated peak memory of the render, in bytes (``RenderMemory``); error images cost little.
    var cost: Int = 0
    /// For a picture drawn from a `src` document: the headers that say how long its value holds.
    var sourceFields: SourceFields?
    /// Query parameters the route does not read, named in the answer's `X-Ring-Ignored`.
    var ignored: [String] = []
    /// Whether an SVG's gzip copy waits until the reply is sent (``completeDeferredWork(_:app:)``): the request
    /// that started the render takes identity, so compressing first would only delay its answer.
    var defersGzip = false

    /// Estimated work of the render, in device pixels drawn (``RenderMemory/workEstimate(_:format:typeface:)``):
    /// what sorts cheap jobs before heavy ones.
    var estimate: Int = 0

    /// Renders, caches and times the result; stops (``RenderOutcome/cancelled``) when `control` says so.
    func run(_ app: RingApplication, control: RenderControl? = nil) -> RenderOutcome {
        let clock = ContinuousClock()
        let start = clock.now
        let entry: CacheEntry
        switch kind {
        case .image(let spec):
            guard let body = app.renderer.body(spec, format: key.format, digest: key.digest, control: control) else {
                app.metrics.refusals.countRenderCancelled()
                return .cancelled
            }
            entry = .image(
                key: key, body: body, route: route, configuration: app.configuration,
                gzip: defersGzip ? .deferred : .compress)
            app.cache.insert(entry, aliasing: target)
        case .error(let message, let size, let badge):
            let image = badge.map { app.renderer.errorImage($0, format: key.format) }
                ?? app.renderer.errorImage(message: message, size: size, format: key.format)
            entry = .errorImage(
                key: key, body: image.bytes, format: image.format, message: message, route: route,
                configuration: app.configuration)
            app.cache.insertError(entry)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        app.metrics.observeRender(style: entry.style, format: key.format.rawValue, seconds: seconds)
        return .entry(entry, renderSeconds: seconds)
    }
}

extension RenderJob {
    /// This job with ``defersGzip`` set when it suits the client that starts it: an SVG picture (not one drawn
    /// from a `src` document, whose entry is restamped on every use) for a client that takes identity.
    func deferringGzip(for request: HTTPRequest) -> RenderJob {
        guard case .image = kind, key.format == .svg, sourceFields == nil,
            ContentCoding.preferred(by: request.headers) != .gzip
        else { return self }
        var job = self
        job.defersGzip = true
        return job
    }

    /// After the reply: the gzip copy a deferred SVG entry lacks, built on the render thread and stored over the
    /// entry (until then, hits answer identity, which is correct for every client, only larger).
    func completeDeferredWork(_ outcome: RenderOutcome, app: RingApplication) {
        guard defersGzip, case .entry(let entry, _) = outcome, entry.lacksGzipCopy else { return }
        app.cache.insert(entry.rebuilt(gzip: .compress), aliasing: target)
    }
}

/// What a render produced: a cache entry, or nothing because it was stopped.
enum RenderOutcome: Sendable {
    /// The cached result and the seconds its render took.
    case entry(CacheEntry, renderSeconds: Double)
    /// Stopped between frames: every client waiting for it had gone (``RenderControl``).
    case cancelled

    /// Seconds the render took, or nil when it was stopped.
    var renderSeconds: Double? {
        if case .entry(_, let seconds) = self { return seconds }
        return nil
    }
}
