@testable import RingHTTP

/// Everything a parser produced from some input: the requests in order, then an error or the pending state.
struct ParseOutcome: Equatable, CustomStringConvertible {
    var requests: [HTTPRequest] = []
    var error: HTTPParseError?
    /// `hasPartialRequest` after the last byte (false once an error occurred).
    var partial = false

    var description: String {
        "\(requests.count) request(s), error: \(error.map(String.init(describing:)) ?? "none"), partial: \(partial)"
    }
}

/// Feeds input to a fresh parser the way a connection does: append a chunk, drain every request, repeat.
enum ParserDriver {
    static func run(_ chunks: some Sequence<ArraySlice<UInt8>>, limits: HTTPParserLimits = HTTPParserLimits()) -> ParseOutcome {
        var parser = HTTPRequestParser(limits: limits)
        var outcome = ParseOutcome()
        for chunk in chunks {
            parser.append(chunk)
            do {
                while let request = try parser.nextRequest() { outcome.requests.append(request) }
            } catch {
                outcome.error = error
                return outcome
            }
        }
        outcome.partial = parser.hasPartialRequest
        return outcome
    }

    static func whole(_ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits()) -> ParseOutcome {
        run([bytes[...]], limits: limits)
    }

    static func byteByByte(_ bytes: [UInt8], limits: HTTPParserLimits = HTTPParserLimits()) -> ParseOutcome {
        run(bytes.indices.lazy.map { bytes[$0...$0] }, limits: limits)
    }

    static func split(_ bytes: [UInt8], at position: Int, limits: HTTPParserLimits = HTTPParserLimits()) -> ParseOutcome {
        run([bytes[..<position], bytes[position...]], limits: limits)
    }

    /// Two-way split positions: all of them for small inputs, an even spread (ends included) for large ones,
    /// which keeps the byte-wise quadratic cost of testing out of the suite's run time.
    static func splitPositions(for count: Int, maximum: Int = 2048) -> [Int] {
        guard count > maximum else { return Array(0...count) }
        let step = count / 64
        return Array(Set(stride(from: 0, through: count, by: step).map { $0 } + [1, count - 1, count])).sorted()
    }
}
