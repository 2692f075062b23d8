/// Which destinations the `src=` fetcher may reach: by default only public addresses over https.
///
/// Check twice: `check(_:)` before any lookup (scheme, denied names, `localhost`, literal addresses), then
/// `check(_:for:)` for every address the name resolves to, immediately before connecting to that address and
/// with no second lookup in between (a second lookup could answer differently: DNS rebinding). Redirects are new
/// URLs (`SourceURL.resolving(_:)`) and go through both checks again.
public struct AddressPolicy: Sendable {
    /// The flag whose entries `allow` holds, named in messages.
    public static let allowFlag = "--source-allow"
    /// The flag whose entries `deny` holds, named in messages.
    public static let denyFlag = "--source-deny"

    /// Whether plain `http` URLs may be fetched.
    public let allowHTTP: Bool
    private let allowed: HostRules
    private let denied: HostRules

    /// A policy from the flags' values. Each string is a comma-separated list of entries (flags may be repeated):
    /// an exact host name (case-insensitive, trailing dot ignored), `*.example.org` for every subdomain of
    /// example.org (not example.org itself), an IP address, or a network (`10.0.0.0/8`, `fd00::/8`).
    ///
    /// `allow` admits destinations that are not public (an intranet service, a test server on 127.0.0.1); allowing a
    /// name trusts whatever its DNS answers. `deny` refuses destinations, public or allowed: deny beats allow.
    /// Throws naming the first empty or invalid entry.
    public init(allowHTTP: Bool = false, allow: [String] = [], deny: [String] = []) throws(AddressPolicyError) {
        self.allowHTTP = allowHTTP
        self.allowed = try HostRules(allow, flag: Self.allowFlag)
        self.denied = try HostRules(deny, flag: Self.denyFlag)
    }

    /// The refusal for `url` before any lookup, or nil to go on resolving: plain http unless `allowHTTP`, names
    /// denied, `localhost` and `*.localhost` (RFC 6761: always loopback, whatever a resolver says), and literal
    /// addresses as `check(_:for:)` judges them.
    public func check(_ url: SourceURL) -> SourceRefusal? {
        if url.scheme == .http && !allowHTTP { return SourceRefusal("http is not allowed; use https") }
        switch url.host {
        case .address(let address):
            return check(address, for: url)
        case .name(let name):
            if denied.matches(name: name) { return SourceRefusal("\(name) is denied by \(Self.denyFlag)") }
            if Self.isLocalhost(name) && !allowsLocalhost(name) {
                return SourceRefusal("\(name) is a loopback host name")
            }
            return nil
        }
    }

    /// The refusal for connecting to `address` on behalf of `url` (whose host is that address or resolved to it),
    /// or nil to connect. In order: a denied host name, or a denied network holding the address or the IPv4 it
    /// embeds (`IPAddress.embeddedIPv4`), refuses; an allowed host name or an allowed network holding the address
    /// admits; otherwise only `.public` addresses are admitted.
    public func check(_ address: IPAddress, for url: SourceURL) -> SourceRefusal? {
        let name: String?
        if case .name(let hostName) = url.host { name = hostName } else { name = nil }
        if let name, denied.matches(name: name) { return SourceRefusal("\(name) is denied by \(Self.denyFlag)") }
        // Deny looks through every embedding: denying 203.0.113.0/24 must also deny 2002:cb00:7100::/40.
        if denied.contains(address) || address.embeddedIPv4.map(denied.contains) == true {
            let verb = name == nil ? " is" : ", which is"
            return SourceRefusal(subject(address, name) + verb + " denied by \(Self.denyFlag)")
        }
        if let name, allowed.matches(name: name) { return nil }
        if allowed.contains(address) { return nil }
        let kind = address.kind
        if kind == .public { return nil }
        return SourceRefusal(subject(address, name) + (name == nil ? " is " : ", ") + kind.phrase)
    }

    /// `10.0.0.5`, or `intranet.example resolves to 10.0.0.5` when the URL named a host.
    private func subject(_ address: IPAddress, _ name: String?) -> String {
        name.map { "\($0) resolves to \(address)" } ?? address.description
    }

    private static func isLocalhost(_ name: String) -> Bool {
        name == "localhost" || name.hasSuffix(".localhost")
    }

    /// A localhost name passes the first check when the operator allowed it by name, or allowed loopback itself;
    /// its addresses are then checked like any other.
    private func allowsLocalhost(_ name: String) -> Bool {
        allowed.matches(name: name) || allowed.contains(.v4(0x7F00_0001)) || allowed.contains(.v6(0, 1))
    }
}
