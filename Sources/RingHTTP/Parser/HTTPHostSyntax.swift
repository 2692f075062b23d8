/// `Host = uri-host [ ":" port ]` (RFC 9110 §7.2, RFC 3986 §3.2.2–§3.2.3), used for the Host field and for the
/// authority of absolute-form and authority-form targets.
///
/// A syntax check only: no DNS names are resolved and no IP address ranges judged. Anything it accepts is
/// made of visible ASCII without `@`, `/`, `?`, `#` or whitespace.
enum HTTPHostSyntax {
    /// Whether `bytes[range]` is `uri-host [":" port]`.
    /// - Parameters:
    ///   - requireHost: the host may not be empty (absolute-form and authority-form; an `http` URI with an
    ///     empty host is invalid, RFC 9110 §4.2.1). A Host field may be empty (RFC 9112 §3.2).
    ///   - requirePort: a non-empty port must follow (authority-form, RFC 9112 §3.2.3).
    static func isValid(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, requireHost: Bool, requirePort: Bool
    ) -> Bool {
        var i = range.lowerBound
        let end = range.upperBound
        if i < end && bytes[i] == HTTPByte.leftBracket {
            // IP-literal: IPv6address or IPvFuture. Checked for its alphabet only; the brackets must close.
            i += 1
            let inner = i
            while i < end && bytes[i] != HTTPByte.rightBracket {
                guard HTTPByte.isRegNameChar(bytes[i]) || bytes[i] == HTTPByte.colon else { return false }
                i += 1
            }
            guard i < end, i > inner else { return false }
            i += 1
        } else {
            let hostStart = i
            while i < end && bytes[i] != HTTPByte.colon {
                if bytes[i] == HTTPByte.percent {
                    guard end - i >= 3, HTTPByte.isHexDigit(bytes[i + 1]), HTTPByte.isHexDigit(bytes[i + 2]) else {
                        return false
                    }
                    i += 3
                    continue
                }
                guard HTTPByte.isRegNameChar(bytes[i]) else { return false }
                i += 1
            }
            if requireHost && i == hostStart { return false }
        }
        guard i < end else { return !requirePort }
        guard bytes[i] == HTTPByte.colon else { return false }
        i += 1
        if requirePort && i == end { return false }
        while i < end {
            guard HTTPByte.isDigit(bytes[i]) else { return false }
            i += 1
        }
        return true
    }
}
