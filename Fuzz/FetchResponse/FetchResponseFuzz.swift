import RingFetch

/// libFuzzer target for what a hostile upstream can send ringd's `src` client: ``ResponseParser`` fed whole and
/// in fuzzer-chosen chunks must agree, never hold a body past its limit, and what it accepts then goes through
/// the client's own decoding (``GzipDecoder/decodeContent(_:contentEncoding:limit:)``, ``CacheDirectives``).
///
/// Input layout: byte 0 bits 0–1 pick the limits (``limitPresets``), bits 2–4 the chunk size of the split run
/// (1…8 bytes); the rest is what the upstream sent.
@_cdecl("LLVMFuzzerTestOneInput")
public func fetchResponseFuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let limits = limitPresets[Int(data[0] & 0x03)]
    let chunk = 1 + Int(data[0] >> 2) & 0x07
    let payload = Array(UnsafeBufferPointer(start: data + 1, count: size - 1))
    let whole = ParseOutcome(payload, limits: limits, chunk: max(1, payload.count))
    let split = ParseOutcome(payload, limits: limits, chunk: chunk)
    if whole != split { fatalError("feeding in chunks of \(chunk) changed the outcome: \(whole) vs \(split)") }
    if case .response(let status, let headers, let body) = whole {
        if body.count > limits.maxBodyBytes { fatalError("a body of \(body.count) bytes passed a limit of \(limits.maxBodyBytes)") }
        if !(100...599).contains(status) { fatalError("status \(status)") }
        let coding = headers.first { $0.name == "content-encoding" }?.value
        if let decoded = try? GzipDecoder.decodeContent(body, contentEncoding: coding, limit: limits.maxBodyBytes),
           decoded.count > limits.maxBodyBytes {
            fatalError("a decoded body of \(decoded.count) bytes passed a limit of \(limits.maxBodyBytes)")
        }
        let cacheControl = headers.filter { $0.name == "cache-control" }.map(\.value).joined(separator: ",")
        if let maxAge = CacheDirectives(cacheControl).maxAge, maxAge < 0 { fatalError("negative max-age \(maxAge)") }
    }
    // The payload as a gzip stream, with a small limit (bombs must stop at it).
    if let decoded = try? GzipDecoder.decode(payload, limit: 512), decoded.count > 512 {
        fatalError("gzip output of \(decoded.count) bytes passed a limit of 512")
    }
    return 0
}

/// Limits the fuzzer can pick: the client's own, and tiny ones that make every limit reachable quickly.
let limitPresets: [FetchLimits] = [
    FetchLimits(),
    FetchLimits(maxHeadBytes: 64, maxHeaderFields: 3, maxBodyBytes: 16, maxChunkLineBytes: 8),
    FetchLimits(maxHeadBytes: 256, maxHeaderFields: 8, maxBodyBytes: 128, maxChunkLineBytes: 16),
    FetchLimits(maxHeadBytes: 1024, maxHeaderFields: 16, maxBodyBytes: 1024, maxChunkLineBytes: 64),
]

/// What parsing a payload came to.
enum ParseOutcome: Equatable, CustomStringConvertible {
    case response(status: Int, headers: [Field], body: [UInt8])
    case error(FetchResponseError)

    struct Field: Equatable {
        let name: String
        let value: String
    }

    init(_ payload: [UInt8], limits: FetchLimits, chunk: Int) {
        var parser = ResponseParser(limits: limits)
        var offset = 0
        do {
            while offset < payload.count {
                let end = min(payload.count, offset + chunk)
                if let response = try parser.feed(Array(payload[offset..<end])) {
                    self = ParseOutcome(response)
                    return
                }
                offset = end
            }
            self = ParseOutcome(try parser.finish())
        } catch {
            self = .error(error)
        }
    }

    init(_ response: ClientResponse) {
        self = .response(status: response.status, headers: response.headers.map { Field(name: $0.name, value: $0.value) },
                         body: response.body)
    }

    var description: String {
        switch self {
        case .response(let status, let headers, let body): "\(status) with \(headers.count) fields and \(body.count) bytes"
        case .error(let error): "\(error)"
        }
    }
}
