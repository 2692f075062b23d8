import Testing
import RingFetch

/// `IPNetwork`: CIDR text, masking, and membership (including the IPv4-mapped exception).
@Suite struct IPNetworkTests {
    @Test(arguments: [
        ("10.0.0.0/8", "10.0.0.0/8", 8),
        ("10.1.2.3/8", "10.0.0.0/8", 8),  // host bits masked
        ("172.31.0.0/12", "172.16.0.0/12", 12),
        ("0.0.0.0/0", "0.0.0.0/0", 0),
        ("8.8.8.8/0", "0.0.0.0/0", 0),
        ("1.2.3.4", "1.2.3.4/32", 32),
        ("1.2.3.4/32", "1.2.3.4/32", 32),
        ("fd00::/8", "fd00::/8", 8),
        ("fd12:3456::1/16", "fd12::/16", 16),
        ("2001:db8::ffff/112", "2001:db8::/112", 112),
        ("2001:db8:1:2:3:4:5:6/65", "2001:db8:1:2::/65", 65),
        ("::1", "::1/128", 128),
        ("::/0", "::/0", 0),
    ])
    func parses(text: String, canonical: String, prefixLength: Int) throws {
        let network = try #require(IPNetwork(text))
        #expect(network.description == canonical)
        #expect(network.prefixLength == prefixLength)
        #expect(IPNetwork(canonical) == network)
    }

    @Test(arguments: [
        "", "/8", "10.0.0.0/", "10.0.0.0/33", "::/129", "10.0.0.0/08", "10.0.0.0/-1", "10.0.0.0/+8", "10.0.0.0/8/8",
        "10/8", "10.0.0.0/ 8", "example.org/8", "10.0.0.0/1000", "[::1]/128", "127.1/8",
    ])
    func refuses(text: String) {
        #expect(IPNetwork(text) == nil)
    }

    @Test func masksFromAddressAndLength() throws {
        let address = try #require(IPAddress("192.168.77.1"))
        #expect(IPNetwork(address: address, prefixLength: 16)?.description == "192.168.0.0/16")
        #expect(IPNetwork(address: address, prefixLength: 33) == nil)
        #expect(IPNetwork(address: address, prefixLength: -1) == nil)
        #expect(IPNetwork(address: .v6(0, 1), prefixLength: 128)?.description == "::1/128")
        #expect(IPNetwork(address: .v6(0, 1), prefixLength: 129) == nil)
        #expect(IPNetwork(address) == IPNetwork("192.168.77.1/32"))
    }

    @Test(arguments: [
        ("10.0.0.0/8", "10.255.255.255", true),
        ("10.0.0.0/8", "11.0.0.0", false),
        ("10.0.0.0/8", "9.255.255.255", false),
        ("172.16.0.0/12", "172.31.255.255", true),
        ("172.16.0.0/12", "172.32.0.0", false),
        ("1.2.3.4/32", "1.2.3.4", true),
        ("1.2.3.4/32", "1.2.3.5", false),
        ("0.0.0.0/0", "8.8.8.8", true),
        // Families never mix, except an IPv4 network containing the IPv4-mapped form of its addresses.
        ("0.0.0.0/0", "::1", false),
        ("10.0.0.0/8", "::ffff:10.1.2.3", true),
        ("10.0.0.0/8", "::ffff:11.1.2.3", false),
        ("10.0.0.0/8", "::10.1.2.3", false),
        ("10.0.0.0/8", "64:ff9b::a01:203", false),
        ("::/0", "10.0.0.1", false),
        ("::ffff:0:0/96", "10.0.0.1", false),
        ("::ffff:0:0/96", "::ffff:10.0.0.1", true),
        ("::/0", "2001:db8::1", true),
        ("fe80::/10", "febf:ffff::1", true),
        ("fe80::/10", "fec0::1", false),
        ("2001:db8::/32", "2001:db8:ffff::1", true),
        ("2001:db8::/32", "2001:db9::", false),
        ("2001:db8::/64", "2001:db8::ffff:ffff:ffff:ffff", true),
        ("2001:db8::/65", "2001:db8::8000:0:0:0", false),
        ("2001:db8::/65", "2001:db8::7fff:0:0:0", true),
        ("2001:db8::1/128", "2001:db8::1", true),
        ("2001:db8::1/128", "2001:db8::2", false),
    ])
    func contains(network: String, address: String, expected: Bool) throws {
        let network = try #require(IPNetwork(network))
        let address = try #require(IPAddress(address))
        #expect(network.contains(address) == expected)
    }
}
