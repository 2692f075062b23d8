import RingSync

/// ringd's counters, exposed at `/metrics` in the Prometheus text format.
///
/// A small exporter of our own rather than swift-metrics + swift-prometheus: the handful of series below
/// needs one mutex and a formatter, and adds nothing to a from-scratch CI build on two cores.
/// Cache figures are read from ``RenderCache`` and open connections from a gauge the server provides,
/// both at scrape time.
public final class Metrics: Sendable {
    struct RequestLabels: Hashable {
        let route: RequestRoute
        let format: OutputFormat?
        let status: Int
    }

    /// Statuses counted in the fixed table; others go to a dictionary.
    static let commonStatuses = [200, 304, 400, 404, 503]
    static let formatSlots = OutputFormat.allCases.count + 1  // + none

    /// Index into the fixed request table, or nil for an uncommon status.
    static func slot(_ labels: RequestLabels) -> Int? {
        guard let statusIndex = commonStatuses.firstIndex(of: labels.status) else { return nil }
        let routeIndex = RequestRoute.allCases.firstIndex(of: labels.route)!
        let formatIndex = labels.format.map { OutputFormat.allCases.firstIndex(of: $0)! + 1 } ?? 0
        return (routeIndex * formatSlots + formatIndex) * commonStatuses.count + statusIndex
    }

    struct RenderLabels: Hashable {
        let style: String
        let format: String
    }

    private struct State {
        /// Counts for the common statuses, indexed by ``slot(_:)``: a hit costs an increment, not a hash.
        var requestTable = [Int](
            repeating: 0, count: RequestRoute.allCases.count * Metrics.formatSlots * Metrics.commonStatuses.count)
        var requests: [RequestLabels: Int] = [:]
        var renders: [RenderLabels: Histogram] = [:]
        var rejected = 0
        var joined = 0
        /// `src` fetches by result (ok, stale, refused, timeout, tls, http, json), and their durations.
        var sourceFetches: [String: Int] = [:]
        var sourceSeconds = Histogram()
    }

    private let state = LockedValue(State())
    /// `ringd_http_request_duration_seconds`, one histogram per route and status class (Metrics+Conventions).
    let requestDurations = LockedValue(Metrics.emptyRequestDurations())
    /// Protocol errors, fetch-queue refusals and cancelled work (RefusalCounters).
    let refusals = RefusalCounters()
    private let openConnectionsGauge = LockedValue<(@Sendable () -> Int)?>(nil)

    public init() {}

    /// Where the open-connection count comes from (the server's `openConnections`), set once it exists.
    public func setOpenConnectionsSource(_ source: @escaping @Sendable () -> Int) {
        openConnectionsGauge.withLock { $0 = source }
    }

    /// Counts an answered request. `format` is nil for routes that are not images.
    func countRequest(route: RequestRoute, format: OutputFormat?, status: Int) {
        let labels = RequestLabels(route: route, format: format, status: status)
        if let slot = Self.slot(labels) {
            state.withLock { $0.requestTable[slot] += 1 }
        } else {
            state.withLock { $0.requests[labels, default: 0] += 1 }
        }
    }

    /// Records one render's duration.
    func observeRender(style: String, format: String, seconds: Double) {
        state.withLock { $0.renders[RenderLabels(style: style, format: format), default: Histogram()].observe(seconds) }
    }

    /// Counts a request turned away because the render queue was full.
    /// One `src` fetch ended with `result` after `seconds` (refusals, which send nothing, are counted with 0 s).
    func countSourceFetch(result: String, seconds: Double) {
        state.withLock {
            $0.sourceFetches[result, default: 0] += 1
            $0.sourceSeconds.observe(seconds)
        }
    }

    /// `src` fetches with `result` so far.
    func sourceFetchCount(_ result: String) -> Int { state.withLock { $0.sourceFetches[result] ?? 0 } }

    func countRejected() {
        state.withLock { $0.rejected += 1 }
    }

    /// Counts a request that waited for a render another request had already started (single-flight).
    func countJoined() {
        state.withLock { $0.joined += 1 }
    }

    /// Requests that joined another's render so far.
    public var joinedCount: Int { state.withLock { $0.joined } }

    /// Total renders so far (every style and format).
    public var renderCount: Int {
        state.withLock { $0.renders.values.reduce(0) { $0 + $1.count } }
    }

    /// The exposition text.
    func exposition(
        cache: RenderCache.Statistics, sourceDocuments: Int = 0, renderQueue: (depth: Int, capacity: Int) = (0, 0)
    ) -> String {
        let (table, uncommon, renders, rejected, joined) = state.withLock {
            ($0.requestTable, $0.requests, $0.renders, $0.rejected, $0.joined)
        }
        let (fetches, fetchSeconds) = state.withLock { ($0.sourceFetches, $0.sourceSeconds) }
        var requests = uncommon
        for route in RequestRoute.allCases {
            for format in [nil] + OutputFormat.allCases.map(Optional.some) {
                for status in Self.commonStatuses {
                    let labels = RequestLabels(route: route, format: format, status: status)
                    let count = table[Self.slot(labels)!]
                    if count > 0 { requests[labels] = count }
                }
            }
        }
        let openConnections = openConnectionsGauge.withLock { $0 }?() ?? 0
        var out = PrometheusText()

        out.family("ringd_http_requests_total", "counter", "Requests answered, by route, image format and status.")
        let sorted = requests.map { (route: $0.key.route.rawValue, format: $0.key.format?.rawValue ?? "", status: $0.key.status, count: $0.value) }
            .sorted { ($0.route, $0.format, $0.status) < ($1.route, $1.format, $1.status) }
        for sample in sorted {
            out.sample("ringd_http_requests_total",
                       [("route", sample.route), ("format", sample.format), ("status", String(sample.status))], sample.count)
        }
        out.family("ringd_overload_rejections_total", "counter", "Requests answered 503 because the render queue was full.")
        out.sample("ringd_overload_rejections_total", rejected)
        out.family("ringd_render_joins_total", "counter", "Cache misses that waited for a render already under way.")
        out.sample("ringd_render_joins_total", joined)

        out.family("ringd_cache_hits_total", "counter", "Image requests answered from the cache.")
        out.sample("ringd_cache_hits_total", cache.hits)
        out.family("ringd_cache_misses_total", "counter", "Image requests whose key was not cached.")
        out.sample("ringd_cache_misses_total", cache.misses)
        out.family("ringd_cache_evictions_total", "counter", "Entries evicted to stay within --cache-mb.")
        out.sample("ringd_cache_evictions_total", cache.evictions)
        out.family("ringd_cache_entries", "gauge", "Images in the cache.")
        out.sample("ringd_cache_entries", cache.entries)
        out.family("ringd_cache_bytes", "gauge", "Bytes charged by cached images (bodies, gzip copies, headers).")
        out.sample("ringd_cache_bytes", cache.bytes)
        out.family("ringd_error_cache_entries", "gauge", "Error images in their short-lived cache.")
        out.sample("ringd_error_cache_entries", cache.errorEntries)

        out.family("ringd_render_seconds", "histogram", "Time to render one image, by style and format.")
        for (labels, histogram) in renders.sorted(by: { ($0.key.style, $0.key.format) < ($1.key.style, $1.key.format) }) {
            let base = [("style", labels.style), ("format", labels.format)]
            for (le, count) in histogram.cumulative {
                out.sample("ringd_render_seconds_bucket", base + [("le", le)], count)
            }
            out.sample("ringd_render_seconds_sum", base, histogram.sum)
            out.sample("ringd_render_seconds_count", base, histogram.count)
        }

        out.family("ringd_source_fetches_total", "counter", "Fetches of src documents, by result (ok, stale, refused, timeout, tls, http, json).")
        for result in ["ok", "stale", "refused", "timeout", "tls", "http", "json"] {
            out.sample("ringd_source_fetches_total", [("result", result)], fetches[result] ?? 0)
        }
        out.family("ringd_source_fetch_seconds", "histogram", "Time to fetch one src document.")
        for (le, count) in fetchSeconds.cumulative {
            out.sample("ringd_source_fetch_seconds_bucket", [("le", le)], count)
        }
        out.sample("ringd_source_fetch_seconds_sum", [], fetchSeconds.sum)
        out.sample("ringd_source_fetch_seconds_count", [], fetchSeconds.count)
        out.family("ringd_source_documents", "gauge", "src documents held (fresh or stale).")
        out.sample("ringd_source_documents", sourceDocuments)

        refusals.append(to: &out)
        out.family("ringd_open_connections", "gauge", "Client connections currently open.")
        out.sample("ringd_open_connections", openConnections)
        appendConventionalSeries(to: &out, renderQueue: renderQueue)
        return out.text
    }
}
