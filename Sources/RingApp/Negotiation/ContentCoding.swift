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
        let values = headers.valuesIgnoringCase("accept-encoding")
        guard !values.isEmpty else { return .identity }
        var gzipQ: Double?
        var identityQ: Double?
        var anyQ: Double?
        for value in values {
            for element in value.split(separator: ",") {
                let parts = element.split(separator: ";")
                guard let name = parts.first?.trimmingASCIIWhitespaceAndLowercased(), !name.isEmpty,
                    let q = qValue(parts.dropFirst())
                else { continue }
                switch name {
                case "gzip", "x-gzip": gzipQ = max(gzipQ ?? 0, q)
                case "identity": identityQ = max(identityQ ?? 0, q)
                case "*": anyQ = max(anyQ ?? 0, q)
                default: continue
                }
            }
        }
        let gzip = gzipQ ?? anyQ ?? 0
        // identity is always acceptable unless excluded, but only a stated q-value can outrank gzip.
        let identity = identityQ ?? anyQ ?? 0
        return gzip > 0 && gzip >= identity ? .gzip : .identity
    }

    /// The `q` parameter (1 when absent), or nil when it is not a number in 0…1.
    private static func qValue(_ parameters: ArraySlice<Substring>) -> Double? {
        for parameter in parameters {
            let trimmed = parameter.trimmingASCIIWhitespaceAndLowercased()
            guard trimmed.hasPrefix("q=") else { continue }
            guard let q = Double(trimmed.dropFirst(2)), (0...1).contains(q) else { return nil }
            return q
        }
        return 1
    }
}

extension Substring {
    /// Without surrounding spaces and tabs, ASCII-lowercased (header tokens are ASCII).
    func trimmingASCIIWhitespaceAndLowercased() -> String {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return String(decoding: s.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
    }
}
