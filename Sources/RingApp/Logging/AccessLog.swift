import RingHTTP

/// `--access-log`: one line per response (docs/design.md §Operations) in the `--log-format` of every other line: method, route,
/// status, body bytes, handling time, cache use and render time, and the target cut to ``maxTargetBytes`` (the
/// format's escaping keeps hostile bytes on one line). A 4xx that refused a parameter also names the parameter
/// and gives the message as its reason.
///
/// Not through swift-log like the other lines: a line per cache hit went through `Logger` at 0.46× the hit
/// throughput without it (a metadata dictionary per line, merged, sorted and formatted); written straight into the
/// shared ``LogSink`` in the same layout as ``LineLogHandler``, as bytes.
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
        since start: ContinuousClock.Instant, renderSeconds: Double? = nil, refusal: QueryError? = nil
    ) {
        let elapsed = Self.milliseconds(ContinuousClock.now - start)
        // A parameter's refusal is logged with the client errors it caused (an error picture is a 200).
        let refusal = (400..<500).contains(response.status.code) ? refusal : nil
        var out: [UInt8] = []
        appendLine(
            method: request.method.token, route: route.rawValue, status: Int(response.status.code),
            bytes: request.method == .head ? 0 : response.body.count, ms: elapsed, cache: cache.rawValue,
            renderMs: renderSeconds.map { Self.rounded($0 * 1000) }, target: Self.excerpt(request.target),
            parameter: refusal.map { Self.excerpt($0.parameter) }, reason: refusal.map { Self.excerpt($0.message) },
            to: &out)
        sink.write(line: out)
    }

    /// A request whose client left before its answer (issue 38): status 499 (nginx's "client closed request"), no
    /// body, `reason="client gone"`; never the 200 its render would have given.
    func recordClientGone(_ request: HTTPRequest, route: RequestRoute, since start: ContinuousClock.Instant) {
        var out: [UInt8] = []
        appendLine(
            method: request.method == .head ? "HEAD" : "GET", route: route.rawValue, status: Self.clientGoneStatus,
            bytes: 0, ms: Self.milliseconds(ContinuousClock.now - start), cache: "-", renderMs: nil,
            target: Self.excerpt(request.target), parameter: nil, reason: "client gone", to: &out)
        sink.write(line: out)
    }

    /// The status logged for a request whose client left first (nothing is sent).
    static let clientGoneStatus = 499

    /// A response the server made without asking the app (a protocol error): no request to name, the reason
    /// instead.
    func recordProtocolError(_ status: HTTPStatus, reason: String) {
        sink.write(line(
            method: "-", route: "-", status: Int(status.code), bytes: nil, ms: nil, cache: "-", renderMs: nil,
            target: nil, parameter: nil, reason: Self.excerpt(reason)))
    }

    /// The line, fields in key order as ``LineLogHandler`` writes them.
    func line(
        method: String, route: String, status: Int, bytes: Int?, ms: Double?, cache: String, renderMs: Double?,
        target: String?, parameter: String? = nil, reason: String?
    ) -> String {
        var out: [UInt8] = []
        appendLine(
            method: method, route: route, status: status, bytes: bytes, ms: ms, cache: cache, renderMs: renderMs,
            target: target, parameter: parameter, reason: reason, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the line's bytes (no newline) to `out`, field by field in key order. Bytes, not a `String` built
    /// piece by piece: with a line per cache hit, `String` appends (capacity checks, growth, count updates) and a
    /// list of fields took 13 % of the hit path's CPU (docs/performance.md, "Access log").
    func appendLine(
        method: String, route: String, status: Int, bytes: Int?, ms: Double?, cache: String, renderMs: Double?,
        target: String?, parameter: String?, reason: String?, to out: inout [UInt8]
    ) {
        out.reserveCapacity(out.count + 200 + (target?.utf8.count ?? 0) + (reason?.utf8.count ?? 0))
        switch format {
        case .json:
            Self.append("{\"time\":\"", to: &out)
            LogTime.append(to: &out)
            Self.append("\",\"level\":\"info\",\"label\":\"ringd.access\",\"message\":\"access\"", to: &out)
        case .text:
            LogTime.append(to: &out)
            Self.append(" info ringd.access: access", to: &out)
        }
        if let bytes { field("bytes", String(bytes), quoted: false, to: &out) }
        field("cache", cache, quoted: true, to: &out)
        field("method", method, quoted: true, to: &out)
        if let ms { field("ms", String(ms), quoted: false, to: &out) }
        if let parameter { field("parameter", parameter, quoted: true, to: &out) }
        if let reason { field("reason", reason, quoted: true, to: &out) }
        if let renderMs { field("render_ms", String(renderMs), quoted: false, to: &out) }
        field("route", route, quoted: true, to: &out)
        field("status", String(status), quoted: false, to: &out)
        if let target { field("target", target, quoted: true, to: &out) }
        if format == .json { out.append(UInt8(ascii: "}")) }
    }

    /// One field: `,"name":value` in JSON, ` name=value` in text; numbers and the app's own tokens are written as
    /// they are, user text (`quoted`) escaped.
    private func field(_ name: StaticString, _ text: String, quoted: Bool, to out: inout [UInt8]) {
        switch format {
        case .json:
            Self.append(",\"", to: &out)
            Self.append(name, to: &out)
            Self.append("\":", to: &out)
            if quoted { JSONText.appendString(text, to: &out) } else { out.append(contentsOf: text.utf8) }
        case .text:
            out.append(UInt8(ascii: " "))
            Self.append(name, to: &out)
            out.append(UInt8(ascii: "="))
            out.append(contentsOf: (quoted ? TextLine.escaped(text) : text).utf8)
        }
    }

    private static func append(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
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
