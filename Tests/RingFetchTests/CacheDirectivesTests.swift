import Testing
@testable import RingFetch

@Suite struct CacheDirectivesTests {
    @Test(arguments: [
        (nil, CacheDirectives()),
        ("", CacheDirectives()),
        ("max-age=60", CacheDirectives(maxAge: 60)),
        ("MAX-AGE=60", CacheDirectives(maxAge: 60)),
        ("max-age=\"60\"", CacheDirectives(maxAge: 60)),
        ("max-age = 60", CacheDirectives(maxAge: 60)),
        ("max-age=0", CacheDirectives(maxAge: 0)),
        ("max-age=007", CacheDirectives(maxAge: 7)),
        ("public, max-age=300, must-revalidate", CacheDirectives(maxAge: 300)),
        (" ,, max-age=5 ,", CacheDirectives(maxAge: 5)),
        ("no-store", CacheDirectives(noStore: true)),
        ("No-Cache", CacheDirectives(noCache: true)),
        ("no-cache=\"Set-Cookie, X-Foo\", max-age=10", CacheDirectives(maxAge: 10, noCache: true)),
        ("private, no-cache, no-store, max-age=0", CacheDirectives(maxAge: 0, noStore: true, noCache: true)),
        ("no-store=whatever", CacheDirectives(noStore: true)),
        // Clamped to 2^31 (RFC 9111 §1.2.2), whatever the length.
        ("max-age=2147483648", CacheDirectives(maxAge: 2_147_483_648)),
        ("max-age=2147483649", CacheDirectives(maxAge: 2_147_483_648)),
        ("max-age=99999999999999999999999999999999", CacheDirectives(maxAge: 2_147_483_648)),
        // Invalid values are ignored.
        ("max-age=-1", CacheDirectives()),
        ("max-age=+5", CacheDirectives()),
        ("max-age=1.5", CacheDirectives()),
        ("max-age=", CacheDirectives()),
        ("max-age", CacheDirectives()),
        ("max-age=\"\"", CacheDirectives()),
        ("max-age=\"60", CacheDirectives()),
        ("max-age=6 0", CacheDirectives()),
        ("max-age=abc, no-cache", CacheDirectives(noCache: true)),
        // Duplicates: equal values count once; differing ones make the response stale.
        ("max-age=60, max-age=60", CacheDirectives(maxAge: 60)),
        ("max-age=60, max-age=3600", CacheDirectives(maxAge: 0)),
        ("max-age=3600,max-age=60", CacheDirectives(maxAge: 0)),
        ("max-age=60, max-age=oops", CacheDirectives(maxAge: 60)),
        // Shared-cache directives do not apply to us.
        ("s-maxage=600", CacheDirectives()),
        ("s-maxage=600, max-age=60", CacheDirectives(maxAge: 60)),
        ("max-agex=60, xmax-age=60", CacheDirectives()),
        // Commas and semicolons inside quoted strings do not split elements.
        ("private=\"a, max-age=999\", max-age=5", CacheDirectives(maxAge: 5)),
        ("foo=\"a\\\"b, max-age=999\", no-store", CacheDirectives(noStore: true)),
        // A malformed element is skipped up to the next comma outside quotes.
        ("foo bar=\"x, max-age=999\", max-age=5", CacheDirectives(maxAge: 5)),
        ("max-age=5 junk, no-cache", CacheDirectives(noCache: true)),
        ("=5, no-store", CacheDirectives(noStore: true)),
        ("max-age=\"5\"x, no-store", CacheDirectives(noStore: true)),
    ] as [(String?, CacheDirectives)])
    func parses(value: String?, expected: CacheDirectives) {
        #expect(CacheDirectives(value) == expected)
    }

    @Test func combinedFromSeveralFields() throws {
        var parser = ResponseParser()
        let text = "HTTP/1.1 200 OK\r\nCache-Control: max-age=60\r\nCache-Control: no-cache\r\nContent-Length: 0\r\n\r\n"
        let response = try #require(try parser.feed(text.bytes))
        let directives = CacheDirectives(response.headers("cache-control").joined(separator: ","))
        #expect(directives == CacheDirectives(maxAge: 60, noCache: true))
    }

    @Test func hostileValuesDoNotHang() {
        let unterminated = "max-age=\"" + String(repeating: "\\", count: 10_001)
        #expect(CacheDirectives(unterminated) == CacheDirectives())
        let many = Array(repeating: "max-age=60", count: 2000).joined(separator: ",")
        #expect(CacheDirectives(many) == CacheDirectives(maxAge: 60))
        let quotes = String(repeating: "a=\"", count: 3000)
        #expect(CacheDirectives(quotes) == CacheDirectives())
    }
}
