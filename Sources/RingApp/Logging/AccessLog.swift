import RingHTTP

/// `--access-log`: one line per response (DESIGN.md §8) in the `--log-format` of every other line: method, route,
/// status, body bytes, handling time, cache use and render time, and the target cut to ``maxTargetBytes`` (the
/// format's escaping keeps hostile bytes on one line).
///
/// Not through swift-log like the other lines: a line per cache hit went through `Logger` at 0.46× the hit
/// throughput without it (a metadata dictionary per line, merged, sorted and formatted); written straight into the
/// shared ``LogSink`` in the same layout as ``LineLogHandler`` it costs a few hundred nanoseconds.
struct AccessLog: Sendable {
    let format: LogFormat
    let sink: LogSink

    /// Longest excerpt of a request target that is logged: a 10 KB query would otherwise fill the log.
    static let maxTargetBytes = 256
    static let label = "ringd.access"

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

    init(format: LogFormat = .text, sink: LogSink = .standardError) {
        self.format = format
        self.sink = sink
    }

    func record(
        _ request: HTTPRequest, _ response: HTTPResponse, route: RequestRoute, cache: CacheUse,
        since start: ContinuousClock.Instant, renderSeconds: Double? = nil
    ) {
        let elapsed = Self.milliseconds(ContinuousClock.now - start)
        sink.write(line(
            method: request.method == .head ? "HEAD" : "GET", route: route.rawValue, status: Int(response.status.code),
            bytes: request.method == .head ? 0 : response.body.count, ms: elapsed, cache: cache.rawValue,
            renderMs: renderSeconds.map { Self.rounded($0 * 1000) }, target: Self.excerpt(request.target), reason: nil))
    }

    /// A response the server made without asking the app (a protocol error): no request to name, the reason
    /// instead.
    func recordProtocolError(_ status: HTTPStatus, reason: String) {
        sink.write(line(
            method: "-", route: "-", status: Int(status.code), bytes: nil, ms: nil, cache: "-", renderMs: nil,
            target: nil, reason: Self.excerpt(reason)))
    }

    /// The line, fields in key order as ``LineLogHandler`` writes them.
    func line(
        method: String, route: String, status: Int, bytes: Int?, ms: Double?, cache: String, renderMs: Double?,
        target: String?, reason: String?
    ) -> String {
        // (name, text, quoted): numbers and the app's own tokens are written as they are, user text escaped.
        var fields: [(String, String, Bool)] = []
        fields.reserveCapacity(9)
        if let bytes { fields.append(("bytes", String(bytes), false)) }
        fields.append(("cache", cache, true))
        fields.append(("method", method, true))
        if let ms { fields.append(("ms", String(ms), false)) }
        if let reason { fields.append(("reason", reason, true)) }
        if let renderMs { fields.append(("render_ms", String(renderMs), false)) }
        fields.append(("route", route, true))
        fields.append(("status", String(status), false))
        if let target { fields.append(("target", target, true)) }

        var out = ""
        out.reserveCapacity(200 + (target?.utf8.count ?? 0))
        // Appended piece by piece: a `+` chain would build a temporary string per operator.
        switch format {
        case .json:
            out += "{\"time\":\""
            out += LogTime.now()
            out += "\",\"level\":\"info\",\"label\":\"ringd.access\",\"message\":\"access\""
            for (name, text, quoted) in fields {
                out += ",\""
                out += name
                out += "\":"
                if quoted { JSONText.appendString(text, to: &out) } else { out += text }
            }
            out += "}"
        case .text:
            out += LogTime.now()
            out += " info ringd.access: access"
            for (name, text, quoted) in fields {
                out += " "
                out += name
                out += "="
                out += quoted ? TextLine.escaped(text) : text
            }
        }
        return out
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
