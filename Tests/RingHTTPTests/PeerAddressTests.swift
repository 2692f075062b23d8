import Testing

@testable import RingHTTP

@Suite struct PeerAddressTests {
    @Test func ipv4IsItsOwnClientGroup() throws {
        let address = try #require(PeerAddress(bytes: [192, 0, 2, 7]))
        #expect(address.description == "192.0.2.7")
        #expect(address.clientGroup == address)
    }

    /// A `::` listener reports IPv4 clients as `::ffff:a.b.c.d`: the same client as on an IPv4 listener.
    @Test func ipv4MappedIsReadAsIPv4() throws {
        let mapped = try #require(PeerAddress(bytes: Array(repeating: 0, count: 10) + [0xFF, 0xFF, 127, 0, 0, 2]))
        #expect(mapped == PeerAddress(bytes: [127, 0, 0, 2]))
        #expect(!mapped.isIPv6 && mapped.description == "127.0.0.2")
    }

    /// One /64 is one client: a host that changes its low 64 bits stays the same client, the next /64 does not.
    @Test func ipv6GroupsByItsSlash64() throws {
        let a = try #require(PeerAddress(bytes: [0x20, 0x01, 0x0D, 0xB8, 0, 1, 0, 2] + [0, 0, 0, 0, 0, 0, 0, 1]))
        let b = try #require(PeerAddress(bytes: [0x20, 0x01, 0x0D, 0xB8, 0, 1, 0, 2] + [0xFF, 0, 0, 0, 0, 0, 0x12, 0x34]))
        let c = try #require(PeerAddress(bytes: [0x20, 0x01, 0x0D, 0xB8, 0, 1, 0, 3] + [0, 0, 0, 0, 0, 0, 0, 1]))
        #expect(a.description == "2001:db8:1:2::1")
        #expect(a != b && a.clientGroup == b.clientGroup)
        #expect(a.clientGroup.description == "2001:db8:1:2::")
        #expect(a.clientGroup != c.clientGroup)
    }

    @Test func otherLengthsAreNoAddress() {
        #expect(PeerAddress(bytes: []) == nil)
        #expect(PeerAddress(bytes: [1, 2, 3]) == nil)
        #expect(PeerAddress(bytes: Array(repeating: 1, count: 8)) == nil)
    }
}
