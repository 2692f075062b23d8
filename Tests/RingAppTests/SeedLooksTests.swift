import RingCore
import Testing
@testable import RingApp

/// Issue 40 item 2: the defaults that carry the seeds' proportions and the page-following activity tracks.
@Suite struct SeedLooksTests {
    static func spec(_ route: ImageRoute, _ query: String) throws -> RingSpec {
        try QueryDecoder.decode(route: route, query: QueryString(parsing: query))
    }

    static func tracks(_ spec: RingSpec) -> [Color?] {
        guard case .activity(let style) = spec.style else { return [] }
        return style.rings.map(\.track)
    }

    /// On a light page (light theme with a transparent bg, or a light opaque bg whatever the theme) the tracks are
    /// pale tints of each ring's colour; on a dark one the dark shades; theme=auto carries both.
    @Test func activityTracksFollowThePage() throws {
        let ends = [NamedColors.move, NamedColors.exercise, NamedColors.stand].map { $0.stops[$0.stops.count - 1] }
        let light = ends.map { $0.lightTrack() as Color? }, dark = ends.map { $0.darkTrack() as Color? }
        for query in ["", "theme=light", "bg=white", "bg=white&theme=dark", "bg=%23FFD1DC&theme=dark"] {
            #expect(Self.tracks(try Self.spec(.activity, "p=0.8,0.6,1.1&" + query)) == light, "\(query)")
        }
        for query in ["theme=dark", "bg=black", "bg=black&theme=light", "bg=%23003366"] {
            #expect(Self.tracks(try Self.spec(.activity, "p=0.8,0.6,1.1&" + query)) == dark, "\(query)")
        }
        let auto = try Self.spec(.activity, "p=0.8,0.6,1.1&theme=auto")
        #expect(Self.tracks(auto) == light)
        #expect(Self.tracks(try #require(auto.darkVariant)) == dark)
        // Explicit tracks are kept on any page.
        #expect(Self.tracks(try Self.spec(.activity, "p=0.5,0.5&tracks=red,none&bg=black")) == [Color(hex: 0xFF0000), nil])
    }

    /// A light track is the ring's colour at a quarter over white: pale (light enough for a near-black label's page),
    /// still tinted (its channels ordered as the colour's), and of the colour's alpha.
    @Test(arguments: ["FA114F", "A6FF00", "00FFF6", "8E44AD", "003366", "000000", "F1C40F"])
    func lightTracksArePaleTintsOfTheRing(_ hex: String) {
        let color = Color(hex: UInt32(hex, radix: 16)!)
        let track = color.lightTrack()
        #expect(track.relativeLuminance > 0.5, "#\(hex) → \(track.hexRGB)")
        #expect(track.relativeLuminance < 0.97, "#\(hex) → \(track.hexRGB) is white")
        #expect((track.r >= track.g) == (color.r >= color.g) && (track.g >= track.b) == (color.g >= color.b))
        #expect(track == Color.white.mixed(with: color, 0.25))
        var translucent = color
        translucent.a = 128
        #expect(translucent.lightTrack().a == 128)
    }

    /// Pie: seed 004's 2 pt border on a ~133 pt view, 1.5 %. Check: seed 003's 24 pt on its 300 pt container.
    @Test func pieAndCheckDefaultsAreTheSeeds() throws {
        guard case .pie(let pie) = try Self.spec(.pie, "p=0.5").style else { throw TestFailure("not a pie") }
        #expect(pie.borderWidth == .fraction(0.015))
        for bounce in [true, false] {
            guard case .check(let check) = try Self.spec(.check, "bounce=\(bounce ? 1 : 0)").style else {
                throw TestFailure("not a check")
            }
            guard case .fraction(let f) = check.stroke else { throw TestFailure("stroke in px") }
            // stroke = 8 % of (extent − stroke), the extent being the image, or 1/1.1 of it with the bounce.
            let extent = bounce ? 1 / 1.1 : 1
            #expect(abs(f - 0.08 * (extent - f)) < 1e-6, "bounce=\(bounce): \(f)")
        }
    }
}
