/// What an address is for, as far as reaching it from this server goes. Only `.public` addresses are fetched
/// unless an operator allows more.
///
/// `documentation` is its own kind rather than `reserved`: RFC 5737 and RFC 3849 ranges appear in examples and
/// tests, and "a documentation address" tells someone who pasted one exactly what went wrong.
public enum AddressKind: String, Sendable {
    case `public` = "public"
    /// 127.0.0.0/8, `::1`: this machine.
    case loopback
    /// RFC 1918: 10.0.0.0/8, 172.16.0.0/12, 192.168.0.0/16.
    case `private` = "private"
    /// 100.64.0.0/10 (RFC 6598), carrier-grade NAT: the provider's network, not the internet.
    case sharedAddressSpace = "shared address space"
    /// 169.254.0.0/16, fe80::/10: this link only.
    case linkLocal = "link-local"
    /// fc00::/7 (RFC 4193), IPv6's private addresses.
    case uniqueLocal = "unique-local"
    /// 224.0.0.0/4, ff00::/8.
    case multicast
    /// 0.0.0.0/8 ("this network") and `::`. Connecting to 0.0.0.0 reaches this machine on Linux, so these are as
    /// dangerous as loopback.
    case unspecified
    /// 255.255.255.255.
    case broadcast
    /// Anything else that is not globally reachable: 192.0.0.0/24, 198.18.0.0/15, 240.0.0.0/4, fec0::/10,
    /// 2001::/23, all IPv6 outside 2000::/3, and so on.
    case reserved
    /// The instance metadata services of cloud providers, which hand out credentials to whoever asks from inside.
    case metadata = "cloud metadata"
    /// RFC 5737 (192.0.2.0/24, 198.51.100.0/24, 203.0.113.0/24) and RFC 3849/9637 (2001:db8::/32, 3fff::/20).
    case documentation

    /// The kind with its article, for messages: "a private address", "an unspecified address",
    /// "an address in the shared address space".
    public var phrase: String {
        switch self {
        case .sharedAddressSpace: return "an address in the shared address space"
        // "a unique-local": the article follows the sound ("you"), not the letter.
        case .public, .private, .loopback, .linkLocal, .uniqueLocal, .multicast, .broadcast, .reserved, .metadata,
            .documentation:
            return "a \(rawValue) address"
        case .unspecified: return "an \(rawValue) address"
        }
    }
}

extension IPAddress {
    /// The address's kind, from the IANA special-purpose registries (RFC 6890 and successors). Specific entries win
    /// over the ranges holding them (169.254.169.254 is `.metadata`, not `.linkLocal`); an IPv6 address carrying
    /// an IPv4 address (`embeddedIPv4`) has that address's kind, so `::ffff:127.0.0.1` is loopback.
    public var kind: AddressKind {
        switch self {
        case .v4:
            return SpecialAddresses.ipv4.first(where: { $0.network.contains(self) })?.kind ?? .public
        case .v6(let high, let low):
            if high == 0 && low <= 1 { return low == 0 ? .unspecified : .loopback }
            if let embedded = embeddedIPv4 { return embedded.kind }
            if let special = SpecialAddresses.ipv6.first(where: { $0.network.contains(self) }) { return special.kind }
            // Only 2000::/3 is allocated for global unicast; everything else outside the ranges above is reserved.
            return high >> 61 == 0b001 ? .public : .reserved
        }
    }
}

/// The special-purpose ranges, most specific first: the first containing network decides.
private enum SpecialAddresses {
    static let ipv4 = table([
        ("255.255.255.255", .broadcast),
        // AWS, GCP, Azure, Oracle, DigitalOcean: all 169.254.169.254. AWS ECS task credentials and EKS Pod Identity.
        ("169.254.169.254", .metadata), ("169.254.170.2", .metadata), ("169.254.170.23", .metadata),
        // Alibaba Cloud (inside the shared address space). Azure's WireServer: a public address, but only ever the
        // host's agent endpoint, reachable from every Azure VM.
        ("100.100.100.200", .metadata), ("168.63.129.16", .metadata),
        ("0.0.0.0/8", .unspecified),
        ("127.0.0.0/8", .loopback),
        ("10.0.0.0/8", .private), ("172.16.0.0/12", .private), ("192.168.0.0/16", .private),
        ("100.64.0.0/10", .sharedAddressSpace),
        ("169.254.0.0/16", .linkLocal),
        ("192.0.2.0/24", .documentation), ("198.51.100.0/24", .documentation), ("203.0.113.0/24", .documentation),
        // IETF protocol assignments; benchmarking (RFC 2544); the retired 6to4 relay anycast (RFC 7526).
        ("192.0.0.0/24", .reserved), ("198.18.0.0/15", .reserved), ("192.88.99.0/24", .reserved),
        ("224.0.0.0/4", .multicast),
        ("240.0.0.0/4", .reserved),
    ])

    static let ipv6 = table([
        // AWS (IMDS and EKS Pod Identity on Nitro), GCP.
        ("fd00:ec2::254", .metadata), ("fd00:ec2::23", .metadata), ("fd20:ce::254", .metadata),
        ("ff00::/8", .multicast),
        ("fe80::/10", .linkLocal),
        ("fec0::/10", .reserved),  // site-local, deprecated by RFC 3879 but still routed on some old networks
        ("fc00::/7", .uniqueLocal),
        ("2001:db8::/32", .documentation), ("3fff::/20", .documentation),
        // IETF protocol assignments: Teredo, ORCHID, benchmarking, AMT and more; none of it an HTTP origin.
        ("2001::/23", .reserved),
    ])

    private static func table(_ rows: [(String, AddressKind)]) -> [(network: IPNetwork, kind: AddressKind)] {
        rows.map { text, kind in
            guard let network = IPNetwork(text) else { preconditionFailure("bad special-address entry \(text)") }
            return (network, kind)
        }
    }
}
