import RingFetch
import RingHTTP
import Testing

@testable import RingApp

/// Who a request counts as for the per-client shares (issue 38).
@Suite struct ClientSharesTests {
    static let proxy = PeerAddress(bytes: [10, 0, 0, 5])!
    static let stranger = PeerAddress(bytes: [203, 0, 113, 9])!

    static func request(forwardedFor values: [String]) -> HTTPRequest {
        HTTPRequest(method: .get, target: "/ring", path: "/ring", query: nil,
                    headers: HTTPHeaders(values.map { ("X-Forwarded-For", $0) }))
    }

    let shares = ClientShares(trustedProxies: [IPNetwork("10.0.0.0/24")!], percent: 25)

    @Test func aPeerThatIsNoTrustedProxyIsTheClientWhateverItForwards() {
        #expect(shares.client(of: Self.request(forwardedFor: ["192.0.2.1"]), peer: Self.stranger) == "203.0.113.9")
        let nobodyTrusted = ClientShares(trustedProxies: [], percent: 25)
        #expect(nobodyTrusted.client(of: Self.request(forwardedFor: ["192.0.2.1"]), peer: Self.proxy) == "10.0.0.5")
    }

    /// From the right, past the trusted proxies, to the first hop that is not one: what the client wrote to the left
    /// of it (a forged first entry) is not believed.
    @Test func behindTrustedProxiesTheFirstUntrustedHopFromTheRightIsTheClient() {
        #expect(shares.client(of: Self.request(forwardedFor: ["192.0.2.1"]), peer: Self.proxy) == "192.0.2.1")
        #expect(shares.client(of: Self.request(forwardedFor: ["6.6.6.6, 192.0.2.1, 10.0.0.7"]), peer: Self.proxy)
            == "192.0.2.1")
        #expect(shares.client(of: Self.request(forwardedFor: ["6.6.6.6", "192.0.2.1 , 10.0.0.7"]), peer: Self.proxy)
            == "192.0.2.1")
        // Without the header, or with garbage in it, the proxy itself is all there is to go by.
        #expect(shares.client(of: Self.request(forwardedFor: []), peer: Self.proxy) == "10.0.0.5")
        #expect(shares.client(of: Self.request(forwardedFor: ["unknown"]), peer: Self.proxy) == "10.0.0.5")
    }

    @Test func ipv6ClientsCountByTheirSlash64() {
        let request = Self.request(forwardedFor: ["2001:db8:1:2::1"])
        let other = Self.request(forwardedFor: ["2001:db8:1:2:ffff::9"])
        #expect(shares.client(of: request, peer: Self.proxy) == "2001:db8:1:2::/64")
        #expect(shares.client(of: other, peer: Self.proxy) == "2001:db8:1:2::/64")
        #expect(shares.client(of: request, peer: nil) == nil)
    }

    @Test func aShareIsAPercentOfTheLimitAndAtLeastOne() {
        #expect(shares.share(of: 64) == 16)
        #expect(shares.share(of: 2) == 1)
        #expect(ClientShares(trustedProxies: [], percent: 100).share(of: 64) == 64)
    }
}
