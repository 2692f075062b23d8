import Testing
import RingFetch

/// `SourceURL(parsing:)`: what is accepted and how it is normalized, every WHATWG IPv4 spelling, and every refusal
/// with its reason.
@Suite struct SourceURLTests {
    /// The reason `text` is refused, or nil when it parses.
    func reason(_ text: String) -> String? {
        do throws(SourceURLError) {
            _ = try SourceURL(parsing: text)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test(arguments: [
        ("https://example.org", "https://example.org/"),
        ("HTTPS://Example.ORG/A?B#c", "https://example.org/A?B"),
        ("hTtP://example.org/", "http://example.org/"),
        ("https://example.org./x", "https://example.org/x"),
        ("https://example.org:443/", "https://example.org/"),
        ("http://example.org:80/", "http://example.org/"),
        ("http://example.org:443/", "http://example.org:443/"),
        ("https://example.org:8443/x", "https://example.org:8443/x"),
        ("https://example.org:65535/", "https://example.org:65535/"),
        ("https://example.org:/", "https://example.org/"),
        ("https://example.org:0443/", "https://example.org/"),
        ("https://example.org?q=1", "https://example.org/?q=1"),
        ("https://example.org#top", "https://example.org/"),
        ("https://example.org/?", "https://example.org/?"),
        ("https://example.org/a/./b/../c", "https://example.org/a/c"),
        ("https://example.org/a/b/..", "https://example.org/a/"),
        ("https://example.org/../../x", "https://example.org/x"),
        ("https://example.org/a//b", "https://example.org/a//b"),
        ("https://example.org/x?a/../b", "https://example.org/x?a/../b"),  // the query is not a path
        ("https://example.org/a|b?c{d}", "https://example.org/a%7Cb?c%7Bd%7D"),
        ("https://example.org/%7e%zz", "https://example.org/%7e%zz"),
        ("https://example.org/a@b:c", "https://example.org/a@b:c"),
        ("https://example.org/data.json?x=1&y=2#frag", "https://example.org/data.json?x=1&y=2"),
        ("https://xn--bcher-kva.example/", "https://xn--bcher-kva.example/"),
        ("https://my_host.example/", "https://my_host.example/"),
        ("https://[::1]/", "https://[::1]/"),
        ("https://[::1]:8443/x", "https://[::1]:8443/x"),
        ("https://[0:0:0:0:0:ffff:127.0.0.1]/", "https://[::ffff:127.0.0.1]/"),
        ("https://[2001:DB8::1]/", "https://[2001:db8::1]/"),
        ("http://2130706433/", "http://127.0.0.1/"),
    ])
    func normalizes(text: String, expected: String) throws {
        let url = try SourceURL(parsing: text)
        #expect(url.description == expected)
        #expect(try SourceURL(parsing: url.description) == url, "the normalized form parses back to the same URL")
    }

    @Test func parts() throws {
        let url = try SourceURL(parsing: "HTTPS://Data.Example.org:8443/a/b.json?v=2#x")
        #expect(url.scheme == .https)
        #expect(url.host == .name("data.example.org"))
        #expect(url.port == 8443)
        #expect(url.target == "/a/b.json?v=2")
        #expect(url.hostHeader == "data.example.org:8443")
        let plain = try SourceURL(parsing: "http://example.org")
        #expect(plain.scheme == .http && plain.port == 80 && plain.target == "/" && plain.hostHeader == "example.org")
        #expect(try SourceURL(parsing: "https://[::1]/").hostHeader == "[::1]")
        #expect(try SourceURL(parsing: "https://[fe80::1]:444/").hostHeader == "[fe80::1]:444")
        #expect(try SourceURL(parsing: "http://10.0.0.1:8080/").hostHeader == "10.0.0.1:8080")
        #expect(try SourceURL(parsing: "https://0x7f.1/").hostHeader == "127.0.0.1")
        #expect(SourceURL.Scheme.http.defaultPort == 80 && SourceURL.Scheme.https.defaultPort == 443)
    }

    /// `#` and `?` end the authority, so an `@` after them is not user information: the host is the one before.
    @Test(arguments: [
        "https://evil.example#@127.0.0.1/", "https://evil.example?@127.0.0.1/", "https://evil.example/@127.0.0.1/",
        "https://evil.example/?url=http://127.0.0.1/", "https://evil.example:443#@127.0.0.1:80/",
    ])
    func delimitersEndTheHost(text: String) throws {
        let url = try SourceURL(parsing: text)
        #expect(url.host == .name("evil.example"))
        #expect(url.port == 443)
    }

    /// A name that merely contains an address is a name: it is checked after resolution, not here.
    @Test(arguments: ["127.0.0.1.nip.io", "1.2.3.4.example", "0x7g", "10.0.0.1.xip.io", "localtest.me", "a-1.b_2.c"])
    func namesStayNames(host: String) throws {
        #expect(try SourceURL(parsing: "https://\(host)/").host == .name(host))
    }

    /// Every spelling WHATWG (and browsers, curl, inet_aton) reads as 127.0.0.1.
    @Test(arguments: [
        "127.0.0.1", "2130706433", "0177.0.0.1", "0x7f.1", "127.1", "0x7f000001", "017700000001", "0x7F.0.0.1",
        "0X7f.0.0.1", "127.0.1", "0x7f.0x0.0x0.0x1", "0177.0.0.01", "127.0.0.1.", "0000000000177.0.0.1",
        "127.000.000.001", "0x0000007f.1", "0x7f.0.0x0001", "127.0.0x1",
    ])
    func loopbackSpellings(host: String) throws {
        #expect(try SourceURL(parsing: "http://\(host)/").host == .address(.v4(0x7F00_0001)))
    }

    @Test(arguments: [
        ("0", "0.0.0.0"), ("0x", "0.0.0.0"), ("0x.0x.0x.0x", "0.0.0.0"), ("0.0.0.0", "0.0.0.0"), ("00", "0.0.0.0"),
        ("10.1", "10.0.0.1"), ("192.168.257", "192.168.1.1"), ("4294967295", "255.255.255.255"),
        ("0xffffffff", "255.255.255.255"), ("037777777777", "255.255.255.255"), ("169.254.43518", "169.254.169.254"),
        ("0xa9fea9fe", "169.254.169.254"), ("0x7f.0.0.0x", "127.0.0.0"), ("1.2.3.4", "1.2.3.4"),
    ])
    func ipv4Spellings(host: String, address: String) throws {
        #expect(try SourceURL(parsing: "http://\(host)/").host == .address(#require(IPAddress(address))))
    }

    /// Hosts that end in a number but are no valid IPv4 address are errors, never names (WHATWG does the same).
    @Test(arguments: [
        "1.2.3.256", "999999999999", "1.2.3.4.5", "4294967296", "0x100000000", "256.1", "1.16777216", "1.2.65536",
        "08.0.0.1", "1.2.3.09", "09", "0x7g.1", "example.123", "example.0x", "1..2.3", "0xffffffffffffffffffff",
        "99999999999999999999999999999", "1.2.3.4.5.",
    ])
    func invalidNumericHosts(host: String) {
        #expect(reason("http://\(host)/")
            == "has \"\(host)\" as host, which looks like an IPv4 address but is not a valid one")
    }

    @Test(arguments: [
        ("ftp://example.org/", "\"ftp\" is not http or https"),
        ("FILE:///etc/passwd", "\"file\" is not http or https"),
        ("gopher://127.0.0.1:70/_x", "\"gopher\" is not http or https"),
        ("javascript:alert(1)", "\"javascript\" is not http or https"),
        ("dict://127.0.0.1:11211/stat", "\"dict\" is not http or https"),
        ("https+unix://x/", "\"https+unix\" is not http or https"),
        ("example.org/x", "is not an absolute URL; it must start with https:// or http://"),
        ("//example.org/", "is not an absolute URL; it must start with https:// or http://"),
        ("/data.json", "is not an absolute URL; it must start with https:// or http://"),
        ("", "is not an absolute URL; it must start with https:// or http://"),
        ("1http://example.org/", "is not an absolute URL; it must start with https:// or http://"),
        ("http:example.org", "needs // after http:, as in http://example.org/"),
        ("https:/example.org", "needs // after https:, as in https://example.org/"),
        ("http:///example.org", "has no host"),
        ("https://", "has no host"),
        ("https://:443/", "has no host"),
        ("https://./", "has no host"),
        ("https://?x", "has no host"),
        ("https://user:pass@example.org/", "has user information (user@); put credentials elsewhere"),
        ("https://user@example.org/", "has user information (user@); put credentials elsewhere"),
        ("https://@example.org/", "has user information (user@); put credentials elsewhere"),
        ("http://127.0.0.1:80@evil.com/", "has user information (user@); put credentials elsewhere"),
        ("http://evil.com@127.0.0.1/", "has user information (user@); put credentials elsewhere"),
        ("https://example.org:abc/", "has a bad port \"abc\"; a port is a number, as in :8080"),
        ("https://example.org:-1/", "has a bad port \"-1\"; a port is a number, as in :8080"),
        ("https://example.org:0x50/", "has a bad port \"0x50\"; a port is a number, as in :8080"),
        ("https://example.org:0/", "has port 0, outside 1 to 65535"),
        ("https://example.org:65536/", "has port 65536, outside 1 to 65535"),
        ("https://example.org:99999999999999999999999/", "has port 99999999999999999999999, outside 1 to 65535"),
        (
            "https://example.org:8080:90/",
            "has more than one : in the host; write IPv6 addresses in brackets, as in [::1]"
        ),
        ("https://::1/", "has more than one : in the host; write IPv6 addresses in brackets, as in [::1]"),
        ("https://[::1/", "has [ without ] in the host"),
        ("https://[::1]x/", "has characters after ] in the host"),
        ("https://[127.0.0.1]/", "\"[127.0.0.1]\" is not a valid IPv6 address"),
        ("https://[v1.abc]/", "\"[v1.abc]\" is not a valid IPv6 address"),
        ("https://[]/", "\"[]\" is not a valid IPv6 address"),
        ("https://[fe80::1%25eth0]/", "has a zone ID (%) in the IPv6 address; zone IDs are not allowed"),
        ("https://ex[am]ple.org/", "has \"[\" in the host, which is not allowed there"),
        ("https://exa!mple.org/", "has \"!\" in the host, which is not allowed there"),
        ("https://example.org;x/", "has \";\" in the host, which is not allowed there"),
        ("https://%31%32%37.0.0.1/", "has % in the host; percent-encoding is not allowed in host names"),
        ("https://exa%6dple.org/", "has % in the host; percent-encoding is not allowed in host names"),
        ("https://bücher.example/", "has a non-ASCII host name; use its punycode form (xn--…), which is accepted"),
        ("https://①②⑦.0.0.1/", "has a non-ASCII host name; use its punycode form (xn--…), which is accepted"),
        ("https://１２７.0.0.1/", "has a non-ASCII host name; use its punycode form (xn--…), which is accepted"),
        ("https://127。0。0。1/", "has a non-ASCII host name; use its punycode form (xn--…), which is accepted"),
        ("https://example.org/é", "contains a non-ASCII character; percent-encode it as UTF-8"),
        ("https://example.org/?q=ü", "contains a non-ASCII character; percent-encode it as UTF-8"),
        ("https://example.org/#ü", "contains a non-ASCII character; percent-encode it as UTF-8"),
        ("https://a..b/", "has an empty label in the host name (two dots in a row?)"),
        ("https://.example.org/", "has an empty label in the host name (two dots in a row?)"),
        ("https://example.org../", "has an empty label in the host name (two dots in a row?)"),
        ("https://1.2.3.4../", "has an empty label in the host name (two dots in a row?)"),
    ])
    func refuses(text: String, expected: String) {
        #expect(reason(text) == expected)
    }

    @Test(arguments: [
        "https://exa mple.org/", "https://example.org/a b", " https://example.org/", "https://example.org/ ",
        "https://example.org/\n", "https://example.org/\t", "https://example.org/\u{7F}", "https://example.org/\0",
        "https://example.org\r\nHost: evil/", "ht\ttp://example.org/", "https://example.org/?a=\u{1B}",
    ])
    func refusesSpacesAndControls(text: String) {
        #expect(reason(text) == "contains a space or control character; percent-encode it (a space is %20)")
    }

    @Test(arguments: [
        "https://example.org\\@evil.com/", "https:\\\\example.org/", "https://example.org/a\\b", "http:/\\127.0.0.1/",
    ])
    func refusesBackslashes(text: String) {
        #expect(reason(text) == "contains a backslash; use / or percent-encode it as %5C")
    }

    @Test func lengthLimits() throws {
        let prefix = "https://example.org/"
        let longest = prefix + String(repeating: "a", count: SourceURL.maxLength - prefix.utf8.count)
        #expect(SourceURL.maxLength == 2048)
        #expect(reason(longest) == nil)
        #expect(reason(longest + "a") == "is longer than 2048 bytes")
        // Bytes, not characters: 1024 two-byte characters are 2048 bytes before the prefix.
        #expect(reason(prefix + String(repeating: "é", count: 1024)) == "is longer than 2048 bytes")
        // The printed form counts too: 700 quotes are 2 100 bytes once percent-encoded (found by the source-url
        // fuzzer: such a URL parsed, then did not parse back), and a short numeric host prints as a dotted quad.
        let quotes = prefix + String(repeating: "\"", count: 700)
        #expect(quotes.utf8.count < SourceURL.maxLength)
        #expect(reason(quotes) == "is longer than 2048 bytes")
        let quoted = prefix + String(repeating: "\"", count: (SourceURL.maxLength - prefix.utf8.count) / 3)
        #expect(try SourceURL(parsing: quoted).description.utf8.count <= SourceURL.maxLength)
        let numeric = "http://1/" + String(repeating: "a", count: SourceURL.maxLength - 9)
        #expect(numeric.utf8.count == SourceURL.maxLength)
        #expect(reason(numeric) == "is longer than 2048 bytes", "prints as http://0.0.0.1/…, 6 bytes longer")

        let label63 = String(repeating: "a", count: 63)
        #expect(try SourceURL(parsing: "https://\(label63).example/").host == .name(label63 + ".example"))
        #expect(reason("https://\(label63)b.example/") == "has a host name label longer than 63 characters")
        let name253 = [label63, label63, label63, String(repeating: "d", count: 61)].joined(separator: ".")
        #expect(name253.utf8.count == 253)
        #expect(try SourceURL(parsing: "https://\(name253)/").host == .name(name253))
        #expect(try SourceURL(parsing: "https://\(name253)./").host == .name(name253), "a trailing dot is not counted")
        #expect(reason("https://\(name253)d/") == "has a host name longer than 253 characters")
    }

    /// The description is a cache key: equal URLs print equally, different ones differently.
    @Test(arguments: [
        ("HTTPS://EXAMPLE.org:443/a", "https://example.org/a", true),
        ("https://example.org", "https://example.org/", true),
        ("https://example.org./a#x", "https://example.org/a", true),
        ("http://2130706433/", "http://127.0.0.1/", true),
        ("https://[0:0::1]/", "https://[::1]/", true),
        ("https://example.org/a/../b", "https://example.org/b", true),
        ("http://example.org/", "https://example.org/", false),
        ("https://example.org:8443/", "https://example.org/", false),
        ("https://example.org/a", "https://example.org/A", false),
        ("https://example.org/?", "https://example.org/", false),
    ])
    func equality(first: String, second: String, equal: Bool) throws {
        let a = try SourceURL(parsing: first)
        let b = try SourceURL(parsing: second)
        #expect((a == b) == equal)
        #expect((a.description == b.description) == equal)
    }

    @Test func acceptsSubstrings() throws {
        let text = "src=https://example.org/x"
        #expect(try SourceURL(parsing: text.dropFirst(4)).description == "https://example.org/x")
    }
}
