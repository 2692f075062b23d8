import RingCore
import RingDeflate
import RingPNG
import Testing
@testable import RingApp

@Suite struct CacheKeyTests {
    static func key(
        _ route: ImageRoute, _ query: String, _ format: OutputFormat = .svg, typeface: Typeface = .system,
        codec: String = CanonicalSpec.codecVersion
    ) throws -> CacheKey {
        CacheKey(
            spec: try QueryDecoder.decode(route: route, query: QueryString(parsing: query), typeface: typeface),
            format: format, typeface: typeface, codec: codec)
    }

    /// Pinned: a change here means every cached URL out there changes its ETag. Bump
    /// `CanonicalSpec.rendererVersion` on purpose (and re-pin) when the pictures change, never by accident.
    /// Pinned without fonts (the stroke font's fixed version): with fonts the key also holds their digest, which
    /// follows the installed font files (``fontFilesAreInTheKey()``), and with libdeflate 1.14 named as the codec
    /// (the server names the version it runs with: ``theCompressorIsInTheKey()``).
    @Test(arguments: [
        (ImageRoute.ring, "p=0.7", OutputFormat.svg, "1935f52fe91a08e74277d35bb5fc8c4349e9f151fb339a17e967ad641c272404"),
        (.ring, "p=0.7", .png, "9f396756dd151598cc16015e12d714906fd70a988be5a97bb1e07093687f217b"),
        (.activity, "p=0.8,0.6,1.1", .svg, "98c6352e9925493a540a948a82d8599b817b0e0d41834c707535f75a53431846"),
        (.check, "", .svg, "ab10e5d32d06c24073073d07958fbbd827cc1b137afa8e29ef7a88a5d753ff9b"),
    ])
    func goldenKeys(route: ImageRoute, query: String, format: OutputFormat, digest: String) throws {
        let key = try Self.key(route, query, format, typeface: .strokeOnly, codec: "libdeflate-1.14")
        #expect(key.digest == digest)
        #expect(key.etag == "\"\(digest.prefix(32))\"")
    }

    /// PNG and gzip bytes follow the compressor's version: two replicas with different libdeflate versions must
    /// not share ETags for bytes that may differ.
    @Test func theCompressorIsInTheKey() throws {
        #expect(CanonicalSpec.codecVersion == "libdeflate-" + WholeDeflate.version)
        #expect(!WholeDeflate.version.isEmpty)
        let live = try Self.key(.ring, "p=0.7", .png, typeface: .strokeOnly)
        let other = try Self.key(.ring, "p=0.7", .png, typeface: .strokeOnly, codec: "libdeflate-0.0")
        #expect(live != other)
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

    /// The canonical text lists every stored field, and no text a client chooses can pass for structure: a label
    /// spelling out the encoding's own punctuation, or a label and title whose split moved, are other keys.
    @Test func theCanonicalTextNamesEveryFieldAndTextCannotImitateIt() throws {
        let spec = try QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=0.7&label=x&title=y"))
        let text = CanonicalEncoder.text(of: spec)
        for field in ["style=", "ring:", "progress=0.7;", "fill=", "thickness=", "common=", "size=128.0;", "label=",
                      "text:_0=1'x;", "title=1'y;", "dark="] {
            #expect(text.contains(field), "\(field) missing from \(text)")
        }
        let lookalikes = [
            "p=0.7&label=x;title=1'y&title=y", "p=0.7&label=x&title=y;", "p=0.7&label=x)&title=y",
            "p=0.7&label=1'x&title=y", "p=0.7&label=xt&title=itle", "p=0.7&label=x&title=y&theme=auto",
        ]
        let keys = try lookalikes.map { try Self.key(.ring, $0) } + [try Self.key(.ring, "p=0.7&label=x&title=y")]
        #expect(Set(keys).count == keys.count)
        // Equal specs, equal texts: the encoding has no per-call state.
        #expect(CanonicalEncoder.text(of: spec) == text)
        // The dark variant of theme=auto is part of the text, so it is part of the key.
        let auto = try QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=0.7&theme=auto"))
        #expect(CanonicalEncoder.text(of: auto).ranges(of: "progress=0.7;").count == 2)
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
