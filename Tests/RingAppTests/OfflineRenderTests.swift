import RingHTTP
import RingTestSupport
import Testing
@testable import RingApp

/// `ringd render`'s engine: the same bytes as the server's body for the same query, and the server's error text.
@Suite struct OfflineRenderTests {
    let app = RingApplication()

    /// Animated PNGs are compared at this size to keep debug test runs short (scripts/check/render compares
    /// the gallery at full size against the real binary).
    static let animationSize = 96

    /// The case with animated PNGs brought down to ``animationSize``.
    static func sized(_ c: GalleryCase, format: OutputFormat) -> GalleryCase {
        guard c.isAnimated, format == .png else { return c }
        var c = c
        c.query = c.query.split(separator: "&").filter { !$0.hasPrefix("size=") }.joined(separator: "&")
            + "&size=\(animationSize)"
        return c
    }

    @Test(.tags(.slow), arguments: GalleryCase.all)
    func everyGalleryCaseMatchesTheServersBody(_ gallery: GalleryCase) throws {
        for format in OutputFormat.allCases {
            let c = Self.sized(gallery, format: format)
            let response = c.respond(app, format: format)
            try #require(response.status == .ok, "\(c.name) \(format): the server answered \(response.status.code)")
            #expect(response.headers["Content-Encoding"] == nil)
            // SVG with the leading slash, PNG without it: both spellings people type.
            let query = format == .svg
                ? "\(c.path).svg?\(c.query)"
                : "\(c.path.dropFirst()).png?\(c.query)"
            let image = try OfflineRender.render(query).get()
            #expect(image.format == format)
            #expect(image.body == response.body, "\(c.name) \(format): ringd render differs from the server's body")
        }
    }

    @Test func galleryHasAnimatedCasesInBothFormats() {
        #expect(GalleryCase.all.filter(\.isAnimated).count >= 2)
    }

    @Test(arguments: [
        ("ring?p=0.7&format=png", "/ring?p=0.7&format=png"),
        ("/activity?p=0.8,0.6,1.1&format=PNG", "/activity?p=0.8,0.6,1.1&format=PNG"),
        ("http://localhost:8080/pie.svg?p=0.3&format=png", "/pie.svg?p=0.3&format=png"),
        ("check?label=3/9 done", "/check?label=3/9%20done"),
        ("ring?p=0.5&color=#f80", "/ring?p=0.5&color=%23f80"),
        ("petals?p=1&animate=1&size=64&format=png", "/petals?p=1&animate=1&size=64&format=png"),
    ])
    func formatSelectionAndSpellingFollowTheServer(_ query: String, _ target: String) throws {
        let response = app.respond(to: request(target))
        try #require(response.status == .ok)
        let image = try OfflineRender.render(query).get()
        #expect(image.body == response.body)
        #expect(image.format.contentType == response.headers["Content-Type"])
    }

    /// `ringd render -o out.png`: with no format in the query, the output file's extension picks it; a query
    /// that names a format keeps it (the command refuses the mismatch before rendering).
    @Test func theDefaultFormatAppliesOnlyWhenTheQueryNamesNone() throws {
        let png = try OfflineRender.render("ring?p=0.7", defaultFormat: .png).get()
        #expect(png.format == .png && png.body == app.respond(to: request("/ring.png?p=0.7")).body)
        #expect(try OfflineRender.render("ring.svg?p=0.7", defaultFormat: .png).get().format == .svg)
        #expect(try OfflineRender.render("ring?p=0.7&format=svg", defaultFormat: .png).get().format == .svg)
        #expect(OfflineRender.statedFormat(of: "ring?p=0.7") == nil)
        #expect(OfflineRender.statedFormat(of: "/ring.png?p=0.7") == .png)
        #expect(OfflineRender.statedFormat(of: "http://h/pie?p=1&format=SVG") == .svg)
        #expect(OfflineRender.statedFormat(of: "ring?format=gif") == nil)
        #expect(OfflineRender.statedFormat(of: "nope.png") == nil)
    }

    @Test(arguments: [
        "/ring?p=abc", "/ring.png?p=0.7&size=5", "/ring?p=0.7&scale=4&size=2048", "/ring?p=0.7&p=0.8",
        "/ring?p=0.7&color=red&gradient=move", "/activity?p=1,2&colors=red", "/check?shape=star",
        "/petals?p=0.5&petals=99", "/ring?p=0.5&label=%FF", "/ring?p=0.5&title=a%0Ab", "/pie", "/ring.png",
        "/nope?p=1", "/ring.gif?p=1", "/ring/?p=1",
    ])
    func badInputGetsTheServersStatusAndText(_ target: String) throws {
        let response = app.respond(to: request(target, [("Accept", "*/*")]))
        #expect(response.status.code == 400 || response.status.code == 404)
        let refusal = try #require(throws: OfflineRender.Refusal.self) { try OfflineRender.render(target).get() }
        #expect(refusal.status == response.status.code)
        #expect(Array(refusal.text.utf8) == response.body)
        #expect(refusal.text.hasSuffix("\n"))
        // Without the leading slash: the same.
        #expect(OfflineRender.render(String(target.dropFirst())) == .failure(refusal))
    }

    @Test func targetSplitsLikeTheServer() {
        #expect(OfflineRender.target(of: "ring.png?p=0.7") == ("/ring.png", "p=0.7"))
        #expect(OfflineRender.target(of: "/ring") == ("/ring", nil))
        #expect(OfflineRender.target(of: "ring?") == ("/ring", ""))
        #expect(OfflineRender.target(of: "https://rings.example/pie?p=1") == ("/pie", "p=1"))
        #expect(OfflineRender.target(of: "http://rings.example") == ("/", nil))
        #expect(OfflineRender.target(of: "ring?label=a b&title=é") == ("/ring", "label=a%20b&title=%C3%A9"))
        #expect(OfflineRender.target(of: "ring?color=#abc") == ("/ring", "color=%23abc"))
    }

    @Test func fileNamesAreReadableSafeAndDistinct() {
        let name = OfflineRender.fileName(for: "ring.png?p=0.7&size=256", format: .png)
        #expect(name.hasPrefix("ring_p=0.7_size=256-"))
        #expect(name.hasSuffix(".png"))
        // Deterministic, and the leading slash does not matter.
        #expect(name == OfflineRender.fileName(for: "/ring.png?p=0.7&size=256", format: .png))
        // Queries that read alike still get different names.
        let a = OfflineRender.fileName(for: "ring?label=a!b&p=1", format: .svg)
        let b = OfflineRender.fileName(for: "ring?label=a*b&p=1", format: .svg)
        #expect(a != b)
        #expect(a.dropLast(13) == b.dropLast(13))  // same readable part, different hash
        #expect(OfflineRender.fileName(for: "check", format: .svg).wholeMatch(of: /check-[0-9a-f]{8}\.svg/) != nil)
        // Nothing that could leave the directory or hide the file, however hostile the query.
        for hostile in ["ring?title=../../etc/passwd", "ring?title=/x/.y", "ring?." + String(repeating: "é/", count: 300)] {
            let n = OfflineRender.fileName(for: hostile, format: .svg)
            #expect(!n.contains("/") && !n.hasPrefix(".") && n.utf8.count < 110, "\(n)")
            #expect(n.utf8.allSatisfy { $0 > 0x20 && $0 < 0x7F })
        }
    }

    @Test func aChangedTableReachesTheOfflineRenderer() throws {
        let table = ParameterTable.standard.replacingKind(of: "size", with: .number(16...1000, unit: "px"))
        #expect((try? OfflineRender.render("ring?p=0.5&size=1500").get()) != nil)
        let refusal = try #require(throws: OfflineRender.Refusal.self) {
            try OfflineRender.render("ring?p=0.5&size=1500", table: table).get()
        }
        #expect(refusal.text == "size: got \"1500\"; expected a number 16…1000 (px)\n")
    }
}

extension Result where Success == OfflineRender.Image, Failure == OfflineRender.Refusal {
    static func == (a: Self, b: Self) -> Bool {
        switch (a, b) {
        case (.success(let x), .success(let y)): x.body == y.body && x.format == y.format
        case (.failure(let x), .failure(let y)): x == y
        default: false
        }
    }
}
