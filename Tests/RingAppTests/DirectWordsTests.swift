import RingCore
import RingPNG
import RingTestSupport
import Testing
@testable import RingApp
@testable import RingRaster

/// The rasterizer writes the interior of an opaque shape that nothing drawn later touches straight into the
/// bitmap as 8-bit words instead of through its float rows (`RowRenderer.render`). Those words must be exactly
/// what the float path packs there, and the split between the two paths must leave every other pixel alone:
/// over the whole gallery, stills and animation frames, on transparent and opaque backgrounds, both paths give
/// the same bytes.
@Suite struct DirectWordsTests {
    /// Extra queries that change which shapes overlap: an opaque background behind everything, and scale 2.
    static let variants = ["", "&bg=%23808080", "&scale=2"]

    @Test(.tags(.slow), arguments: GalleryCase.all)
    func directWordsEqualTheFloatPath(_ c: GalleryCase) throws {
        for variant in Self.variants {
            let route = try #require(ImageRoute(rawValue: String(c.path.dropFirst())))
            guard let spec = try? QueryDecoder.decode(route: route, query: QueryString(parsing: c.query + variant))
            else { continue }
            let scene = RingLayout.scene(for: spec, text: Typeface.system.setter)
            let scale = Double(spec.common.scale)
            // A still, and for an animation a few moments of it (the frames an APNG is made of).
            let moments: [Scene] =
                if let duration = scene.duration, scene.isAnimated {
                    [0.1, 0.35, 0.6, 0.999].map { scene.frame(at: $0 * duration) }
                } else {
                    [scene]
                }
            for (k, moment) in moments.enumerated() {
                var direct = RenderStatistics(), float = RenderStatistics()
                let words = Rasterizer.render(moment, scale: scale, statistics: &direct, writesWords: true)
                let floats = Rasterizer.render(moment, scale: scale, statistics: &float, writesWords: false)
                #expect(float.directPixels == 0)
                #expect(words == floats, "\(c.name)\(variant) moment \(k): the direct words differ from the float path")
            }
        }
    }

    /// The direct path is taken where it should be: most of a plain gradient ring's pixels, none of a
    /// translucent body's (it is faded as a layer), while the opaque track beside it still goes direct.
    @Test func directWordsCoverMostOfAnOpaqueRing() throws {
        func statistics(_ query: String) throws -> RenderStatistics {
            let spec = try QueryDecoder.decode(route: .ring, query: QueryString(parsing: query))
            var statistics = RenderStatistics()
            _ = Rasterizer.render(RingLayout.scene(for: spec, text: Typeface.system.setter), scale: 1, statistics: &statistics)
            return statistics
        }
        let opaque = try statistics("p=0.73&size=1024")
        #expect(Double(opaque.directPixels) > 0.8 * Double(opaque.touchedPixels))
        let translucent = try statistics("p=0.73&size=256&color=%233498db80&track=none")
        #expect(translucent.directPixels == 0)
        let overTrack = try statistics("p=0.73&size=256&color=%233498db80")
        #expect(overTrack.directPixels > 0)
    }
}

/// The service encodes a still PNG from the rasterizer's rows as they are drawn; over the gallery, on its own
/// and on an opaque background, that is the very PNG of the whole bitmap.
@Suite struct StreamedPNGTests {
    @Test(.tags(.slow), arguments: GalleryCase.all)
    func streamedStillPNGEqualsTheBitmapsPNG(_ c: GalleryCase) throws {
        for variant in ["", "&bg=%23808080"] {
            let route = try #require(ImageRoute(rawValue: String(c.path.dropFirst())))
            guard let spec = try? QueryDecoder.decode(route: route, query: QueryString(parsing: c.query + variant))
            else { continue }
            let scene = RingLayout.scene(for: spec, text: Typeface.system.setter), scale = Double(spec.common.scale)
            let whole = PNGEncoder.encode(Rasterizer.render(scene, scale: scale))
            #expect(ImageRenderer.stillPNG(scene, scale: scale) == whole, "\(c.name)\(variant)")
        }
    }
}
