import Testing
import RingFetch

/// `SourceURL.resolving(_:)` for redirects: RFC 3986 §5.4 and the checks a first URL gets.
@Suite struct ResolvingTests {
    static let base = "http://a/b/c/d;p?q"

    func resolve(_ reference: String, against base: String = Self.base) throws -> String {
        try SourceURL(parsing: base).resolving(reference).description
    }

    /// RFC 3986 §5.4.1 and §5.4.2, adapted: an empty path prints as `/`, fragments are dropped, and `g:h` (not http)
    /// is refused.
    @Test(arguments: [
        // §5.4.1 normal examples
        ("g", "http://a/b/c/g"), ("./g", "http://a/b/c/g"), ("g/", "http://a/b/c/g/"), ("/g", "http://a/g"),
        ("//g", "http://g/"), ("?y", "http://a/b/c/d;p?y"), ("g?y", "http://a/b/c/g?y"), ("#s", "http://a/b/c/d;p?q"),
        ("g#s", "http://a/b/c/g"), ("g?y#s", "http://a/b/c/g?y"), (";x", "http://a/b/c/;x"),
        ("g;x", "http://a/b/c/g;x"),
        ("g;x?y#s", "http://a/b/c/g;x?y"), ("", "http://a/b/c/d;p?q"), (".", "http://a/b/c/"), ("./", "http://a/b/c/"),
        ("..", "http://a/b/"), ("../", "http://a/b/"), ("../g", "http://a/b/g"), ("../..", "http://a/"),
        ("../../", "http://a/"), ("../../g", "http://a/g"),
        // §5.4.2 abnormal examples
        ("../../../g", "http://a/g"), ("../../../../g", "http://a/g"), ("/./g", "http://a/g"), ("/../g", "http://a/g"),
        ("g.", "http://a/b/c/g."), (".g", "http://a/b/c/.g"), ("g..", "http://a/b/c/g.."), ("..g", "http://a/b/c/..g"),
        ("./../g", "http://a/b/g"), ("./g/.", "http://a/b/c/g/"), ("g/./h", "http://a/b/c/g/h"),
        ("g/../h", "http://a/b/c/h"), ("g;x=1/./y", "http://a/b/c/g;x=1/y"), ("g;x=1/../y", "http://a/b/c/y"),
        ("g?y/./x", "http://a/b/c/g?y/./x"), ("g?y/../x", "http://a/b/c/g?y/../x"), ("g#s/./x", "http://a/b/c/g"),
        ("g#s/../x", "http://a/b/c/g"), ("http:g", nil),
        ("g:h", nil),
    ] as [(String, String?)])
    func rfc3986(reference: String, expected: String?) throws {
        if let expected {
            #expect(try resolve(reference) == expected)
        } else {
            #expect(throws: SourceURLError.self) { try resolve(reference) }
        }
    }

    @Test func absoluteAndSchemeRelative() throws {
        #expect(try resolve("https://other.example/x?y#z") == "https://other.example/x?y")
        #expect(try resolve("HTTPS://Other.Example:443/") == "https://other.example/")
        #expect(try resolve("//evil.example/p", against: "https://example.org/a") == "https://evil.example/p")
        #expect(try resolve("//0x7f.1/", against: "https://example.org/") == "https://127.0.0.1/")
        #expect(try resolve("x", against: "https://example.org") == "https://example.org/x")
        #expect(try resolve("../../../etc", against: "https://example.org/dir/") == "https://example.org/etc")
        #expect(try resolve("x", against: "https://[::1]:8443/a/b") == "https://[::1]:8443/a/x")
        #expect(try resolve("/y?z", against: "http://example.org:8080/a?q") == "http://example.org:8080/y?z")
        #expect(try resolve("?z", against: "https://example.org/a?q") == "https://example.org/a?z")
        #expect(try resolve("#f", against: "https://example.org/a?q") == "https://example.org/a?q")
        // `..//` climbing to an empty first segment must stay a path, not become an authority.
        #expect(try resolve("..//evil.example/x", against: "https://example.org/a/")
            == "https://example.org//evil.example/x")
        #expect(try resolve("?x@evil.example", against: "https://example.org/")
            == "https://example.org/?x@evil.example")
    }

    /// A `Location` gets exactly the checks of a first URL.
    @Test(arguments: [
        ("ftp://example.org/", "\"ftp\" is not http or https"),
        ("//user@evil.example/", "has user information (user@); put credentials elsewhere"),
        ("//1.2.3.256/", "has \"1.2.3.256\" as host, which looks like an IPv4 address but is not a valid one"),
        ("\\\\evil.example/x", "contains a backslash; use / or percent-encode it as %5C"),
        ("/\\evil.example/x", "contains a backslash; use / or percent-encode it as %5C"),
        ("g h", "contains a space or control character; percent-encode it (a space is %20)"),
        (" //evil.example/", "contains a space or control character; percent-encode it (a space is %20)"),
        ("//bücher.example/", "has a non-ASCII host name; use its punycode form (xn--…), which is accepted"),
        ("/é", "contains a non-ASCII character; percent-encode it as UTF-8"),
        ("#é", "contains a non-ASCII character; percent-encode it as UTF-8"),
        ("https:/evil.example/", "needs // after https:, as in https://example.org/"),
        ("/" + String(repeating: "a", count: SourceURL.maxLength), "is longer than 2048 bytes"),
    ])
    func checksLikeAFirstURL(reference: String, expected: String) throws {
        let base = try SourceURL(parsing: "https://example.org/a/b")
        #expect(throws: SourceURLError(expected)) { try base.resolving(reference) }
    }

    @Test func overlongResultIsRefused() throws {
        let base = try SourceURL(parsing: "https://example.org/" + String(repeating: "d", count: 1000) + "/")
        let reference = String(repeating: "r", count: 1100)
        #expect(throws: SourceURLError("is longer than 2048 bytes")) { try base.resolving(reference) }
    }
}
