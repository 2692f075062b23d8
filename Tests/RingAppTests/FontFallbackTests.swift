import RingCore
import RingHTTP
import Testing
@testable import RingApp

/// With no label font installed ringd still starts and serves: labels in printable ASCII are drawn with the
/// built-in stroke font, anything else is refused by name, and `/healthz` says labels are degraded (issue 17).
@Suite struct FontFallbackTests {
    static let noFonts = RingApplication(configuration: AppConfiguration(fontDirectory: "/nonexistent/ringd-fonts"))
    static let withFonts = RingApplication()

    func get(_ app: RingApplication, _ target: String, accept: String = "*/*") -> HTTPResponse {
        let (path, query) = target.split(separator: "?", maxSplits: 1).map(String.init).pair
        return app.respond(to: HTTPRequest(
            method: .get, target: target, path: path, query: query,
            headers: HTTPHeaders([("Host", "x"), ("Accept", accept)])))
    }

    @Test func healthSaysSo() {
        #expect(Self.noFonts.typeface.fonts == nil)
        #expect(Self.noFonts.typeface.version == "stroke")
        let body = String(decoding: get(Self.noFonts, "/healthz").body, as: UTF8.self)
        #expect(body.hasPrefix("ok\n") && body.contains("no label fonts found"), "\(body)")
        #expect(String(decoding: get(Self.withFonts, "/healthz").body, as: UTF8.self) == "ok")
    }

    @Test func asciiLabelsUseTheStrokeFont() throws {
        let svg = get(Self.noFonts, "/ring.svg?p=0.7&label=auto")
        #expect(svg.status == .ok)
        let text = String(decoding: svg.body, as: UTF8.self)
        // Stroke glyphs are round-capped stroked paths; outline glyphs are filled paths.
        #expect(text.contains("stroke-linejoin=\"round\""))
        let outlined = String(decoding: get(Self.withFonts, "/ring.svg?p=0.7&label=auto").body, as: UTF8.self)
        #expect(!outlined.contains("stroke-linejoin=\"round\""))
        #expect(get(Self.noFonts, "/ring.png?p=0.7&label=Done%21").status == .ok)
    }

    @Test func otherScriptsAreRefusedByName() {
        let response = get(Self.noFonts, "/ring?p=0.7&label=Termin%C3%A9")
        let message = String(decoding: response.body, as: UTF8.self)
        #expect(response.status == .badRequest)
        #expect(message.contains("no label fonts installed") && message.contains("\"é\""), "\(message)")
        #expect(get(Self.withFonts, "/ring?p=0.7&label=Termin%C3%A9").status == .ok)
        // The error image still draws (in the stroke font).
        let image = get(Self.noFonts, "/ring.png?p=0.7&label=Termin%C3%A9", accept: "image/*")
        #expect(image.status == .ok && image.headers["Content-Type"] == "image/png")
    }

    @Test func keysDifferWithTheFonts() throws {
        let spec = try QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=0.7&label=auto"))
        #expect(CacheKey(spec: spec, format: .png, typeface: Self.noFonts.typeface)
            != CacheKey(spec: spec, format: .png, typeface: Self.withFonts.typeface))
    }
}

extension Array where Element == String {
    fileprivate var pair: (String, String) { (self[0], count > 1 ? self[1] : "") }
}
