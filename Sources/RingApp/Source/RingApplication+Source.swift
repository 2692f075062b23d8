import RingCore
import RingFetch
import RingHTTP

/// Headers that make a picture drawn from a `src` document differ from the same picture with its values in the
/// URL: a `max-age` no longer than the document stays fresh (so GitHub's image proxy and browsers ask again),
/// and `X-Ring-Source: stale` while the last good value stands in for an upstream that fails. The body and
/// the ETag are the picture's own, so a revalidation gets 304 while the value has not changed.
struct SourceFields: Sendable {
    let maxAge: Int
    let stale: Bool

    var cacheControl: String { "public, max-age=\(maxAge)" }

    func apply(to response: HTTPResponse) -> HTTPResponse {
        var response = response
        response.headers.replaceOrAdd(name: "Cache-Control", value: cacheControl)
        if stale { response.headers.add(name: "X-Ring-Source", value: "stale") }
        return response
    }
}

extension RingApplication {
    /// A request whose values come from a `src` document: answered from the document held (fresh or stale),
    /// with its failure, or, when a fetch is due, `.fetch` (the caller runs it on a fetch thread and plans
    /// again with its outcome as `fetched`).
    func planSource(
        _ source: SourceQuery, query: QueryString, route imageRoute: ImageRoute, format: OutputFormat, strict: Bool,
        request: HTTPRequest, fetched: SourceStore.Lookup? = nil
    ) -> Plan {
        let route = RequestRoute(imageRoute)
        func fail(_ problem: SourceProblem) -> Plan {
            planError(problem.queryError, route: route, format: format, request: request, strict: strict, status: problem.status)
        }
        guard let fetcher = sourceFetcher else {
            return fail(SourceProblem("src", sourceUnavailableReason, status: .badRequest, result: "refused"))
        }
        // What can be refused without a lookup (scheme, denied or local names, literal addresses) is refused here,
        // on the I/O loop, before a fetch is queued; resolved addresses are checked on the fetch thread.
        if let refusal = fetcher.client.configuration.policy.check(source.url) {
            metrics.countSourceFetch(result: "refused", seconds: 0)
            return fail(SourceProblem("src", "\(refusal)", status: .badRequest, result: "refused"))
        }
        let lookup = fetched ?? sources.lookup(source.url.description)
        let document: SourceStore.Document
        let fields: SourceFields
        switch lookup {
        case .fetch:
            // Planned again after a fetch, the outcome is passed in; a `.fetch` then would loop.
            guard fetched == nil else { return fail(SourceProblem("src", "the document could not be kept")) }
            return .fetch(source, route: route)
        case .failed(let problem):
            return fail(problem)
        case .fresh(let d, let maxAge):
            document = d
            fields = SourceFields(maxAge: maxAge, stale: false)
        case .stale(let d, let maxAge):
            document = d
            fields = SourceFields(maxAge: maxAge, stale: true)
        }
        let merged: (query: QueryString, fromDocument: Set<String>)
        do {
            merged = try SourceValues.merged(query, document: document.json, source: source, route: imageRoute)
        } catch {
            return fail(error)
        }
        let spec: RingSpec
        do {
            spec = try QueryDecoder.decode(route: imageRoute, query: merged.query, typeface: typeface)
        } catch {
            // A value the document gave is the upstream's mistake (502); one in the URL is the request's (400).
            if merged.fromDocument.contains(error.parameter) {
                return fail(SourceProblem("src", "the document's \(error.message)"))
            }
            // No progress anywhere: say so in terms of the document, which is where it was expected.
            let progressNames: Set<String> = ["p", "value", "total"]
            if progressNames.contains(error.parameter), !query.items.contains(where: { progressNames.contains($0.name) }) {
                return fail(SourceProblem(
                    "src", "the document gives no value: put p (or value and total) in it, a message like \"87%\", or pick a number with query="))
            }
            return planError(error, route: route, format: format, request: request, strict: strict)
        }
        let key = CacheKey(spec: spec, format: format, typeface: typeface)
        if !fields.stale {
            sources.alias(request.target, document: document, key: key)
        }
        if let entry = cache.entry(for: key) {
            return answer(fields.apply(to: entry.response(for: request)), route: route, format: format, hit: true)
        }
        let cost = RenderMemory.estimate(spec, format: format, typeface: typeface)
        if cost > configuration.renderMemoryBytes {
            let error = RenderMemory.refusal(spec, estimate: cost, budget: configuration.renderMemoryBytes)
            return planError(error, route: route, format: format, request: request, strict: strict)
        }
        return .render(RenderJob(key: key, kind: .image(spec), route: route, target: nil, cost: cost, sourceFields: fields))
    }

    /// The `src` of a fast hit: a target seen before whose document is still the same and fresh.
    ///
    /// The answer is a prepared response (the picture's entry restamped with the `max-age` of this second, kept on
    /// the alias), so such a hit costs about what a hit on a plain URL costs.
    func sourceHit(_ request: HTTPRequest) -> Plan? {
        guard sourceFetcher != nil, let (key, maxAge, stamped) = sources.aliased(request.target) else { return nil }
        if let stamped {
            return answer(stamped.response(for: request), route: stamped.route, format: key.format, hit: true)
        }
        guard let entry = cache.entry(for: key) else { return nil }
        let restamped = entry.rebuilt(
            cacheControl: SourceFields(maxAge: maxAge, stale: false).cacheControl, gzip: .kept)
        sources.keepStamped(restamped, maxAge: maxAge, for: request.target)
        return answer(restamped.response(for: request), route: entry.route, format: key.format, hit: true)
    }

    /// Runs the fetch a plan asked for on this thread (the synchronous API, and fetch threads) and plans again.
    func planAfterFetch(_ source: SourceQuery, request: HTTPRequest) -> Plan {
        guard let fetcher = sourceFetcher else { return planImage(request) }
        let lookup = fetcher.fetch(source.url, store: sources, metrics: metrics)
        return planImage(request, fetched: lookup)
    }
}
