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
        (ImageRoute.ring, "p=0.7", OutputFormat.svg, "55f14beee16d15793587f6ef9a4677502715fc7deadaba1e2624d8af7f81737e"),
        (.ring, "p=0.7", .png, "1f9fe07d960eb9719cdec941bca4e99dd9c588c3422bd945b13bab12a1ebaadb"),
        (.activity, "p=0.8,0.6,1.1", .svg, "94b56368dfb18f0395546058383b4082c60030040e02808e7d42c49a7335d939"),
        (.check, "", .svg, "bbeafff68e36eb73633687db3130b53ab03174328703b2f061175cf8da91f135"),
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
