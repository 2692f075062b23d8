/// A request-target split into the parts `HTTPRequest` carries (RFC 9112 §3.2).
///
/// The parser has already checked that every byte is visible ASCII and that the length is within the limit;
/// this decides which of the four forms the target is and whether the method allows that form.
struct HTTPRequestTarget: Sendable, Hashable {
    /// The target exactly as received.
    var raw: String
    /// Still percent-encoded; "/" for an absolute-form target without a path.
    var path: String
    /// After the first `?`, without it; nil when there is none.
    var query: String?

    /// `/`: what a head holds between requests.
    static let root = HTTPRequestTarget(raw: "/", path: "/", query: nil)

    static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, method: HTTPMethod
    ) -> Result<HTTPRequestTarget, HTTPParseError> {
        let raw = HTTPByte.string(bytes, range)
        let first = bytes[range.lowerBound]
        // authority-form is CONNECT's only form, and CONNECT has no other (RFC 9112 §3.2.3).
        if method == .connect {
            guard HTTPHostSyntax.isValid(bytes, range, requireHost: true, requirePort: true) else {
                return .failure(.connectNeedsAuthority)
            }
            return .success(HTTPRequestTarget(raw: raw, path: raw, query: nil))
        }
        // asterisk-form is only for a server-wide OPTIONS (RFC 9112 §3.2.4).
        if range.count == 1 && first == HTTPByte.asterisk {
            guard method == .options else { return .failure(.asteriskNotOptions) }
            return .success(HTTPRequestTarget(raw: raw, path: raw, query: nil))
        }
        if first == HTTPByte.slash {
            return .success(split(bytes, range, raw: raw))
        }
        if HTTPByte.isAlpha(first) {
            return parseAbsoluteForm(bytes, range, raw: raw)
        }
        return .failure(.invalidTarget)
    }

    /// absolute-form (RFC 9112 §3.2.2): a server MUST accept it, and the path and query come from it.
    /// Only `http` and `https` make sense for an origin; userinfo is rejected (RFC 9110 §4.2.4) because `@` is
    /// not a host character.
    private static func parseAbsoluteForm(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, raw: String
    ) -> Result<HTTPRequestTarget, HTTPParseError> {
        var i = range.lowerBound + 1
        while i < range.upperBound, isSchemeChar(bytes[i]) { i += 1 }
        let schemeRange = range.lowerBound..<i
        guard range.upperBound - i >= 3, bytes[i] == HTTPByte.colon,
            bytes[i + 1] == HTTPByte.slash, bytes[i + 2] == HTTPByte.slash
        else { return .failure(.invalidTarget) }
        guard HTTPByte.equalsIgnoringCase(bytes, schemeRange, "http")
            || HTTPByte.equalsIgnoringCase(bytes, schemeRange, "https")
        else { return .failure(.unsupportedScheme) }
        let authorityStart = i + 3
        var authorityEnd = authorityStart
        while authorityEnd < range.upperBound {
            let b = bytes[authorityEnd]
            if b == HTTPByte.slash || b == HTTPByte.question || b == HTTPByte.hash { break }
            authorityEnd += 1
        }
        guard HTTPHostSyntax.isValid(bytes, authorityStart..<authorityEnd, requireHost: true, requirePort: false) else {
            return .failure(.invalidAuthority)
        }
        return .success(split(bytes, authorityEnd..<range.upperBound, raw: raw))
    }

    /// Splits `path[?query][#fragment]` on the first `?`; a fragment is not part of a request-target, but
    /// clients that leak one get it dropped rather than a 400.
    private static func split(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, raw: String) -> HTTPRequestTarget {
        var pathEnd = range.lowerBound
        while pathEnd < range.upperBound, bytes[pathEnd] != HTTPByte.question, bytes[pathEnd] != HTTPByte.hash {
            pathEnd += 1
        }
        let path = pathEnd == range.lowerBound ? "/" : HTTPByte.string(bytes, range.lowerBound..<pathEnd)
        guard pathEnd < range.upperBound, bytes[pathEnd] == HTTPByte.question else {
            return HTTPRequestTarget(raw: raw, path: path, query: nil)
        }
        var queryEnd = pathEnd + 1
        while queryEnd < range.upperBound, bytes[queryEnd] != HTTPByte.hash { queryEnd += 1 }
        return HTTPRequestTarget(raw: raw, path: path, query: HTTPByte.string(bytes, (pathEnd + 1)..<queryEnd))
    }

    /// `scheme = ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )` (RFC 3986 §3.1), after the first letter.
    private static func isSchemeChar(_ b: UInt8) -> Bool {
        HTTPByte.isAlpha(b) || HTTPByte.isDigit(b) || b == 0x2B || b == 0x2D || b == 0x2E
    }
}
