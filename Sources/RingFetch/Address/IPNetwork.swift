/// An IPv4 or IPv6 network in CIDR form (`10.0.0.0/8`, `fd00::/8`), as written in `--source-allow` and
/// `--source-deny`.
public struct IPNetwork: Hashable, Sendable, CustomStringConvertible {
    /// The network's first address: host bits are always zero, so equal networks compare equal.
    public let address: IPAddress
    /// Leading bits that must match: 0…32 for IPv4, 0…128 for IPv6.
    public let prefixLength: Int

    /// The network of `address`'s first `prefixLength` bits; nil when the length is out of range. Host bits set in
    /// `address` are cleared (`10.1.2.3/8` is `10.0.0.0/8`), as `ip route` does: people write an address they know
    /// and the prefix they mean, and refusing that would help nobody.
    public init?(address: IPAddress, prefixLength: Int) {
        guard (0...address.bitWidth).contains(prefixLength) else { return nil }
        self.address = address.masked(to: prefixLength)
        self.prefixLength = prefixLength
    }

    /// The network holding exactly `address` (/32 or /128).
    public init(_ address: IPAddress) {
        self.address = address
        self.prefixLength = address.bitWidth
    }

    /// Reads `10.0.0.0/8`, `fd00::/8`, or a bare address (`/32`, `/128`). The address is strict (`IPAddress`), the
    /// prefix length decimal without leading zeros; host bits are masked as in `init(address:prefixLength:)`.
    public init?(_ text: some StringProtocol) {
        let bytes = Array(text.utf8)[...]
        guard let slash = bytes.firstIndex(of: ASCII.slash) else {
            guard let address = IPAddress(text) else { return nil }
            self.init(address)
            return
        }
        let lengthText = bytes[(slash + 1)...]
        guard let address = IPAddress(String(decoding: bytes[..<slash], as: UTF8.self)),
            (1...3).contains(lengthText.count), lengthText.allSatisfy(ASCII.isDigit),
            lengthText.count == 1 || lengthText.first != ASCII.zero
        else { return nil }
        self.init(address: address, prefixLength: lengthText.reduce(0) { $0 * 10 + Int($1 - ASCII.zero) })
    }

    /// Whether `address` is in this network. An IPv6 address is never in an IPv4 network, nor the reverse, with one
    /// exception: an IPv4 network contains the IPv4-mapped form of its addresses (`::ffff:10.0.0.1` is in
    /// `10.0.0.0/8`), because a socket given that address talks to the IPv4 host. Other embeddings (NAT64, 6to4)
    /// are not matched here; `IPAddress.embeddedIPv4` exposes them for callers that want them.
    public func contains(_ other: IPAddress) -> Bool {
        switch (address, other) {
        case (.v4, .v4), (.v6, .v6): return other.masked(to: prefixLength) == address
        case (.v4, .v6): return other.ipv4Mapped.map(contains) ?? false
        case (.v6, .v4): return false
        }
    }

    /// `10.0.0.0/8`, `fd00::/8`: always with the prefix length, even for a single address.
    public var description: String { "\(address)/\(prefixLength)" }
}

extension IPAddress {
    /// 32 or 128.
    var bitWidth: Int {
        switch self {
        case .v4: return 32
        case .v6: return 128
        }
    }

    /// The address with all bits after the first `prefixLength` cleared. Swift's `<<` shifts a value out entirely
    /// when the count reaches the width, which is what a zero-length mask needs.
    fileprivate func masked(to prefixLength: Int) -> IPAddress {
        switch self {
        case .v4(let value):
            return .v4(value & (UInt32.max << (32 - prefixLength)))
        case .v6(let high, let low):
            let highMask = UInt64.max << (64 - min(prefixLength, 64))
            let lowMask = UInt64.max << (128 - max(prefixLength, 64))
            return .v6(high & highMask, low & lowMask)
        }
    }
}
