import RingCore
import Testing
@testable import RingApp

@Suite struct CacheKeyTests {
    static func key(
        _ route: ImageRoute, _ query: String, _ format: OutputFormat = .svg, typeface: Typeface = .system
    ) throws -> CacheKey {
        CacheKey(
            spec: try QueryDecoder.decode(route: route, query: QueryString(parsing: query), typeface: typeface),
            format: format, typeface: typeface)
    }

    /// Pinned: a change here means every cached URL out there changes its ETag. Bump
    /// `CanonicalSpec.rendererVersion` on purpose (and re-pin) when the pictures change, never by accident.
    /// Pinned without fonts (the stroke font's fixed version): with fonts the key also holds their digest, which
    /// follows the installed font files (``fontFilesAreInTheKey()``).
    @Test(arguments: [
        (ImageRoute.ring, "p=0.7", OutputFormat.svg, "cea315fbe0d7f0e201dda11927267af0e9a01c78d46cf149258a95e34ab99bf3"),
        (.ring, "p=0.7", .png, "11009f660fc3367d4ed85a3a37f7cc033bece2f21917832d95a83632e0498041"),
        (.activity, "p=0.8,0.6,1.1", .svg, "2b314b3c199abb5120425af31a16108617eddc159f39874a05015f669a06e083"),
        (.check, "", .svg, "d77f618813c57abd03b261d48b0edb02fe3647de71b53c888f4dc230d0022623"),
    ])
    func goldenKeys(route: ImageRoute, query: String, format: OutputFormat, digest: String) throws {
        let key = try Self.key(route, query, format, typeface: .strokeOnly)
        #expect(key.digest == digest)
        #expect(key.etag == "\"\(digest.prefix(32))\"")
    }

    /// Two replicas with different font files must not share an ETag for what may be different pictures: the
    /// fonts' digest is part of the renderer version in every key, image and error alike.
    @Test func fontFilesAreInTheKey() throws {
        let system = Typeface.system
        try #require(system.fonts != nil, "no label fonts installed (scripts/setup serve installs them)")
        #expect(system.version.hasPrefix("fonts-") && system.version.count == "fonts-".count + 16)
        #expect(Typeface.strokeOnly.version == "stroke")
        #expect(try Self.key(.ring, "p=0.7", typeface: system) != Self.key(.ring, "p=0.7", typeface: .strokeOnly))
        #expect(CacheKey(errorMessage: "m", size: 128, format: .svg, typeface: system)
            != CacheKey(errorMessage: "m", size: 128, format: .svg, typeface: .strokeOnly))
        // The same files give the same version (a second replica, a restart).
        #expect(Typeface().version == system.version)
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
