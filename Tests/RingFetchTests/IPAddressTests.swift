import Testing
import RingFetch

/// `IPAddress`: strict text forms in, RFC 5952 out, bytes both ways, and the IPv4 an IPv6 address carries.
@Suite struct IPAddressTests {
    @Test(arguments: [
        ("0.0.0.0", IPAddress.v4(0)),
        ("127.0.0.1", .v4(0x7F00_0001)),
        ("255.255.255.255", .v4(0xFFFF_FFFF)),
        ("10.20.30.40", .v4(0x0A14_1E28)),
        ("::", .v6(0, 0)),
        ("::1", .v6(0, 1)),
        ("1::", .v6(0x0001_0000_0000_0000, 0)),
        ("2001:db8::1", .v6(0x2001_0DB8_0000_0000, 1)),
        ("2001:DB8:0:0:0:0:0:1", .v6(0x2001_0DB8_0000_0000, 1)),
        ("0000:0000::0001", .v6(0, 1)),
        ("1:2:3:4:5:6:7:8", .v6(0x0001_0002_0003_0004, 0x0005_0006_0007_0008)),
        ("1:2:3:4:5:6:7::", .v6(0x0001_0002_0003_0004, 0x0005_0006_0007_0000)),
        ("::2:3:4:5:6:7:8", .v6(0x0000_0002_0003_0004, 0x0005_0006_0007_0008)),
        ("::ffff:1.2.3.4", .v6(0, 0xFFFF_0102_0304)),
        ("1:2:3:4:5:6:1.2.3.4", .v6(0x0001_0002_0003_0004, 0x0005_0006_0102_0304)),
        ("fe80::", .v6(0xFE80_0000_0000_0000, 0)),
    ])
    func parses(text: String, expected: IPAddress) {
        #expect(IPAddress(text) == expected)
    }

    @Test(arguments: [
        "", "1.2.3", "1.2.3.4.5", "01.2.3.4", "1.2.3.04", "1.2.3.256", "256.0.0.1", "1.2.3.-1", "1.2.3.+1",
        "0x7f.0.0.1", "127.1", "2130706433", " 1.2.3.4", "1.2.3.4 ", "1.2.3.4.", ".1.2.3.4", "1..2.3",
        "1.2.3.4/32", ":", ":::", "1::2::3", "1:2:3:4:5:6:7:8:9", "1:2:3:4:5:6:7", "1:2:3:4:5:6:7:8::",
        "::1:2:3:4:5:6:7:8", "12345::", "::g", "fe80::1%eth0", "fe80::1%25eth0", "[::1]", "::1.2.3", "1.2.3.4::",
        "::ffff:1.2.3.4:5", ":1::", "1:", "1::2:", "::ffff:01.2.3.4", "①②⑦.0.0.1", "１２７.0.0.1", "localhost",
        "::ffff:1.2.3.4.5", "1:2:3:4:5:6:7:1.2.3.4", String(repeating: "0", count: 100) + "::1",
    ])
    func refuses(text: String) {
        #expect(IPAddress(text) == nil)
    }

    @Test(arguments: [
        ("2001:0db8:0000:0000:0000:0000:0000:0001", "2001:db8::1"),
        ("2001:db8:0:0:1:0:0:1", "2001:db8::1:0:0:1"),  // equal runs: the first is compressed
        ("2001:0:0:1:0:0:0:1", "2001:0:0:1::1"),  // the longest run wins
        ("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),  // a single zero group stays
        ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
        ("0:0:0:0:0:0:0:0", "::"),
        ("0:0:0:0:0:0:0:1", "::1"),
        ("1:0:0:0:0:0:0:0", "1::"),
        ("2001:DB8::ABCD", "2001:db8::abcd"),
        ("fe80:0:0:0:0:0:0:1", "fe80::1"),
        ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"),
        ("::ffff:7f00:1", "::ffff:127.0.0.1"),
        ("0:0:0:0:0:ffff:127.0.0.1", "::ffff:127.0.0.1"),
        ("::1.2.3.4", "::102:304"),
        ("64:ff9b::10.0.0.1", "64:ff9b::a00:1"),
        ("0.0.0.0", "0.0.0.0"),
        ("192.168.1.1", "192.168.1.1"),
    ])
    func canonicalForm(text: String, canonical: String) throws {
        let address = try #require(IPAddress(text))
        #expect(address.description == canonical)
        #expect(IPAddress(canonical) == address, "the canonical form reads back as the same address")
    }

    @Test func bytesInNetworkOrder() throws {
        #expect(IPAddress.v4(0x7F00_0001).bytes == [127, 0, 0, 1])
        let v6 = try #require(IPAddress("2001:db8::102:304"))
        #expect(v6.bytes == [0x20, 0x01, 0x0D, 0xB8, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
        #expect(IPAddress(bytes: [10, 0, 0, 1]) == .v4(0x0A00_0001))
        #expect(IPAddress(bytes: v6.bytes) == v6)
        for text in ["0.0.0.0", "255.255.255.255", "::", "ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff", "fe80::1:2"] {
            let address = try #require(IPAddress(text))
            #expect(IPAddress(bytes: address.bytes) == address)
        }
        #expect(IPAddress(bytes: []) == nil)
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        #expect(IPAddress(bytes: [1, 2, 3, 4, 5]) == nil)
        #expect(IPAddress(bytes: Array(repeating: 0, count: 15)) == nil)
    }

    @Test(arguments: [
        ("::ffff:127.0.0.1", "127.0.0.1"),  // IPv4-mapped
        ("::ffff:0.0.0.0", "0.0.0.0"),
        ("::127.0.0.1", "127.0.0.1"),  // IPv4-compatible
        ("::2", "0.0.0.2"),
        ("::", nil),
        ("::1", nil),
        ("64:ff9b::a00:1", "10.0.0.1"),  // NAT64
        ("2002:7f00:1::", "127.0.0.1"),  // 6to4
        ("2002:c0a8:101:1::1", "192.168.1.1"),
        ("2001:db8::1", nil),
        ("64:ff9b:1::a00:1", nil),  // local-use NAT64 prefix, not the well-known one
        ("64:ff9b::1:a00:1", nil),  // bits 64…95 not zero: not the /96
        ("::1:0:0:1", nil),
        ("::ffff:0:1.2.3.4", nil),  // SIIT "IPv4-translated": not delivered to IPv4
        ("127.0.0.1", nil),  // an IPv4 address embeds nothing
    ] as [(String, String?)])
    func embeddedIPv4(text: String, expected: String?) throws {
        let address = try #require(IPAddress(text))
        #expect(address.embeddedIPv4 == expected.flatMap { IPAddress($0) })
    }
}
