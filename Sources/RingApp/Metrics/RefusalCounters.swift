import RingSync

/// Counters of work ringd turned away or dropped (issue 38), kept apart from ``Metrics``' request table so each
/// family is one small function: protocol errors by status and reason, `src` fetches refused because the fetch
/// queue was full, requests over their client's share of a queue, and queued work dropped because every client
/// waiting for it had gone.
final class RefusalCounters: Sendable {
    struct ProtocolError: Hashable {
        let status: Int
        /// One of the parser's fixed reasons (``RingHTTP/HTTPParseError``) or the server's own: never client bytes,
        /// so the label set stays small.
        let reason: String
    }

    /// The queues a client has a share of (connections over their share are protocol errors: 429).
    enum SharedQueue: String, CaseIterable {
        case renderQueue = "render"
        case fetchQueue = "fetch"
    }

    private struct State {
        var overShare: [SharedQueue: Int] = [:]
        var protocolErrors: [ProtocolError: Int] = [:]
        var fetchRejected = 0
        var renderCancelled = 0
        var fetchCancelled = 0
    }

    private let state = LockedValue(State())

    func countProtocolError(status: Int, reason: String) {
        state.withLock { $0.protocolErrors[ProtocolError(status: status, reason: reason), default: 0] += 1 }
    }

    func countFetchRejected() {
        state.withLock { $0.fetchRejected += 1 }
    }

    func countClientShare(_ queue: SharedQueue) {
        state.withLock { $0.overShare[queue, default: 0] += 1 }
    }

    /// Requests answered 429 because their client held its share of `queue`.
    func overShareCount(_ queue: SharedQueue) -> Int { state.withLock { $0.overShare[queue] ?? 0 } }

    func countRenderCancelled() {
        state.withLock { $0.renderCancelled += 1 }
    }

    func countFetchCancelled() {
        state.withLock { $0.fetchCancelled += 1 }
    }

    /// Protocol errors answered so far with `status` (every reason).
    func protocolErrorCount(status: Int) -> Int {
        state.withLock { $0.protocolErrors.filter { $0.key.status == status }.values.reduce(0, +) }
    }

    /// Renders dropped before they started (or stopped) because their clients had gone.
    var renderCancelledCount: Int { state.withLock { $0.renderCancelled } }

    /// The families, appended to the exposition.
    func append(to out: inout PrometheusText) {
        let counts = state.withLock { $0 }
        appendProtocolErrors(counts.protocolErrors, to: &out)
        out.family("ringd_source_fetch_rejections_total", "counter",
                   "src requests answered 503 because the fetch queue was full.")
        out.sample("ringd_source_fetch_rejections_total", counts.fetchRejected)
        out.family("ringd_client_share_refusals_total", "counter",
                   "Requests answered 429 because their client (an address, an IPv6 /64) held its share of the queue.")
        for queue in SharedQueue.allCases {
            out.sample("ringd_client_share_refusals_total", [("queue", queue.rawValue)], counts.overShare[queue] ?? 0)
        }
        out.family("ringd_render_cancelled_total", "counter",
                   "Renders dropped before they started, or stopped, because every client waiting for them had gone.")
        out.sample("ringd_render_cancelled_total", counts.renderCancelled)
        out.family("ringd_source_fetch_cancelled_total", "counter",
                   "src fetches dropped before they started because every client waiting for them had gone.")
        out.sample("ringd_source_fetch_cancelled_total", counts.fetchCancelled)
    }

    private func appendProtocolErrors(_ errors: [ProtocolError: Int], to out: inout PrometheusText) {
        out.family("ringd_protocol_errors_total", "counter",
                   "Requests the server refused itself (malformed, oversized, wrong method, too slow, too many connections), by status and reason.")
        for (labels, count) in errors.sorted(by: { ($0.key.status, $0.key.reason) < ($1.key.status, $1.key.reason) }) {
            out.sample("ringd_protocol_errors_total", [("status", String(labels.status)), ("reason", labels.reason)], count)
        }
    }
}

extension Metrics {
    /// Renders dropped or stopped because every client waiting for them had gone (`ringd_render_cancelled_total`).
    public var renderCancelledCount: Int { refusals.renderCancelledCount }
    /// Render requests answered 429 because their client held its share of the queue.
    public var renderQueueOverShareCount: Int { refusals.overShareCount(.renderQueue) }
}
