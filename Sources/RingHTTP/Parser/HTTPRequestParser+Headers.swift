/// The header section (RFC 9112 §5): `field-name ":" OWS field-value OWS CRLF` lines up to an empty line.
///
/// Lines are found with memchr from where the last search stopped, and each line is validated once, when its
/// LF arrives. The size limit is checked on the unfinished line too, so it trips before the line ends, and it
/// is checked before the line's syntax, so the status does not depend on where the input was split.
extension HTTPRequestParser {
    enum HeaderLineScan {
        case needMore
        case nextLine
        case endOfHead
        case failed(HTTPParseError)
    }

    /// Handles the header line at `lineStart`, if its LF has arrived.
    mutating func scanHeaderLine(_ bytes: UnsafeBufferPointer<UInt8>) -> HeaderLineScan {
        guard let lineFeed = HTTPByte.firstLineFeed(in: bytes, from: scanIndex) else {
            scanIndex = bytes.count
            guard head.facts.headerBytes + (bytes.count - lineStart) <= limits.maxHeaderBytes else {
                return .failed(.headerSectionTooLarge)
            }
            return .needMore
        }
        // The section size counts every line with its CRLF, the final empty line included.
        head.facts.headerBytes += lineFeed + 1 - lineStart
        guard head.facts.headerBytes <= limits.maxHeaderBytes else { return .failed(.headerSectionTooLarge) }
        guard lineFeed > lineStart, bytes[lineFeed - 1] == HTTPByte.cr else { return .failed(.bareLineFeed) }
        let contentEnd = lineFeed - 1
        let line = lineStart..<contentEnd
        lineStart = lineFeed + 1
        scanIndex = lineStart
        if line.isEmpty { return .endOfHead }
        guard head.headers.count < limits.maxHeaderFields else { return .failed(.tooManyFields) }
        if let error = parseField(bytes, line) { return .failed(error) }
        return .nextLine
    }

    /// Validates one field line (without its CRLF) and adds it to the pending head.
    mutating func parseField(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> HTTPParseError? {
        let start = line.lowerBound, end = line.upperBound
        // RFC 9112 §2.2 / §5.2: whitespace right after the request line, or obs-fold later, is rejected.
        if HTTPByte.isWhitespace(bytes[start]) {
            return head.headers.count == 0 ? .whitespaceBeforeFirstField : .obsoleteLineFolding
        }
        var i = start
        while i < end, HTTPByte.isToken(bytes[i]) { i += 1 }
        guard i < end else { return .missingColon }
        if bytes[i] != HTTPByte.colon {
            if HTTPByte.isWhitespace(bytes[i]) {
                var j = i
                while j < end, HTTPByte.isWhitespace(bytes[j]) { j += 1 }
                // RFC 9112 §5.1: whitespace before the colon MUST be rejected (a classic smuggling vector).
                return j < end && bytes[j] == HTTPByte.colon ? .whitespaceBeforeColon : .whitespaceInFieldName
            }
            return bytes[i] == HTTPByte.cr ? .bareCarriageReturn : .invalidFieldName
        }
        guard i > start else { return .emptyFieldName }
        let name = start..<i
        var valueStart = i + 1
        while valueStart < end, HTTPByte.isWhitespace(bytes[valueStart]) { valueStart += 1 }
        let invalid = HTTPByte.firstInvalidFieldValueByte(bytes, valueStart..<end)
        if invalid < end { return bytes[invalid] == HTTPByte.cr ? .bareCarriageReturn : .invalidFieldValue }
        var valueEnd = end
        while valueEnd > valueStart, HTTPByte.isWhitespace(bytes[valueEnd - 1]) { valueEnd -= 1 }
        let value = valueStart..<valueEnd
        if let field = KnownField(bytes, name) {
            head.note(field, bytes, value)
        }
        head.headers.add(bytes, name: name, value: value)
        return nil
    }
}

/// The fields whose values the parser itself must judge.
enum KnownField: Sendable {
    case host, contentLength, transferEncoding, expect

    /// Recognises `bytes[name]` case-insensitively; nil for every other field.
    init?(_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>) {
        switch name.count {
        case 4 where HTTPByte.equalsIgnoringCase(bytes, name, "host"): self = .host
        case 6 where HTTPByte.equalsIgnoringCase(bytes, name, "expect"): self = .expect
        case 14 where HTTPByte.equalsIgnoringCase(bytes, name, "content-length"): self = .contentLength
        case 17 where HTTPByte.equalsIgnoringCase(bytes, name, "transfer-encoding"): self = .transferEncoding
        default: return nil
        }
    }
}
