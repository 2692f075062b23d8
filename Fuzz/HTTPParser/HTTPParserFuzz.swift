import ParserChecks
import RingHTTP

/// libFuzzer target for ``HTTPRequestParser``: arbitrary bytes, fed whole, in fuzzer-chosen chunks and one
/// byte at a time, must give the same requests and the same final state, and every request that comes out
/// must satisfy the parser's contract (``RequestContract``).
///
/// Input layout (so that mutations of the first bytes change how the payload is fed, not what it says):
///
/// | byte | meaning |
/// |---|---|
/// | 0 | bits 0–1: limits preset (``limitPresets``); bits 2–5: number of chunk lengths *n* (0…15); bit 6: drain at most one request per append, like a connection whose output queue is full; bit 7: also feed byte by byte |
/// | 1…*n* | chunk lengths, one byte each (0 = an empty append); the rest of the payload is the last chunk |
/// | *n*+1… | the payload: what a client sent |
@_cdecl("LLVMFuzzerTestOneInput")
public func httpParserFuzzInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let input = ParserFuzzInput(UnsafeBufferPointer(start: data, count: size))
    ParserFuzzCase(input).check()
    return 0
}

/// Limits the fuzzer can pick. The tiny ones make every limit reachable with inputs of a few dozen bytes,
/// which the fuzzer finds far sooner than an 8 KiB target; index 0 is what the server runs with.
let limitPresets: [HTTPParserLimits] = [
    HTTPParserLimits(),
    HTTPParserLimits(maxTargetBytes: 16, maxHeaderBytes: 64, maxHeaderFields: 3),
    HTTPParserLimits(maxTargetBytes: 64, maxHeaderBytes: 256, maxHeaderFields: 8),
    HTTPParserLimits(maxTargetBytes: 1, maxHeaderBytes: 2, maxHeaderFields: 0),
]

/// The fuzzer's bytes, split into the feeding plan and the payload.
struct ParserFuzzInput {
    let limits: HTTPParserLimits
    /// Chunk sizes for the split run; their sum is the payload size (the last chunk takes the rest).
    let chunkSizes: [Int]
    let drainOnePerAppend: Bool
    let feedByteByByte: Bool
    let payload: [UInt8]

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        let control = bytes[0]
        limits = limitPresets[Int(control & 0x03)]
        let lengthCount = min(Int((control >> 2) & 0x0F), bytes.count - 1)
        drainOnePerAppend = control & 0x40 != 0
        feedByteByByte = control & 0x80 != 0
        payload = Array(bytes[(1 + lengthCount)...])
        var sizes: [Int] = []
        var remaining = payload.count
        for k in 0..<lengthCount {
            let size = min(Int(bytes[1 + k]), remaining)
            sizes.append(size)
            remaining -= size
        }
        sizes.append(remaining)
        chunkSizes = sizes
    }
}

/// What a parser produced from a whole input: the requests in order, then an error or the waiting state.
struct ParserOutcome: Equatable, CustomStringConvertible {
    var requests: [HTTPRequest] = []
    var error: HTTPParseError?
    /// `hasPartialRequest` and `bufferedByteCount` after the last byte, when no error ended the input.
    var partial = false
    var buffered = 0

    var description: String {
        let end = error.map { "error \($0)" } ?? "waiting (partial: \(partial), buffered: \(buffered))"
        return "\(requests.count) request(s) \(requests.map(\.target)), then \(end)"
    }
}

/// One fuzz input, run every way and checked.
struct ParserFuzzCase {
    let input: ParserFuzzInput

    init(_ input: ParserFuzzInput) { self.input = input }

    func check() {
        let whole = run(chunks: [input.payload[...]], drainOnePerAppend: false, rawAppend: false)
        let split = run(chunks: chunks(), drainOnePerAppend: input.drainOnePerAppend, rawAppend: true)
        expectSame(split, whole, "split into \(input.chunkSizes)")
        // Byte by byte costs one parse call per byte: bounded so a 4 KiB input stays well under a millisecond
        // budget per run and the fuzzer keeps its speed.
        if input.feedByteByByte && input.payload.count <= 2048 {
            let bytes = input.payload.indices.map { input.payload[$0...$0] }
            let oneByOne = run(chunks: bytes, drainOnePerAppend: false, rawAppend: true)
            expectSame(oneByOne, whole, "fed byte by byte")
        }
        // A client cannot make the parser hold more than one unfinished line beyond the limits: every limit
        // trips before its line ends (the request line is bounded by method, target and version lengths).
        let bound = HTTPRequestParser.maxMethodBytes + input.limits.maxTargetBytes + input.limits.maxHeaderBytes + 16
        if whole.error == nil && whole.buffered > bound {
            fuzzFailure("\(whole.buffered) bytes buffered while waiting, over the limits' bound \(bound)")
        }
        for request in whole.requests {
            RequestContract(limits: input.limits).check(request)
            checkRoundTrip(request)
        }
    }

    /// The payload cut at the chosen sizes.
    func chunks() -> [ArraySlice<UInt8>] {
        var result: [ArraySlice<UInt8>] = []
        var start = 0
        for size in input.chunkSizes {
            result.append(input.payload[start..<(start + size)])
            start += size
        }
        return result
    }

    /// Feeds `chunks` the way a connection does: append, then take requests until the parser wants more
    /// (or, with `drainOnePerAppend`, take at most one, as when the output queue is over its cap); after
    /// the last chunk, take whatever is left. After an error, the error must stick.
    func run(chunks: [ArraySlice<UInt8>], drainOnePerAppend: Bool, rawAppend: Bool) -> ParserOutcome {
        var parser = HTTPRequestParser(limits: input.limits)
        var outcome = ParserOutcome()
        var failed = false
        for chunk in chunks {
            if rawAppend {
                chunk.withUnsafeBytes { parser.append($0) }
            } else {
                parser.append(chunk)
            }
            if failed {
                expectSticky(&parser, outcome.error!, "after appending \(chunk.count) more bytes")
                continue
            }
            do {
                while let request = try parser.nextRequest() {
                    outcome.requests.append(request)
                    if drainOnePerAppend { break }
                }
            } catch {
                outcome.error = error
                failed = true
                expectSticky(&parser, error, "right after the error")
            }
        }
        if !failed {
            do {
                while let request = try parser.nextRequest() { outcome.requests.append(request) }
                outcome.partial = parser.hasPartialRequest
                outcome.buffered = parser.bufferedByteCount
                // A parser that has seen every byte and wants more has nothing to say on a second call.
                if try parser.nextRequest() != nil { fuzzFailure("a request appeared from no new bytes") }
            } catch {
                outcome.error = error
                expectSticky(&parser, error, "right after the error")
            }
        }
        return outcome
    }

    /// After an error: the same error on every call, no partial request, nothing buffered, and bytes appended
    /// later change nothing.
    func expectSticky(_ parser: inout HTTPRequestParser, _ error: HTTPParseError, _ when: String) {
        for _ in 0..<2 {
            do {
                let request = try parser.nextRequest()
                fuzzFailure("\(when): parser returned \(request.map { "a request for \($0.target)" } ?? "nil") after \(error)")
            } catch let again {
                if again != error { fuzzFailure("\(when): error changed from \(error) to \(again)") }
            }
        }
        if parser.hasPartialRequest { fuzzFailure("\(when): hasPartialRequest is true after \(error)") }
        if parser.bufferedByteCount != 0 { fuzzFailure("\(when): \(parser.bufferedByteCount) bytes buffered after \(error)") }
        checkErrorShape(error)
    }

    /// Errors carry a status the server can send and a fixed, printable reason (never client bytes).
    func checkErrorShape(_ error: HTTPParseError) {
        let statuses: Set<Int> = [400, 413, 414, 417, 431, 501, 505]
        if !statuses.contains(error.status.code) { fuzzFailure("unexpected status in \(error)") }
        if error.reason.isEmpty || !error.reason.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            fuzzFailure("reason is empty or not printable ASCII: \(error)")
        }
    }

    func expectSame(_ other: ParserOutcome, _ whole: ParserOutcome, _ how: String) {
        guard other != whole else { return }
        fuzzFailure("\(how): \(other); whole input: \(whole)")
    }

    /// A request written back in its shortest form (`name:value`, so never longer than what was received)
    /// parses to the same request: what the parser returns is exactly what it would accept.
    func checkRoundTrip(_ request: HTTPRequest) {
        var text = "\(request.method.token) \(request.target) \(request.version)\r\n"
        for field in request.headers { text += "\(field.name):\(field.value)\r\n" }
        text += "\r\n"
        // Invalid UTF-8 in a value came back as U+FFFD (3 bytes for 1), so the written form may be longer than
        // the received one; past the header limit the comparison would only test the limit.
        let headerBytes = request.headers.reduce(2) { $0 + $1.name.utf8.count + $1.value.utf8.count + 3 }
        guard headerBytes <= input.limits.maxHeaderBytes else { return }
        var parser = HTTPRequestParser(limits: input.limits)
        parser.append(Array(text.utf8))
        do {
            guard let again = try parser.nextRequest() else {
                fuzzFailure("request written back is incomplete: \(text.debugDescription)")
            }
            if again != request { fuzzFailure("request written back parses differently: \(request) vs \(again)") }
        } catch {
            fuzzFailure("request written back is rejected with \(error): \(text.debugDescription)")
        }
    }
}
