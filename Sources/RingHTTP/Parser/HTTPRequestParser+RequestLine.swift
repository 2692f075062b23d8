/// The request line, `method SP request-target SP HTTP-version CRLF` (RFC 9112 §3), checked byte by byte so
/// every limit trips as soon as it is crossed, before the line ends: a client cannot make us buffer a
/// megabyte-long target or method.
extension HTTPRequestParser {
    /// Which part of the request line the next byte belongs to, and where the earlier parts ended.
    /// Offsets are relative to `lineStart`, so compaction does not disturb them.
    struct RequestLineProgress: Sendable {
        enum Part: Sendable { case method, target, version, lineFeed }
        var part = Part.method
        /// Offset of the SP after the method.
        var methodEnd = 0
        /// Offset of the SP after the target.
        var targetEnd = 0
        /// Offset of the CR that ends the line.
        var versionEnd = 0
    }

    enum RequestLineScan {
        case needMore
        case complete(lineFeed: Int)
        case failed(HTTPParseError)
    }

    /// Bytes in `HTTP/1.1`; a longer version is malformed, which bounds the whole line.
    static let versionBytes = 8

    /// Examines the request-line bytes from `scanIndex` on; returns the LF's index once the line is complete.
    mutating func scanRequestLine(_ bytes: UnsafeBufferPointer<UInt8>) -> RequestLineScan {
        if scanIndex == lineStart, let lineFeed = scanWholeRequestLine(bytes) { return .complete(lineFeed: lineFeed) }
        var i = scanIndex
        defer { scanIndex = i }
        while i < bytes.count {
            let b = bytes[i]
            let offset = i - lineStart
            switch requestLine.part {
            case .method:
                if b == HTTPByte.sp {
                    guard offset > 0 else { return .failed(.leadingWhitespace) }
                    requestLine.methodEnd = offset
                    requestLine.part = .target
                } else if HTTPByte.isToken(b) {
                    guard offset < Self.maxMethodBytes else { return .failed(.methodTooLong) }
                } else if b == HTTPByte.htab {
                    return .failed(offset == 0 ? .leadingWhitespace : .invalidMethod)
                } else {
                    return .failed(.invalidMethod)
                }
            case .target:
                let length = offset - requestLine.methodEnd - 1
                if HTTPByte.isVisible(b) {
                    guard length < limits.maxTargetBytes else { return .failed(.targetTooLong) }
                } else if b == HTTPByte.sp {
                    guard length > 0 else { return .failed(.extraWhitespace) }
                    requestLine.targetEnd = offset
                    requestLine.part = .version
                } else if b == HTTPByte.cr || b == HTTPByte.lf {
                    return .failed(length == 0 ? .invalidTarget : .missingVersion)
                } else {
                    return .failed(.invalidTargetByte)
                }
            case .version:
                let length = offset - requestLine.targetEnd - 1
                if b == HTTPByte.cr {
                    guard length > 0 else { return .failed(.missingVersion) }
                    requestLine.versionEnd = offset
                    requestLine.part = .lineFeed
                } else if b == HTTPByte.lf {
                    return .failed(.bareLineFeed)
                } else if b == HTTPByte.sp || b == HTTPByte.htab {
                    return .failed(length == 0 ? .extraWhitespace : .malformedVersion)
                } else {
                    guard length < Self.versionBytes else { return .failed(.malformedVersion) }
                }
            case .lineFeed:
                guard b == HTTPByte.lf else { return .failed(.bareCarriageReturn) }
                i += 1
                return .complete(lineFeed: i - 1)
            }
            i += 1
        }
        return .needMore
    }

    /// The common case in one pass: a whole, well-formed request line already buffered. Checks exactly what the
    /// byte-at-a-time scan checks, in tight loops per part instead of a state switch per byte (that switch was
    /// about 600 instructions of each cache hit, callgrind); at the first thing that is not plainly valid, or an
    /// unfinished line, it returns nil having changed nothing, and the byte-at-a-time scan decides, so errors and
    /// their order stay its own. The parser tests split every input at every position, which sends each one
    /// through both.
    private mutating func scanWholeRequestLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let start = lineStart, end = bytes.count
        var i = start
        while i < end, i - start < Self.maxMethodBytes, HTTPByte.isToken(bytes[i]) { i += 1 }
        guard i > start, i < end, bytes[i] == HTTPByte.sp else { return nil }
        let methodEnd = i
        i += 1
        let targetStart = i
        while i < end, i - targetStart < limits.maxTargetBytes, HTTPByte.isVisible(bytes[i]) { i += 1 }
        guard i > targetStart, i < end, bytes[i] == HTTPByte.sp else { return nil }
        let targetEnd = i
        i += 1
        let versionStart = i
        while i < end, i - versionStart < Self.versionBytes, !Self.endsVersion(bytes[i]) { i += 1 }
        guard i > versionStart, i + 1 < end, bytes[i] == HTTPByte.cr, bytes[i + 1] == HTTPByte.lf else { return nil }
        requestLine = RequestLineProgress(
            part: .lineFeed, methodEnd: methodEnd - start, targetEnd: targetEnd - start, versionEnd: i - start)
        scanIndex = i + 2
        return i + 1
    }

    /// The bytes the byte-at-a-time scan treats as the end of the version (or an error there).
    private static func endsVersion(_ b: UInt8) -> Bool {
        b == HTTPByte.cr || b == HTTPByte.lf || b == HTTPByte.sp || b == HTTPByte.htab
    }

    /// Starts a new request head from the complete request line ending at `lineFeed`.
    /// The version is judged before the target: with a version we do not speak, nothing else can be trusted.
    mutating func beginHead(_ bytes: UnsafeBufferPointer<UInt8>, lineFeed: Int) -> HTTPParseError? {
        let line = lineStart
        let versionRange = (line + requestLine.targetEnd + 1)..<(line + requestLine.versionEnd)
        let version: HTTPVersion
        switch Self.parseVersion(bytes, versionRange) {
        case .success(let parsed): version = parsed
        case .failure(let error): return error
        }
        let method = HTTPMethod(token: HTTPByte.string(bytes, line..<(line + requestLine.methodEnd)))
        let targetRange = (line + requestLine.methodEnd + 1)..<(line + requestLine.targetEnd)
        let target: HTTPRequestTarget
        switch HTTPRequestTarget.parse(bytes, targetRange, method: method) {
        case .success(let parsed): target = parsed
        case .failure(let error): return error
        }
        head.begin(method: method, target: target, version: version)
        return nil
    }

    /// `HTTP-version = "HTTP/" DIGIT "." DIGIT` (case-sensitive, RFC 9112 §2.3).
    ///
    /// Another major version (also written without a minor, as in `HTTP/3`) → 505 (RFC 9110 §6.2 allows it);
    /// `HTTP/1.2`…`HTTP/1.9` are handled as 1.1, the highest 1.x minor we implement (RFC 9110 §6.2).
    static func parseVersion(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Result<HTTPVersion, HTTPParseError> {
        let prefix: StaticString = "HTTP/"
        let count = range.count
        guard count == 6 || count == 8 else { return .failure(.malformedVersion) }
        let p = prefix.utf8Start
        for k in 0..<5 where bytes[range.lowerBound + k] != p[k] { return .failure(.malformedVersion) }
        let major = bytes[range.lowerBound + 5]
        guard HTTPByte.isDigit(major) else { return .failure(.malformedVersion) }
        var minor: UInt8?
        if count == 8 {
            let dot = bytes[range.lowerBound + 6], digit = bytes[range.lowerBound + 7]
            guard dot == HTTPByte.period, HTTPByte.isDigit(digit) else { return .failure(.malformedVersion) }
            minor = digit - 0x30
        }
        guard major == 0x31 else { return .failure(.versionNotSupported) }
        switch minor {
        case nil: return .failure(.malformedVersion)
        case 0: return .success(.http1_0)
        default: return .success(.http1_1)
        }
    }
}
