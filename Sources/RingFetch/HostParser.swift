/// Reads the host of a URL the way the WHATWG URL Standard's host parser does wherever that decides which machine
/// is reached, and refuses the rest.
///
/// Browsers, curl and most HTTP libraries agree that `http://2130706433/`, `http://0x7f.1/` and `http://0177.0.0.1/`
/// are 127.0.0.1 (inet_aton(3) reads them so too), so a checker that saw a *name* there would pass a loopback
/// address to the resolver. Anything that looks numeric must therefore be a valid IPv4 address or an error.
enum HostParser {
    /// RFC 1035 §2.3.4: 253 characters of name without the trailing dot.
    static let maxNameLength = 253
    /// RFC 1035 §2.3.4: 63 characters per label.
    static let maxLabelLength = 63
    /// IPv4 parts the WHATWG parser reads (`a.b.c.d`); fewer make the last part fill the remaining bytes.
    static let maxIPv4Parts = 4
    /// Above any valid IPv4 number: numbers saturate here so huge ones stay invalid without overflowing.
    private static let ipv4NumberCap = UInt64(UInt32.max) + 1

    /// The host inside `[` `]`: an IPv6 address, nothing else (no IPv4, no IPvFuture, no zone ID).
    static func bracketed(_ text: ArraySlice<UInt8>) throws(SourceURLError) -> SourceURL.Host {
        if text.contains(ASCII.percent) {
            throw SourceURLError("has a zone ID (%) in the IPv6 address; zone IDs are not allowed")
        }
        guard let value = IPAddressText.ipv6(text) else {
            throw SourceURLError("\"[\(String(decoding: text, as: UTF8.self))]\" is not a valid IPv6 address")
        }
        return .address(.v6(value.high, value.low))
    }

    /// A host without brackets: an IPv4 address in any WHATWG spelling, or a lowercased name without trailing dot.
    static func host(_ text: ArraySlice<UInt8>) throws(SourceURLError) -> SourceURL.Host {
        guard !text.isEmpty else { throw .noHost }
        // Browsers map non-ASCII hosts through IDNA, where `①②⑦.０.０.１` becomes 127.0.0.1: refuse them all.
        if text.contains(where: { $0 >= ASCII.firstNonASCII }) { throw .nonASCIIHost }
        // Browsers percent-decode hosts (`%31%32%37.0.0.1`); refusing `%` leaves one spelling to check.
        if text.contains(ASCII.percent) { throw .percentInHost }
        if let bad = text.first(where: { !isHostByte($0) }) {
            throw SourceURLError("has \"\(Character(Unicode.Scalar(bad)))\" in the host, which is not allowed there")
        }
        let lowered = ArraySlice(text.map(ASCII.lowercased))
        if endsInNumber(lowered) {
            guard let value = ipv4(lowered) else {
                let shown = String(decoding: text, as: UTF8.self)
                throw SourceURLError("has \"\(shown)\" as host, which looks like an IPv4 address but is not a valid one")
            }
            return .address(.v4(value))
        }
        let name = lowered.last == ASCII.dot ? lowered.dropLast() : lowered
        guard !name.isEmpty else { throw .noHost }
        guard name.count <= maxNameLength else { throw .longHost }
        for label in name.split(separator: ASCII.dot, omittingEmptySubsequences: false) {
            guard !label.isEmpty else { throw .emptyLabel }
            guard label.count <= maxLabelLength else { throw .longLabel }
        }
        return .name(String(decoding: name, as: UTF8.self))
    }

    /// Letters, digits, `-`, `.`, and `_` (not valid in host names by RFC 952, but real DNS names carry it and
    /// resolvers accept it). Everything else, including every URL delimiter, is refused.
    private static func isHostByte(_ byte: UInt8) -> Bool {
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == ASCII.hyphen || byte == ASCII.dot
            || byte == ASCII.underscore
    }

    /// WHATWG "ends in a number": the last label (after dropping one empty label from a trailing dot) is all decimal
    /// digits, or a valid IPv4 number (`0x`, `0x1f`, `017`).
    static func endsInNumber(_ text: ArraySlice<UInt8>) -> Bool {
        var parts = text.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true {
            if parts.count == 1 { return false }
            parts.removeLast()
        }
        guard let last = parts.last else { return false }
        if !last.isEmpty && last.allSatisfy(ASCII.isDigit) { return true }
        return ipv4Number(last) != nil
    }

    /// WHATWG IPv4 parser: one to four parts, each decimal, octal (leading `0`) or hex (`0x`); all but the last at
    /// most 255, the last filling the bytes left (`127.1` is 127.0.0.1, `2130706433` too). Nil when invalid.
    static func ipv4(_ text: ArraySlice<UInt8>) -> UInt32? {
        var parts = text.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        if parts.last?.isEmpty == true && parts.count > 1 { parts.removeLast() }
        guard parts.count <= maxIPv4Parts else { return nil }
        var numbers: [UInt64] = []
        for part in parts {
            guard let number = ipv4Number(part) else { return nil }
            numbers.append(number)
        }
        guard let last = numbers.last, numbers.dropLast().allSatisfy({ $0 <= 255 }),
            last < UInt64(1) << (8 * (5 - numbers.count))
        else { return nil }
        var value = last
        for (index, number) in numbers.dropLast().enumerated() { value += number << (8 * (3 - index)) }
        return UInt32(value)
    }

    /// WHATWG IPv4 number parser: `0x`/`0X` hex (an empty `0x` is 0), leading `0` octal, else decimal; nil when
    /// empty or holding a digit outside the radix. Values saturate at `ipv4NumberCap`.
    private static func ipv4Number(_ part: ArraySlice<UInt8>) -> UInt64? {
        guard !part.isEmpty else { return nil }
        var digits = part
        var radix: UInt8 = 10
        let hasZeroPrefix = part.count >= 2 && part.first == ASCII.zero
        if hasZeroPrefix && ASCII.lowercased(part[part.startIndex + 1]) == UInt8(ascii: "x") {
            radix = 16
            digits = part.dropFirst(2)
        } else if hasZeroPrefix {
            radix = 8
            digits = part.dropFirst()
        }
        var value: UInt64 = 0
        for byte in digits {
            guard let digit = ASCII.digitValue(byte, radix: radix) else { return nil }
            value = min(value * UInt64(radix) + UInt64(digit), ipv4NumberCap)
        }
        return value
    }
}
