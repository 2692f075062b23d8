@testable import RingFetch

/// A response reduced to comparable values (`ClientResponse.headers` holds tuples, which are not Equatable).
struct Parsed: Equatable, CustomStringConvertible {
    var status: Int
    var reason: String
    var headers: [String]
    var body: [UInt8]

    init(status: Int, reason: String = "OK", headers: [String] = [], body: String = "") {
        self.status = status
        self.reason = reason
        self.headers = headers
        self.body = Array(body.utf8)
    }

    init(_ response: ClientResponse) {
        status = response.status
        reason = response.reason
        headers = response.headers.map { "\($0.name): \($0.value)" }
        body = response.body
    }

    var description: String { "\(status) \(reason) \(headers) \(String(decoding: body, as: UTF8.self))" }
}

/// What feeding some bytes (and maybe reporting EOF) produced.
enum Outcome: Equatable {
    case response(Parsed)
    case failure(FetchResponseError)
    /// Still waiting for bytes (only without EOF).
    case needMore

    var error: FetchResponseError? {
        if case .failure(let error) = self { error } else { nil }
    }

    var parsed: Parsed? {
        if case .response(let parsed) = self { parsed } else { nil }
    }
}

/// Runs the parser over byte chunks in several ways.
enum ParserDriver {
    /// Feeds `chunks` in order, then reports EOF when `close` is set.
    static func run(_ chunks: [ArraySlice<UInt8>], limits: FetchLimits = FetchLimits(), close: Bool = true) -> Outcome {
        var parser = ResponseParser(limits: limits)
        do {
            for chunk in chunks {
                if let response = try parser.feed(Array(chunk)) { return .response(Parsed(response)) }
            }
            return close ? .response(Parsed(try parser.finish())) : .needMore
        } catch {
            return .failure(error)
        }
    }

    static func whole(_ bytes: [UInt8], limits: FetchLimits = FetchLimits(), close: Bool = true) -> Outcome {
        run([bytes[...]], limits: limits, close: close)
    }

    static func byteByByte(_ bytes: [UInt8], limits: FetchLimits = FetchLimits(), close: Bool = true) -> Outcome {
        run(bytes.indices.map { bytes[$0...$0] }, limits: limits, close: close)
    }

    /// The outcome for every two-way split (0…count) and for byte-by-byte feeding, which must all agree with
    /// feeding the whole; returns the whole's outcome and the first disagreement's description, if any.
    static func everySplit(
        _ bytes: [UInt8], limits: FetchLimits = FetchLimits(), close: Bool = true
    ) -> (outcome: Outcome, disagreement: String?) {
        let whole = whole(bytes, limits: limits, close: close)
        for cut in 0...bytes.count {
            let split = run([bytes[..<cut], bytes[cut...]], limits: limits, close: close)
            if split != whole { return (whole, "split at \(cut): \(split) vs \(whole)") }
        }
        let single = byteByByte(bytes, limits: limits, close: close)
        if single != whole { return (whole, "byte by byte: \(single) vs \(whole)") }
        return (whole, nil)
    }

    /// Feeds `bytes` one at a time and returns how many were fed when the first error was thrown.
    static func errorPosition(_ bytes: [UInt8], limits: FetchLimits) -> (error: FetchResponseError, fed: Int)? {
        var parser = ResponseParser(limits: limits)
        for (i, byte) in bytes.enumerated() {
            do {
                _ = try parser.feed([byte])
            } catch {
                return (error, i + 1)
            }
        }
        return nil
    }
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}
