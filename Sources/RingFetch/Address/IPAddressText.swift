/// The strict text forms behind `IPAddress`: dotted-quad IPv4 and RFC 4291 IPv6 in, RFC 5952 IPv6 out.
///
/// Strict on purpose: these parse addresses an operator writes (policy entries) and bracketed URL hosts. The loose
/// spellings a URL host may use (`127.1`, `0x7f.1`) are read by `HostParser`, following the WHATWG URL Standard.
enum IPAddressText {
    /// Longest dotted quad, `255.255.255.255`.
    static let maxIPv4Length = 15
    /// Longest IPv6 text: six full groups and an IPv4 tail, `ffff:ffff:ffff:ffff:ffff:ffff:255.255.255.255`.
    /// Anything longer is not an address, and the bound caps what a hostile input costs.
    static let maxIPv6Length = 45
    /// Hex digits in one IPv6 group.
    static let maxGroupDigits = 4

    /// Exactly four decimal parts 0…255, each without leading zeros; nil otherwise.
    static func ipv4(_ text: ArraySlice<UInt8>) -> UInt32? {
        guard text.count <= maxIPv4Length else { return nil }
        let parts = text.split(separator: ASCII.dot, omittingEmptySubsequences: false)
        guard parts.count == 4 else { return nil }
        var value: UInt32 = 0
        for part in parts {
            guard let octet = octet(part) else { return nil }
            value = value << 8 | UInt32(octet)
        }
        return value
    }

    /// One decimal part of a dotted quad.
    private static func octet(_ part: ArraySlice<UInt8>) -> UInt8? {
        guard (1...3).contains(part.count), part.allSatisfy(ASCII.isDigit) else { return nil }
        // `010` is ten to some readers and eight to inet_aton(3) and URL parsers: refuse the ambiguity.
        guard part.count == 1 || part.first != ASCII.zero else { return nil }
        let value = part.reduce(0) { $0 * 10 + Int($1 - ASCII.zero) }
        return value <= 255 ? UInt8(value) : nil
    }

    /// Any RFC 4291 §2.2 text form: eight groups, `::` for one or more zero groups, an IPv4 tail. No zone ID
    /// (`%eth0`): a zone names an interface of this machine, which no client of ours has any business choosing.
    static func ipv6(_ text: ArraySlice<UInt8>) -> (high: UInt64, low: UInt64)? {
        guard text.count >= 2, text.count <= maxIPv6Length else { return nil }
        var head = text
        var tail: ArraySlice<UInt8>?
        if let gap = doubleColon(in: text) {
            head = text[..<gap]
            tail = text[(gap + 2)...]
        }
        guard let headGroups = groups(head, ipv4Tail: tail == nil) else { return nil }
        var words = headGroups
        if let tail {
            guard let tailGroups = groups(tail, ipv4Tail: true), headGroups.count + tailGroups.count <= 7 else {
                return nil
            }
            words += Array(repeating: 0, count: 8 - headGroups.count - tailGroups.count) + tailGroups
        }
        guard words.count == 8 else { return nil }
        let high = words[0..<4].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
        let low = words[4..<8].reduce(UInt64(0)) { $0 << 16 | UInt64($1) }
        return (high, low)
    }

    /// Where the first `::` starts. A second one shows up later as an empty group, which `groups` refuses.
    private static func doubleColon(in text: ArraySlice<UInt8>) -> Int? {
        var index = text.startIndex
        while index + 1 < text.endIndex {
            if text[index] == ASCII.colon && text[index + 1] == ASCII.colon { return index }
            index += 1
        }
        return nil
    }

    /// The 16-bit groups of one side of `::` (or of a whole address without one); an IPv4 tail, allowed only at
    /// the very end of the address, counts as two groups.
    private static func groups(_ text: ArraySlice<UInt8>, ipv4Tail: Bool) -> [UInt16]? {
        if text.isEmpty { return [] }
        let pieces = text.split(separator: ASCII.colon, omittingEmptySubsequences: false)
        var result: [UInt16] = []
        for (index, piece) in pieces.enumerated() {
            if ipv4Tail, index == pieces.count - 1, piece.contains(ASCII.dot) {
                guard let ipv4 = ipv4(piece) else { return nil }
                result += [UInt16(ipv4 >> 16), UInt16(ipv4 & 0xFFFF)]
            } else {
                guard (1...maxGroupDigits).contains(piece.count) else { return nil }
                var group: UInt16 = 0
                for byte in piece {
                    guard let digit = ASCII.digitValue(byte, radix: 16) else { return nil }
                    group = group << 4 | UInt16(digit)
                }
                result.append(group)
            }
        }
        return result
    }

    static func format(ipv4 value: UInt32) -> String {
        "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
    }

    /// RFC 5952 §4: lowercase hex without leading zeros; the longest run of two or more zero groups (the first of
    /// equals) as `::`; and (§5) IPv4-mapped addresses with a dotted tail, `::ffff:127.0.0.1`.
    static func format(ipv6 high: UInt64, _ low: UInt64) -> String {
        if high == 0 && low >> 32 == 0xFFFF {
            return "::ffff:" + format(ipv4: UInt32(truncatingIfNeeded: low))
        }
        let words = (0..<8).map { index in
            UInt16(truncatingIfNeeded: (index < 4 ? high : low) >> (16 * (3 - index % 4)))
        }
        var best = (start: 0, count: 0)
        var index = 0
        while index < 8 {
            var end = index
            while end < 8 && words[end] == 0 { end += 1 }
            if end - index > best.count { best = (index, end - index) }
            index = max(end, index + 1)
        }
        let hex = { (slice: ArraySlice<UInt16>) in slice.map { String($0, radix: 16) }.joined(separator: ":") }
        guard best.count >= 2 else { return hex(words[...]) }
        return hex(words[..<best.start]) + "::" + hex(words[(best.start + best.count)...])
    }
}
