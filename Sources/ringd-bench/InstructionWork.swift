import Foundation
import RingApp
import RingHTTP

/// `ringd-bench --instructions CASE [--font-dir DIR]`: the work `scripts/bench/instructions` counts with
/// callgrind, one case per process. Everything runs on the calling thread and reads no clock-dependent input, so
/// the same binary executes the same instructions every run: the script counts only inside
/// ``measuredRequests(_:_:)`` (`--toggle-collect`), after the set-up and warm-up here.
///
/// Each request goes the server's way from bytes on: the raw request (a browser's head, kept alive) through
/// ``HTTPRequestParser`` into ``RingApplication/respond(to:)``, as a connection's I/O queue hands it over (the
/// socket calls and the response's serialisation, a copy into the send buffer, are left out).
enum InstructionWork: String, CaseIterable {
    /// A cache hit: the same gzip-accepting SVG request, answered from the cache, ``hitRequests`` times.
    case hit
    /// SVG misses: distinct 256 px gradient rings, each drawn once.
    case svg
    /// PNG misses: distinct 256 px gradient rings with `label=auto`, each drawn and encoded once.
    case png
    /// Badge misses: distinct `/badge` pictures (text shaped in the label fonts), each drawn once.
    case badge

    /// Requests counted for a hit: enough that the per-request figure is the steady state, small enough for a
    /// debug build under callgrind to take seconds.
    static let hitRequests = 200
    /// Misses counted per render case (distinct pictures, so each is a miss).
    static let renderRequests = 4

    /// The request targets counted, in order.
    var targets: [String] {
        switch self {
        case .hit: return Array(repeating: "/ring.svg?p=0.7&size=256&gradient=move", count: Self.hitRequests)
        case .svg: return (1...Self.renderRequests).map { "/ring.svg?p=0.7\($0)&size=256&gradient=move" }
        case .png: return (1...Self.renderRequests).map { "/ring.png?p=0.7\($0)&size=256&gradient=move&label=auto" }
        case .badge: return (1...Self.renderRequests).map { "/badge?p=0.8\($0)&label=coverage" }
        }
    }

    /// Untimed requests first: the hit's picture into the cache (and its gzip copy), and for the render cases one
    /// picture of the same kind, so lazy tables, the compressor and the shaped label text exist as in a running
    /// server.
    var warmUp: [String] {
        switch self {
        case .hit: return Array(repeating: targets[0], count: 3)
        case .svg: return ["/ring.svg?p=0.5&size=256&gradient=move"]
        case .png: return ["/ring.png?p=0.5&size=256&gradient=move&label=auto"]
        case .badge: return ["/badge?p=0.5&label=coverage"]
        }
    }

    /// The raw bytes of a browser's keep-alive GET of `target`.
    static func request(_ target: String) -> [UInt8] {
        Array(
            """
            GET \(target) HTTP/1.1\r
            Host: ringd.bench\r
            User-Agent: Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0\r
            Accept: image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5\r
            Accept-Encoding: gzip, deflate, br, zstd\r
            Accept-Language: en-GB,en;q=0.5\r
            Connection: keep-alive\r
            Referer: http://ringd.bench/\r
            \r

            """.utf8)
    }

    /// Sets up an application, warms it and runs the counted requests; returns the bytes answered.
    func run(fontDirectory: String?) throws -> Int {
        let app = RingApplication(configuration: AppConfiguration(fontDirectory: fontDirectory))
        _ = try answer(app, warmUp.map(Self.request))
        return try measuredRequests(app, targets.map(Self.request))
    }
}

/// The counted section (callgrind's `--toggle-collect` names this function; the warm-up calls ``answer(_:_:)``
/// directly, uncounted). Not inlined, so it stays one function to toggle on.
@inline(never)
func measuredRequests(_ app: RingApplication, _ requests: [[UInt8]]) throws -> Int {
    try answer(app, requests)
}

/// Parses each request from its bytes on one keep-alive connection's parser and answers it; returns the bytes
/// answered.
func answer(_ app: RingApplication, _ requests: [[UInt8]]) throws -> Int {
    var parser = HTTPRequestParser()
    var answered = 0
    for bytes in requests {
        parser.append(bytes)
        guard let request = try parser.nextRequest() else { throw BenchError("a request did not parse") }
        let response = app.respond(to: request)
        guard response.status == .ok else {
            throw BenchError("\(request.target): \(response.status.code) \(String(decoding: response.body, as: UTF8.self))")
        }
        answered += response.body.count
    }
    return answered
}
