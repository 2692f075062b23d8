import RingHTTP
/// The head: status line (RFC 9112 §4), header fields (RFC 9112 §5), and the framing decided from them
/// (RFC 9112 §6.3).
extension ResponseParser {
    /// `HTTP/1.x SP 3DIGIT` is 12 bytes; a reason, if any, follows after one more SP.
    static let statusLinePrefixBytes = 12
    /// Status codes with no body whatever their framing fields say (RFC 9110 §15.3.5, §15.4.5). We never send
    /// HEAD, the other bodiless case.
    static let bodilessStatuses: Set<Int> = [204, 304]
    /// `101 Switching Protocols`: we never ask for an upgrade.
    static let switchingProtocols = 101

    /// Checks the status line (without its line ending) and starts a head.
    mutating func parseStatusLine(_ c: [UInt8]) throws(FetchResponseError) {
        guard c.starts(with: "HTTP/".utf8) else { throw .badStatusLine }
        // Only 1.0 and 1.1: an HTTP/2 or HTTP/1.2 answer to our HTTP/1.1 request is not something we can frame
        // with confidence.
        guard c.count >= 8, c[5] == UInt8(ascii: "1"), c[6] == UInt8(ascii: "."),
            c[7] == UInt8(ascii: "0") || c[7] == UInt8(ascii: "1")
        else { throw .badVersion }
        guard c.count >= Self.statusLinePrefixBytes, c[8] == HTTPByte.sp,
            (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(c[9]), HTTPByte.isDigit(c[10]), HTTPByte.isDigit(c[11])
        else { throw .badStatusLine }
        let reasonBytes = c.dropFirst(Self.statusLinePrefixBytes + 1)
        if c.count > Self.statusLinePrefixBytes {
            guard c[Self.statusLinePrefixBytes] == HTTPByte.sp, reasonBytes.allSatisfy(HTTPByte.isFieldValue) else {
                throw .badStatusLine
            }
        }
        minorVersion = Int(c[7] - UInt8(ascii: "0"))
        status = Int(c[9] - 0x30) * 100 + Int(c[10] - 0x30) * 10 + Int(c[11] - 0x30)
        reason = HTTPByte.string(reasonBytes)
        headers = []
        fieldCount = 0
        state = .headerLines
    }

    /// Checks one field line (without its line ending): `field-name ":" OWS field-value OWS` (RFC 9112 §5).
    /// Returns the lowercased name and the trimmed value.
    static func parseField(_ c: [UInt8]) throws(FetchResponseError) -> (name: String, value: String) {
        // RFC 9112 §5.2: obs-fold (and whitespace before the first field, §2.2) may be refused; we do, since
        // peers disagree on what it means.
        if let first = c.first, HTTPByte.isWhitespace(first) { throw .obsoleteLineFolding }
        var i = 0
        while i < c.count, HTTPByte.isToken(c[i]) { i += 1 }
        // No whitespace before the colon (RFC 9112 §5.1 MUST for servers; same smuggling risk here).
        guard i > 0, i < c.count, c[i] == HTTPByte.colon else { throw .badFieldLine }
        let name = String(decoding: c[..<i].lazy.map(HTTPByte.lowercased), as: UTF8.self)
        var start = i + 1
        var end = c.count
        guard c[start...].allSatisfy(HTTPByte.isFieldValue) else { throw .badFieldLine }
        while start < end, HTTPByte.isWhitespace(c[start]) { start += 1 }
        while end > start, HTTPByte.isWhitespace(c[end - 1]) { end -= 1 }
        return (name, HTTPByte.string(c[start..<end]))
    }

    /// The head is complete: skip an interim response, or decide how the body is framed.
    mutating func endOfHead() throws(FetchResponseError) {
        if status / 100 == 1 {
            if status == Self.switchingProtocols { throw .unexpectedUpgrade }
            // RFC 9110 §15.2: a client must accept and discard interim responses it does not use.
            headers = []
            state = .statusLine
            return
        }
        if Self.bodilessStatuses.contains(status) {
            complete()
            return
        }
        let transferEncoding = values("transfer-encoding")
        if !transferEncoding.isEmpty {
            try checkTransferEncoding(transferEncoding)
            state = .chunkSizeLine
            return
        }
        let contentLength = values("content-length")
        guard !contentLength.isEmpty else {
            state = .untilClose
            return
        }
        let length = try Self.contentLength(contentLength, limit: limits.maxBodyBytes)
        if length == 0 {
            complete()
        } else {
            body.reserveCapacity(length)
            state = .fixedBody(remaining: length)
        }
    }

    /// The values of the fields called `name` (lowercase) in the head so far.
    func values(_ name: String) -> [String] {
        headers.compactMap { $0.name == name ? $0.value : nil }
    }

    /// Accepts exactly one `chunked` coding, in an HTTP/1.1 response.
    func checkTransferEncoding(_ values: [String]) throws(FetchResponseError) {
        if minorVersion == 0 { throw .transferEncodingInHTTP10 }
        let codings = Self.listElements(values)
        for coding in codings where coding.lowercased() != "chunked" {
            throw .unsupportedTransferCoding(FetchResponseError.sanitizedToken(coding))
        }
        // Empty, or chunked applied twice (RFC 9112 §6.1: a sender MUST NOT).
        guard codings.count == 1 else { throw .badTransferEncoding }
    }

    /// The body length all `Content-Length` values agree on, checked against `limit` before any body byte.
    ///
    /// RFC 9112 §6.3 allows a list of identical values (a proxy joining duplicates); they are compared as
    /// numbers written as digit strings, leading zeros dropped, so no value can overflow the comparison.
    static func contentLength(_ values: [String], limit: Int) throws(FetchResponseError) -> Int {
        var agreed: Substring?
        for value in values {
            for element in value.split(separator: ",", omittingEmptySubsequences: false) {
                let digits = trimmed(element)
                guard !digits.isEmpty, digits.utf8.allSatisfy(HTTPByte.isDigit) else { throw .badContentLength }
                let significant = digits.drop { $0 == "0" }
                if let agreed, agreed != significant { throw .badContentLength }
                agreed = significant
            }
        }
        // More digits than `limit` has means larger than `limit`; parsing only short strings cannot overflow.
        let significant = agreed ?? ""
        guard significant.count <= String(limit).count, let length = Int(significant.isEmpty ? "0" : significant),
            length <= limit
        else { throw .bodyTooLarge(limit: limit) }
        return length
    }

    /// The non-empty elements of comma-separated list values, each trimmed of OWS (RFC 9110 §5.6.1).
    static func listElements(_ values: [String]) -> [Substring] {
        values.flatMap { $0.split(separator: ",") }.map(trimmed).filter { !$0.isEmpty }
    }

    /// `text` without leading and trailing SP and HTAB.
    static func trimmed(_ text: Substring) -> Substring {
        let isContent: (Character) -> Bool = { $0 != " " && $0 != "\t" }
        guard let first = text.firstIndex(where: isContent), let last = text.lastIndex(where: isContent) else {
            return ""
        }
        return text[first...last]
    }
}
