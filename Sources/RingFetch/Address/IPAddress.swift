/// An IPv4 or IPv6 address, the unit the SSRF checks reason about.
public enum IPAddress: Hashable, Sendable, CustomStringConvertible {
    /// An IPv4 address in host order: 127.0.0.1 is `0x7F000001`.
    case v4(UInt32)
    /// An IPv6 address as its high and low 64 bits, host order: `::1` is `.v6(0, 1)`.
    case v6(UInt64, UInt64)

    /// Reads a strict dotted quad (`10.0.0.1`: four decimal parts 0…255, no leading zeros) or any RFC 4291 IPv6
    /// text form (`fe80::1`, `::ffff:1.2.3.4`), without brackets or zone ID; nil for anything else.
    ///
    /// The loose IPv4 spellings URL parsers accept (`127.1`, `0x7f000001`) are not addresses here: they are read
    /// only as URL hosts, by `SourceURL`.
    public init?(_ text: some StringProtocol) {
        guard text.utf8.count <= IPAddressText.maxIPv6Length else { return nil }
        let bytes = Array(text.utf8)[...]
        if let value = IPAddressText.ipv4(bytes) {
            self = .v4(value)
        } else if let value = IPAddressText.ipv6(bytes) {
            self = .v6(value.high, value.low)
        } else {
            return nil
        }
    }

    /// The address from its 4 or 16 bytes in network order (as `getaddrinfo(3)` returns them); nil for any other
    /// count.
    public init?(bytes: [UInt8]) {
        let fold = { (slice: ArraySlice<UInt8>) in slice.reduce(UInt64(0)) { $0 << 8 | UInt64($1) } }
        switch bytes.count {
        case 4: self = .v4(UInt32(fold(bytes[...])))
        case 16: self = .v6(fold(bytes[0..<8]), fold(bytes[8..<16]))
        default: return nil
        }
    }

    /// The 4 or 16 bytes in network order, ready for a `sockaddr`.
    public var bytes: [UInt8] {
        switch self {
        case .v4(let value):
            return (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
        case .v6(let high, let low):
            return (0..<16).map { UInt8(truncatingIfNeeded: ($0 < 8 ? high : low) >> (56 - 8 * ($0 % 8))) }
        }
    }

    /// A dotted quad, or IPv6 in RFC 5952 canonical form (`2001:db8::1`, `::ffff:127.0.0.1`), without brackets.
    /// Equal addresses always print equally.
    public var description: String {
        switch self {
        case .v4(let value): return IPAddressText.format(ipv4: value)
        case .v6(let high, let low): return IPAddressText.format(ipv6: high, low)
        }
    }

    /// The IPv4 address an IPv6 address carries, for the forms that deliver to (or stand for) that IPv4 host:
    /// IPv4-mapped `::ffff:0:0/96`, IPv4-compatible `::/96` (deprecated; not `::` or `::1`), NAT64 `64:ff9b::/96`
    /// (RFC 6052) and 6to4 `2002::/16` (RFC 3056, bits 16…47). Nil for IPv4 addresses and other IPv6 addresses.
    ///
    /// An attacker uses these to spell a private IPv4 address as IPv6 (`[::ffff:10.0.0.1]`), so the address kind of
    /// an IPv6 address with an embedded IPv4 is the kind of the IPv4.
    public var embeddedIPv4: IPAddress? {
        guard case .v6(let high, let low) = self else { return nil }
        let low32 = IPAddress.v4(UInt32(truncatingIfNeeded: low))
        if let mapped = ipv4Mapped { return mapped }
        if high == 0 && low >> 32 == 0 && low > 1 { return low32 }
        if high == Self.nat64Prefix && low >> 32 == 0 { return low32 }
        if high >> 48 == Self.sixToFourPrefix { return .v4(UInt32(truncatingIfNeeded: high >> 16)) }
        return nil
    }

    /// The IPv4 address of an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) only: the one form the kernel itself
    /// delivers to an IPv4 socket, so the one an IPv4 network is taken to contain.
    var ipv4Mapped: IPAddress? {
        guard case .v6(let high, let low) = self, high == 0, low >> 32 == 0xFFFF else { return nil }
        return .v4(UInt32(truncatingIfNeeded: low))
    }

    /// High 64 bits of the NAT64 well-known prefix `64:ff9b::/96` (RFC 6052).
    static let nat64Prefix: UInt64 = 0x0064_FF9B_0000_0000
    /// First 16 bits of 6to4 addresses, `2002::/16` (RFC 3056).
    static let sixToFourPrefix: UInt64 = 0x2002
}
