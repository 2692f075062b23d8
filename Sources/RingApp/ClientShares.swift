import RingFetch
import RingHTTP

/// Who a request counts as for the per-client shares of the render queue, the `src` fetch queue and the connections
/// (issue 38), and how big those shares are.
///
/// A client is the connection's peer address, IPv6 by its /64 (``PeerAddress/clientGroup``: one host or subscriber
/// is commonly given a whole /64). When the peer is one of ``trustedProxies``, `X-Forwarded-For` names the client:
/// read from the right (each proxy appends the address it was connected from), the first hop that is not a trusted
/// proxy. From any other peer the header is ignored, since anyone can send it.
struct ClientShares: Sendable {
    /// The networks of the proxies whose `X-Forwarded-For` is believed (`--trust-proxy`).
    let trustedProxies: [IPNetwork]
    /// Percent of each limit one client may hold (`--client-share`); 100 turns the shares off.
    let percent: Int

    /// The largest part of `limit` one client may hold: at least one.
    func share(of limit: Int) -> Int {
        percent >= 100 ? limit : max(1, limit * percent / 100)
    }

    /// Whether `address` is a trusted proxy.
    func isTrustedProxy(_ address: PeerAddress) -> Bool {
        guard let ip = IPAddress(bytes: address.bytes) else { return false }
        return trustedProxies.contains { $0.contains(ip) }
    }

    /// The client `request`, from `peer`, counts as; nil when the peer is unknown (a request not from a socket).
    func client(of request: HTTPRequest, peer: PeerAddress?) -> String? {
        guard let peer else { return nil }
        guard !trustedProxies.isEmpty, isTrustedProxy(peer) else { return Self.name(peer) }
        var client = peer
        let hops = request.headers.values(for: "X-Forwarded-For").flatMap { $0.split(separator: ",") }
        for hop in hops.reversed() {
            // A hop that is no address (`unknown`, a name, garbage) ends the walk: what is left of it was written by
            // whoever the last trusted proxy heard from, the client as far as anyone here can tell.
            guard let ip = IPAddress(hop.trimmingCharacters(in: " \t")),
                let address = PeerAddress(bytes: ip.bytes)
            else { break }
            client = address
            guard isTrustedProxy(address) else { break }
        }
        return Self.name(client)
    }

    /// The share key of `address`: `192.0.2.7`, or `2001:db8:1:2::/64`.
    static func name(_ address: PeerAddress) -> String {
        address.isIPv6 ? "\(address.clientGroup)/64" : address.description
    }
}
