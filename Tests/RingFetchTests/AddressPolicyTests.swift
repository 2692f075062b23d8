import Testing
import RingFetch

/// `AddressPolicy`: the default (public https only), allow and deny by name, wildcard, address and network, deny
/// beating allow, redirects, and the flag syntax.
@Suite struct AddressPolicyTests {
    func url(_ text: String) throws -> SourceURL { try SourceURL(parsing: text) }

    func address(_ text: String) throws -> IPAddress { try #require(IPAddress(text)) }

    /// The pre-lookup reason for `text` under `policy`, nil when it may go on.
    func refusal(_ text: String, _ policy: AddressPolicy) throws -> String? {
        try policy.check(url(text))?.reason
    }

    /// The post-resolution reason for `url` reaching `address` under `policy`, nil when allowed.
    func refusal(_ text: String, at address: String, _ policy: AddressPolicy) throws -> String? {
        try policy.check(self.address(address), for: url(text))?.reason
    }

    @Test func schemes() throws {
        let strict = try AddressPolicy()
        #expect(strict.allowHTTP == false)
        #expect(try refusal("https://example.org/", strict) == nil)
        #expect(try refusal("http://example.org/", strict) == "http is not allowed; use https")
        #expect(try refusal("http://example.org/", AddressPolicy(allowHTTP: true)) == nil)
        // Allowing an address does not allow plain http to it.
        let allowsLoopback = try AddressPolicy(allow: ["127.0.0.1"])
        #expect(try refusal("http://127.0.0.1/", allowsLoopback) == "http is not allowed; use https")
    }

    /// Literal addresses, in every spelling, are refused before any lookup.
    @Test(arguments: [
        ("https://10.0.0.5/", "10.0.0.5 is a private address"),
        ("https://127.0.0.1/", "127.0.0.1 is a loopback address"),
        ("https://0/", "0.0.0.0 is an unspecified address"),
        ("https://0.0.0.0:8080/", "0.0.0.0 is an unspecified address"),
        ("https://2130706433/", "127.0.0.1 is a loopback address"),
        ("https://0177.0.0.1/", "127.0.0.1 is a loopback address"),
        ("https://0x7f.1/", "127.0.0.1 is a loopback address"),
        ("https://127.1/", "127.0.0.1 is a loopback address"),
        ("https://017700000001/", "127.0.0.1 is a loopback address"),
        ("https://[::1]/", "::1 is a loopback address"),
        ("https://[::]/", ":: is an unspecified address"),
        ("https://[::ffff:7f00:1]/", "::ffff:127.0.0.1 is a loopback address"),
        ("https://[0:0:0:0:0:ffff:127.0.0.1]/", "::ffff:127.0.0.1 is a loopback address"),
        ("https://[::127.0.0.1]/", "::7f00:1 is a loopback address"),
        ("https://[64:ff9b::a00:1]/", "64:ff9b::a00:1 is a private address"),
        ("https://[2002:7f00:1::]/", "2002:7f00:1:: is a loopback address"),
        ("https://169.254.169.254/latest/meta-data/", "169.254.169.254 is a cloud metadata address"),
        ("https://0xa9fea9fe/", "169.254.169.254 is a cloud metadata address"),
        ("https://[::ffff:169.254.169.254]/", "::ffff:169.254.169.254 is a cloud metadata address"),
        ("https://[fd00:ec2::254]/", "fd00:ec2::254 is a cloud metadata address"),
        ("https://100.64.0.1/", "100.64.0.1 is an address in the shared address space"),
        ("https://[fe80::1]/", "fe80::1 is a link-local address"),
        ("https://[fd12::1]/", "fd12::1 is a unique-local address"),
        ("https://224.0.0.1/", "224.0.0.1 is a multicast address"),
        ("https://255.255.255.255/", "255.255.255.255 is a broadcast address"),
        ("https://240.0.0.1/", "240.0.0.1 is a reserved address"),
        ("https://192.0.2.10/", "192.0.2.10 is a documentation address"),
        ("https://8.8.8.8/", nil),
        ("https://[2606:4700:4700::1111]/", nil),
        ("https://[::ffff:8.8.8.8]/", nil),
    ] as [(String, String?)])
    func literalAddresses(text: String, expected: String?) throws {
        #expect(try refusal(text, AddressPolicy()) == expected)
    }

    @Test func localhostNames() throws {
        let strict = try AddressPolicy()
        #expect(try refusal("https://localhost/", strict) == "localhost is a loopback host name")
        #expect(try refusal("https://LOCALHOST./", strict) == "localhost is a loopback host name")
        #expect(try refusal("https://app.localhost:8443/", strict) == "app.localhost is a loopback host name")
        #expect(try refusal("https://localhost.example.org/", strict) == nil, "only the localhost domain is special")
        #expect(try refusal("https://mylocalhost/", strict) == nil)
        #expect(try refusal("https://localhost/", AddressPolicy(allow: ["localhost"])) == nil)
        #expect(try refusal("https://app.localhost/", AddressPolicy(allow: ["*.localhost"])) == nil)
        #expect(try refusal("https://app.localhost/", AddressPolicy(allow: ["localhost"]))
            == "app.localhost is a loopback host name")
        #expect(try refusal("https://localhost/", AddressPolicy(allow: ["127.0.0.0/8"])) == nil)
        #expect(try refusal("https://localhost/", AddressPolicy(allow: ["::1"])) == nil)
        #expect(try refusal("https://localhost/", AddressPolicy(allow: ["10.0.0.0/8"]))
            == "localhost is a loopback host name")
    }

    /// Names pass the first check; what they resolve to is checked after.
    @Test func namesAreCheckedAfterResolution() throws {
        let strict = try AddressPolicy()
        #expect(try refusal("https://127.0.0.1.nip.io/", strict) == nil)
        #expect(try refusal("https://127.0.0.1.nip.io/", at: "127.0.0.1", strict)
            == "127.0.0.1.nip.io resolves to 127.0.0.1, a loopback address")
        #expect(try refusal("https://example.org/", at: "10.0.0.5", strict)
            == "example.org resolves to 10.0.0.5, a private address")
        #expect(try refusal("https://example.org/", at: "::ffff:10.0.0.5", strict)
            == "example.org resolves to ::ffff:10.0.0.5, a private address")
        #expect(try refusal("https://metadata.google.internal/", at: "169.254.169.254", strict)
            == "metadata.google.internal resolves to 169.254.169.254, a cloud metadata address")
        #expect(try refusal("https://x.example/", at: "100.64.1.1", strict)
            == "x.example resolves to 100.64.1.1, an address in the shared address space")
        #expect(try refusal("https://example.org/", at: "93.184.216.34", strict) == nil)
        #expect(try refusal("https://example.org/", at: "2606:2800:220:1::1", strict) == nil)
        #expect(try refusal("https://localhost/", at: "127.0.0.1", AddressPolicy(allow: ["localhost"])) == nil)
    }

    @Test func allowNetworks() throws {
        let policy = try AddressPolicy(allow: ["127.0.0.0/8"])
        #expect(try refusal("https://127.0.0.1:8080/", policy) == nil)
        #expect(try refusal("https://127.9.9.9/", policy) == nil)
        #expect(try refusal("https://0x7f.1/", policy) == nil)
        #expect(try refusal("https://[::ffff:127.0.0.1]/", policy) == nil, "an IPv4 network holds the mapped form")
        #expect(try refusal("https://[::1]/", policy) == "::1 is a loopback address")
        #expect(try refusal("https://10.0.0.1/", policy) == "10.0.0.1 is a private address")
        #expect(try refusal("https://localhost/", policy) == nil)
        #expect(try refusal("https://localhost/", at: "127.0.0.1", policy) == nil)
        #expect(try refusal("https://localhost/", at: "::1", policy) == "localhost resolves to ::1, a loopback address")
        #expect(try refusal("https://example.org/", at: "127.0.0.2", policy) == nil)

        let v6 = try AddressPolicy(allow: ["fd00::/8", "[::1]"])
        #expect(try refusal("https://[fd00::5]/", v6) == nil)
        #expect(try refusal("https://[::1]/", v6) == nil)
        #expect(try refusal("https://[fc00::5]/", v6) == "fc00::5 is a unique-local address")
        #expect(try refusal("https://127.0.0.1/", v6) == "127.0.0.1 is a loopback address")
    }

    @Test func allowNames() throws {
        let policy = try AddressPolicy(allow: ["Intranet.Example.", "*.corp.example"])
        #expect(try refusal("https://INTRANET.example/", at: "10.0.0.5", policy) == nil)
        #expect(try refusal("https://a.corp.example/", at: "10.0.0.6", policy) == nil)
        #expect(try refusal("https://deep.a.corp.example/", at: "192.168.0.1", policy) == nil)
        #expect(try refusal("https://corp.example/", at: "10.0.0.7", policy)
            == "corp.example resolves to 10.0.0.7, a private address", "a wildcard covers subdomains only")
        #expect(try refusal("https://evilcorp.example/", at: "10.0.0.7", policy)
            == "evilcorp.example resolves to 10.0.0.7, a private address")
        #expect(try refusal("https://other.example/", at: "10.0.0.5", policy)
            == "other.example resolves to 10.0.0.5, a private address")
        // Allowing a name does not allow its address under another name, nor the literal address.
        #expect(try refusal("https://10.0.0.5/", policy) == "10.0.0.5 is a private address")
    }

    @Test func denyBeatsAllow() throws {
        let networks = try AddressPolicy(allow: ["10.0.0.0/8"], deny: ["10.0.0.5"])
        #expect(try refusal("https://10.0.0.5/", networks) == "10.0.0.5 is denied by --source-deny")
        #expect(try refusal("https://[::ffff:10.0.0.5]/", networks) == "::ffff:10.0.0.5 is denied by --source-deny")
        #expect(try refusal("https://10.0.0.6/", networks) == nil)
        #expect(try refusal("https://intranet.example/", at: "10.0.0.5", networks)
            == "intranet.example resolves to 10.0.0.5, which is denied by --source-deny")

        let names = try AddressPolicy(allow: ["intranet.example"], deny: ["intranet.example"])
        #expect(try refusal("https://intranet.example/", names) == "intranet.example is denied by --source-deny")
        #expect(try refusal("https://intranet.example/", at: "10.0.0.5", names)
            == "intranet.example is denied by --source-deny")

        let nameOverAddress = try AddressPolicy(allow: ["10.0.0.0/8"], deny: ["*.bad.example"])
        #expect(try refusal("https://x.bad.example/", at: "10.0.0.1", nameOverAddress)
            == "x.bad.example is denied by --source-deny")
        #expect(try refusal("https://bad.example/", at: "10.0.0.1", nameOverAddress) == nil)

        let addressOverName = try AddressPolicy(allow: ["intranet.example"], deny: ["10.0.0.0/24"])
        #expect(try refusal("https://intranet.example/", at: "10.0.0.9", addressOverName)
            == "intranet.example resolves to 10.0.0.9, which is denied by --source-deny")
        #expect(try refusal("https://intranet.example/", at: "10.0.1.9", addressOverName) == nil)
    }

    @Test func denyPublicDestinations() throws {
        let policy = try AddressPolicy(deny: ["example.org", "93.184.216.0/24", "8.8.8.0/24"])
        #expect(try refusal("https://example.org/", policy) == "example.org is denied by --source-deny")
        #expect(try refusal("https://EXAMPLE.ORG./", policy) == "example.org is denied by --source-deny")
        #expect(try refusal("https://www.example.org/", policy) == nil)
        #expect(try refusal("https://other.example/", at: "93.184.216.34", policy)
            == "other.example resolves to 93.184.216.34, which is denied by --source-deny")
        #expect(try refusal("https://other.example/", at: "93.184.217.34", policy) == nil)
        // Deny looks through every IPv6 spelling of a denied IPv4 address.
        for spelling in ["::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1", "::8.8.8.8"] {
            #expect(try refusal("https://other.example/", at: spelling, policy)
                == "other.example resolves to \(address(spelling)), which is denied by --source-deny")
        }
        #expect(try refusal("https://[2002:808:808::1]/", policy) == "2002:808:808::1 is denied by --source-deny")
    }

    /// A redirect to a loopback URL is a new URL and fails the same checks.
    @Test func redirects() throws {
        let base = try url("https://example.org/data.json")
        let strict = try AddressPolicy()
        #expect(strict.check(try base.resolving("http://127.0.0.1/"))?.reason == "http is not allowed; use https")
        let withHTTP = try AddressPolicy(allowHTTP: true)
        #expect(withHTTP.check(try base.resolving("http://127.0.0.1/"))?.reason == "127.0.0.1 is a loopback address")
        #expect(withHTTP.check(try base.resolving("//169.254.169.254/latest"))?.reason
            == "169.254.169.254 is a cloud metadata address")
        #expect(withHTTP.check(try base.resolving("http://[::ffff:a00:1]/"))?.reason
            == "::ffff:10.0.0.1 is a private address")
        #expect(withHTTP.check(try base.resolving("http://localhost:6379/"))?.reason
            == "localhost is a loopback host name")
        #expect(withHTTP.check(try base.resolving("/other.json")) == nil)
    }

    @Test func flagSyntax() throws {
        let policy = try AddressPolicy(allow: ["a.example, b.example", " 10.0.0.0/8 ,[fd00::1]", "*.c.example"])
        for text in ["https://a.example/", "https://b.example/", "https://x.c.example/"] {
            #expect(try refusal(text, at: "192.168.1.1", policy) == nil)
        }
        #expect(try refusal("https://10.1.2.3/", policy) == nil)
        #expect(try refusal("https://[fd00::1]/", policy) == nil)
        #expect(try refusal("https://[fd00::2]/", policy) == "fd00::2 is a unique-local address")
    }

    @Test(arguments: [
        ([""], [], "--source-allow has an empty entry in \"\""),
        (["a.example,,b.example"], [], "--source-allow has an empty entry in \"a.example,,b.example\""),
        (["a.example,"], [], "--source-allow has an empty entry in \"a.example,\""),
        ([], [" "], "--source-deny has an empty entry in \" \""),
    ] as [([String], [String], String)])
    func emptyEntries(allow: [String], deny: [String], expected: String) {
        #expect(throws: AddressPolicyError(expected)) { try AddressPolicy(allow: allow, deny: deny) }
    }

    @Test(arguments: [
        "10.0.0.0/33", "10.0.0.0/", "example.org/8", "exa mple.org", "127.1", "0x7f000001", "https://example.org",
        "example.org:443", "*.", "*", "*.10.0.0.1", "a.*.example", "bücher.example", "[::1", "[10.0.0.1]", "a..b",
        "1.2.3.256",
    ])
    func invalidEntries(entry: String) {
        let expected = "\"\(entry)\" is not a host name, *.domain, IP address or network (like 10.0.0.0/8)"
        #expect(throws: AddressPolicyError("--source-allow: " + expected)) { try AddressPolicy(allow: [entry]) }
        #expect(throws: AddressPolicyError("--source-deny: " + expected)) {
            try AddressPolicy(deny: ["ok.example", entry])
        }
    }
}
