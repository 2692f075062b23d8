import RingHTTP

/// The content codings ringd can send, and the choice between them from `Accept-Encoding`
/// (RFC 9110 §12.5.3).
enum ContentCoding: Sendable, Equatable {
    case identity, gzip

    /// The coding to send when a gzip copy exists.
    ///
    /// - No `Accept-Encoding`: identity (the client said nothing; every client understands it).
    /// - gzip (or `x-gzip`) is acceptable when listed with q > 0, or when `*` has q > 0 and gzip is not
    ///   listed; so `gzip;q=0` is always honoured.
    /// - identity is acceptable unless `identity;q=0`, or `*;q=0` without an `identity` entry.
    /// - gzip wins when acceptable and its q is at least the one stated for identity (or `*`); an
    ///   unlisted identity does not outrank it (`gzip;q=0.5` alone means gzip). When nothing is acceptable the
    ///   answer is identity anyway: an image is more useful than a 406.
    /// - An element with an unreadable q-value is ignored.
    static func preferred(by headers: HTTPHeaders) -> ContentCoding {
        var listed = false
        var gzipQ: Double?
        var identityQ: Double?
        var anyQ: Double?
        // The values' bytes as received: no `String` is made of them.
        headers.forEachValue(named: "Accept-Encoding") { bytes in
            listed = true
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count && bytes[end] != HTTPByte.comma { end += 1 }
                defer { start = end + 1 }
                // `name;param;param`: the name is the first non-empty part (as `split` has always found it,
                // so `;gzip` still names gzip), without the spaces around it.
                var nameStart = start, nameEnd = start
                while true {
                    while nameEnd < end && bytes[nameEnd] != HTTPByte.semicolon { nameEnd += 1 }
                    guard nameEnd == nameStart && nameEnd < end else { break }
                    nameStart = nameEnd + 1
                    nameEnd = nameStart
                }
                let name = HTTPByte.trimmingWhitespace(bytes, nameStart..<nameEnd)
                let coding: Coding
                if HTTPByte.equalsIgnoringCase(bytes, name, "gzip") || HTTPByte.equalsIgnoringCase(bytes, name, "x-gzip") {
                    coding = .gzip
                } else if HTTPByte.equalsIgnoringCase(bytes, name, "identity") {
                    coding = .identity
                } else if HTTPByte.equalsIgnoringCase(bytes, name, "*") {
                    coding = .any
                } else {
                    continue
                }
                guard let q = qValue(bytes, nameEnd..<end) else { continue }
                switch coding {
                case .gzip: gzipQ = max(gzipQ ?? 0, q)
                case .identity: identityQ = max(identityQ ?? 0, q)
                case .any: anyQ = max(anyQ ?? 0, q)
                }
            }
            return true
        }
        guard listed else { return .identity }
        let gzip = gzipQ ?? anyQ ?? 0
        // identity is always acceptable unless excluded, but only a stated q-value can outrank gzip.
        let identity = identityQ ?? anyQ ?? 0
        return gzip > 0 && gzip >= identity ? .gzip : .identity
    }

    /// The codings an `Accept-Encoding` element can name that matter here.
    private enum Coding { case gzip, identity, any }

    /// The element's parameters (`;a=b;q=0.5`, from the first `;`) give its `q` (1 when absent: the first
    /// parameter named `q`, case-insensitive, counts), or nil when that is not a number in 0…1.
    ///
    /// Byte ranges of the header value rather than split and lowercased `String`s: this runs on every cache
    /// hit of a client that sends `Accept-Encoding` (every browser and image proxy), where the `String` version
    /// cost about 7 500 instructions for `gzip, deflate, br` (callgrind: docs/performance.md).
    private static func qValue(_ bytes: UnsafeBufferPointer<UInt8>, _ parameters: Range<Int>) -> Double? {
        var start = parameters.lowerBound
        while start < parameters.upperBound {
            // `start` is at a `;`.
            var end = start + 1
            while end < parameters.upperBound && bytes[end] != HTTPByte.semicolon { end += 1 }
            let parameter = HTTPByte.trimmingWhitespace(bytes, (start + 1)..<end)
            start = end
            guard parameter.count >= 2, HTTPByte.lowercased(bytes[parameter.lowerBound]) == UInt8(ascii: "q"),
                bytes[parameter.lowerBound + 1] == HTTPByte.equals
            else { continue }
            // ASCII-lowercased, as the whole parameter was before the number was read (`1E-1`, `0X1P-1`).
            let number = String(decoding: bytes[(parameter.lowerBound + 2)..<parameter.upperBound].map(HTTPByte.lowercased),
                                as: UTF8.self)
            guard let q = Double(number), (0...1).contains(q) else { return nil }
            return q
        }
        return 1
    }
}
