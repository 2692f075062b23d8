import Logging
import RingHTTP

/// `--access-log`: one line per response (DESIGN.md §8), through swift-log so it takes the `--log-format` of
/// every other line: method, route, status, body bytes, handling time, cache use and render time, and the target
/// cut to ``maxTargetBytes`` (the format's escaping keeps hostile bytes on one line).
struct AccessLog: Sendable {
    let logger: Logger

    /// Longest excerpt of a request target that is logged: a 10 KB query would otherwise fill the log.
    static let maxTargetBytes = 256

    /// How a response used the cache.
    enum CacheUse: String, Sendable {
        /// Not an image route's picture (health, builder page, 404, a refused query).
        case none = "-"
        case hit, miss
        /// Waited for a render another request had started.
        case join
        /// Refused: the render queue was full (503).
        case busy
    }

    init(logger: Logger = Logger(label: "ringd.access")) {
        var logger = logger
        // Its own level: an access log is wanted whatever --log-level filters from the rest.
        logger.logLevel = .info
        self.logger = logger
    }

    func record(
        _ request: HTTPRequest, _ response: HTTPResponse, route: RequestRoute, cache: CacheUse,
        since start: ContinuousClock.Instant, renderSeconds: Double? = nil
    ) {
        let elapsed = Self.milliseconds(ContinuousClock.now - start)
        var fields: Logger.Metadata = [
            "method": .string(request.method == .head ? "HEAD" : "GET"),
            "route": .string(route.rawValue),
            "status": .stringConvertible(Int(response.status.code)),
            "bytes": .stringConvertible(request.method == .head ? 0 : response.body.count),
            "ms": .stringConvertible(elapsed),
            "cache": .string(cache.rawValue),
            "target": .string(Self.excerpt(request.target)),
        ]
        if let renderSeconds { fields["render_ms"] = .stringConvertible(Self.rounded(renderSeconds * 1000)) }
        logger.info("access", metadata: fields)
    }

    /// A response the server made without asking the app (a protocol error): no request to name, the reason
    /// instead.
    func recordProtocolError(_ status: HTTPStatus, reason: String) {
        logger.info("access", metadata: [
            "method": "-", "route": "-", "status": .stringConvertible(Int(status.code)), "cache": "-",
            "reason": .string(Self.excerpt(reason)),
        ])
    }

    /// `target` cut to at most ``maxTargetBytes`` bytes of UTF-8 on a character boundary, with `…` when cut.
    static func excerpt(_ target: String) -> String {
        guard target.utf8.count > maxTargetBytes else { return target }
        var cut = Substring(target)
        while cut.utf8.count > maxTargetBytes - 3 { cut = cut.dropLast() }
        return cut + "…"
    }

    static func milliseconds(_ d: Duration) -> Double {
        rounded(Double(d.components.seconds) * 1000 + Double(d.components.attoseconds) * 1e-15)
    }

    /// Three decimals (microseconds), so lines stay short.
    static func rounded(_ ms: Double) -> Double { (ms * 1000).rounded() / 1000 }
}
