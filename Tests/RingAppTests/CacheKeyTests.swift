import RingCore
import Testing
@testable import RingApp

@Suite struct CacheKeyTests {
    static func key(_ route: ImageRoute, _ query: String, _ format: OutputFormat = .svg) throws -> CacheKey {
        CacheKey(spec: try QueryDecoder.decode(route: route, query: QueryString(parsing: query)), format: format)
    }

    /// Pinned: a change here means every cached URL out there changes its ETag. Bump
    /// `CanonicalSpec.rendererVersion` on purpose (and re-pin) when the pictures change, never by accident.
    @Test(arguments: [
        (ImageRoute.ring, "p=0.7", OutputFormat.svg, "42c4b455d0862296a185e7a8f9b4ec8724f021adf4a5b4d62b6d3567e01da55c"),
        (.ring, "p=0.7", .png, "a16ede2a7963be10fcebb8a4d53734ef13d907e4cf9cd0d37a3c063731169f2a"),
        (.activity, "p=0.8,0.6,1.1", .svg, "4961be89969f12be9c1b0777cb3f793d41a494fbd96c43c41b93e52c0937fb9e"),
        (.check, "", .svg, "c3e4df166990b9b3abb94674e4165eb42d0da58eb46dc64181bab7155b3d761a"),
    ])
    func goldenKeys(route: ImageRoute, query: String, format: OutputFormat, digest: String) throws {
        let key = try Self.key(route, query, format)
        #expect(key.digest == digest)
        #expect(key.etag == "\"\(digest.prefix(32))\"")
    }

    @Test func spellingsOfOnePictureAreOneKey() throws {
        let spellings = [
            "p=.7", "p=0.70", "p=70%25", "p=7/10", "p=0.7", "p=0.7&v=2", "p=0.7&utm_source=readme",
            "size=128&p=0.7", "p=0.7&size=128&theme=light", "value=7&total=10", "p=0.7&format=svg",
        ]
        let keys = try Set(spellings.map { try Self.key(.ring, $0) })
        #expect(keys.count == 1, "\(keys)")
    }

    @Test func reorderedParametersAreOneKey() throws {
        #expect(try Self.key(.ring, "p=0.3&color=red&cap=butt&size=64")
            == Self.key(.ring, "size=64&cap=butt&p=0.3&color=red"))
    }

    @Test func everyVisibleChangeIsAnotherKey() throws {
        let variants = [
            "p=0.7", "p=0.71", "p=0.7&size=129", "p=0.7&color=red", "p=0.7&track=none", "p=0.7&thickness=13",
            "p=0.7&start=0", "p=0.7&dir=ccw", "p=0.7&cap=butt", "p=0.7&bg=white", "p=0.7&theme=dark",
            "p=0.7&label=auto", "p=0.7&title=x", "p=0.7&animate=1", "p=0.7&animate=1&duration=2", "p=0.7&scale=2",
        ]
        let keys = try variants.map { try Self.key(.ring, $0) }
        #expect(Set(keys).count == variants.count)
    }

    @Test func formatAndRouteDistinguish() throws {
        #expect(try Self.key(.ring, "p=0.7", .svg) != Self.key(.ring, "p=0.7", .png))
        #expect(try Self.key(.pie, "p=0.7").digest != Self.key(.petals, "p=0.7").digest)
    }

    @Test func errorKeysAreSeparateFromImageKeys() throws {
        let error = CacheKey(errorMessage: "p: got \"x\"", size: 128, format: .svg)
        #expect(error != (try Self.key(.ring, "p=0.7")))
        #expect(error == CacheKey(errorMessage: "p: got \"x\"", size: 128, format: .svg))
        #expect(error != CacheKey(errorMessage: "p: got \"x\"", size: 64, format: .svg))
    }

    @Test func gzipRepresentationHasItsOwnStrongTag() throws {
        let key = try Self.key(.ring, "p=0.7")
        #expect(key.gzipETag != key.etag)
        #expect(!key.etag.hasPrefix("W/") && !key.gzipETag.hasPrefix("W/"))
    }
}
