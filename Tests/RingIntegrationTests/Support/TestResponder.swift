#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import RingTestSupport
import RingHTTP

/// The responder behind the live tests; knows nothing about rings.
///
/// - `/hello` → "hello"
/// - `/echo?…` → the query as the body
/// - `/big?size=N&n=K` → N bytes (default 1 MiB), header `X-N: K`
/// - `/hold?gate=NAME` → waits on the I/O queue until the test opens that ``TestGate``, then "held"
/// - `/close` → a response whose own `Connection: close` the server must honour
/// - anything else → 404
struct TestResponder: HTTPResponder {
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let query = Self.parameters(request.query)
        switch request.path {
        case "/hello":
            return .text(.ok, "hello")
        case "/echo":
            return .text(.ok, request.query ?? "")
        case "/big":
            let size = query["size"].flatMap(Int.init) ?? 1 << 20
            var headers = HTTPHeaders([("Content-Type", "application/octet-stream")])
            if let n = query["n"] { headers.add(name: "X-N", value: n) }
            return HTTPResponse(status: .ok, headers: headers, body: Self.pattern(size))
        case "/hold":
            guard let gate = query["gate"].flatMap(TestGate.named) else { return .text(.notFound, "no such gate") }
            gate.pass()
            return .text(.ok, "held")
        case "/close":
            return .text(.ok, "bye", headers: HTTPHeaders([("Connection", "close")]))
        default:
            return .text(.notFound, "not found")
        }
    }

    /// A recognisable body: byte i is i % 251. Built by doubling (memcpy), so megabytes are cheap
    /// even in debug builds.
    static func pattern(_ size: Int) -> [UInt8] {
        var bytes = (0..<251).map { UInt8($0) }
        while bytes.count < size { bytes.append(contentsOf: bytes) }
        return Array(bytes.prefix(size))
    }

    static func parameters(_ query: String?) -> [String: String] {
        var result: [String: String] = [:]
        for pair in (query ?? "").split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            result[String(parts[0])] = parts.count > 1 ? String(parts[1]) : ""
        }
        return result
    }
}
