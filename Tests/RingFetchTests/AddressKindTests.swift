import Testing
import RingFetch

/// Every special-purpose range, its edges, and the IPv6 spellings of IPv4 addresses.
@Suite struct AddressKindTests {
    @Test(arguments: [
        ("0.0.0.0", AddressKind.unspecified), ("0.1.2.3", .unspecified), ("0.255.255.255", .unspecified),
        ("1.0.0.0", .public),
        ("127.0.0.1", .loopback), ("127.255.255.254", .loopback), ("126.255.255.255", .public), ("128.0.0.0", .public),
        ("10.0.0.5", .private), ("10.255.255.255", .private), ("9.255.255.255", .public), ("11.0.0.0", .public),
        ("172.16.0.1", .private), ("172.31.255.255", .private), ("172.15.255.255", .public), ("172.32.0.1", .public),
        ("192.168.1.1", .private), ("192.167.255.255", .public), ("192.169.0.0", .public),
        ("100.64.0.1", .sharedAddressSpace), ("100.127.255.255", .sharedAddressSpace),
        ("100.63.255.255", .public), ("100.128.0.0", .public),
        ("169.254.169.254", .metadata), ("169.254.170.2", .metadata), ("169.254.170.23", .metadata),
        ("100.100.100.200", .metadata), ("168.63.129.16", .metadata),
        ("169.254.0.1", .linkLocal), ("169.254.169.253", .linkLocal), ("169.254.255.255", .linkLocal),
        ("224.0.0.1", .multicast), ("239.255.255.250", .multicast), ("223.255.255.255", .public),
        ("240.0.0.1", .reserved), ("255.255.255.254", .reserved), ("255.255.255.255", .broadcast),
        ("192.0.0.8", .reserved), ("192.0.0.255", .reserved), ("192.0.1.0", .public),
        ("192.0.2.1", .documentation), ("198.51.100.7", .documentation), ("203.0.113.9", .documentation),
        ("198.18.0.1", .reserved), ("198.19.255.255", .reserved), ("198.17.255.255", .public), ("198.20.0.0", .public),
        ("192.88.99.1", .reserved),
        ("8.8.8.8", .public), ("1.1.1.1", .public), ("93.184.216.34", .public),

        ("::", .unspecified), ("::1", .loopback),
        ("::ffff:127.0.0.1", .loopback), ("::ffff:7f00:1", .loopback), ("::ffff:10.0.0.1", .private),
        ("::ffff:169.254.169.254", .metadata), ("::ffff:0.0.0.0", .unspecified), ("::ffff:8.8.8.8", .public),
        ("::127.0.0.1", .loopback), ("::10.0.0.1", .private), ("::2", .unspecified),
        ("64:ff9b::a00:1", .private), ("64:ff9b::7f00:1", .loopback), ("64:ff9b::808:808", .public),
        ("2002:7f00:1::", .loopback), ("2002:a00:1::1", .private), ("2002:a9fe:a9fe::", .metadata),
        ("2002:808:808::1", .public),
        ("fd00:ec2::254", .metadata), ("fd00:ec2::23", .metadata), ("fd20:ce::254", .metadata),
        ("fd00::1", .uniqueLocal), ("fc00::1", .uniqueLocal), ("fdff:ffff::1", .uniqueLocal),
        ("fe80::1", .linkLocal), ("febf::1", .linkLocal), ("fec0::1", .reserved), ("feff::1", .reserved),
        ("ff02::1", .multicast), ("ff05::1:3", .multicast),
        ("2001:db8::1", .documentation), ("3fff::1", .documentation), ("3fff:fff::1", .documentation),
        ("3fff:1000::1", .public),
        ("2001::1", .reserved), ("2001:1ff::1", .reserved), ("2001:200::1", .public),
        ("2001:4860:4860::8888", .public), ("2606:4700:4700::1111", .public), ("2a00:1450::1", .public),
        ("4000::1", .reserved), ("100::1", .reserved), ("64:ff9b:1::1", .reserved), ("::ffff:0:1.2.3.4", .reserved),
        ("1fff:ffff::1", .reserved),
    ])
    func classifies(text: String, kind: AddressKind) throws {
        let address = try #require(IPAddress(text))
        #expect(address.kind == kind)
    }

    @Test(arguments: [
        (AddressKind.public, "a public address"),
        (.loopback, "a loopback address"),
        (.private, "a private address"),
        (.sharedAddressSpace, "an address in the shared address space"),
        (.linkLocal, "a link-local address"),
        (.uniqueLocal, "a unique-local address"),
        (.multicast, "a multicast address"),
        (.unspecified, "an unspecified address"),
        (.broadcast, "a broadcast address"),
        (.reserved, "a reserved address"),
        (.metadata, "a cloud metadata address"),
        (.documentation, "a documentation address"),
    ])
    func phrase(kind: AddressKind, phrase: String) {
        #expect(kind.phrase == phrase)
    }
}
