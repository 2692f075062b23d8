import Foundation
import RingCore
import FoundationXML
import RingHTTP
import Testing
@testable import RingApp

/// Issue 3's hostile-input check: every bad query is an error naming its parameter, and every body the app
/// answers is XML made only of the writer's own elements, whatever the query contained.
@Suite struct HostileInputTests {
    /// Elements the SVG writer emits; anything else in a body means user input escaped into markup.
    static let vocabulary: Set<String> = [
        "svg", "title", "defs", "style", "g", "path", "circle", "rect", "line", "linearGradient",
        "radialGradient", "stop", "clipPath", "mask", "use",
    ]

    static let script = "%22%3E%3Cscript%3Ealert(1)%3C%2Fscript%3E"
    static let closeSVG = "%3C%2Fsvg%3E%3Csvg%3E"

    /// (route, query, parameter the error must name).
    static let cases: [(String, String, String)] = {
        var c: [(String, String, String)] = [
            ("ring", "", "p"), ("ring", "p=", "p"), ("ring", "p=NaN", "p"), ("ring", "p=inf", "p"),
            ("ring", "p=-inf", "p"), ("ring", "p=1e999", "p"), ("ring", "p=-1", "p"), ("ring", "p=10.5", "p"),
            ("ring", "p=" + String(repeating: "9", count: 10_000), "p"), ("ring", "p=0.5&p=0.5", "p"),
            ("ring", "p=%00", "p"), ("ring", "p=0.5%0A", "p"), ("ring", "p=\(script)", "p"), ("ring", "p=\(closeSVG)", "p"),
            ("ring", "p=0.5&size=0", "size"), ("ring", "p=0.5&size=99999", "size"), ("ring", "p=0.5&size=-5", "size"),
            ("ring", "p=0.5&size=NaN", "size"), ("ring", "p=0.5&size=1e309", "size"), ("ring", "p=0.5&scale=0", "scale"),
            ("ring", "p=0.5&bg=\(script)", "bg"), ("ring", "p=0.5&color=\(script)", "color"),
            ("ring", "p=0.5&gradient=\(closeSVG),red", "gradient"), ("ring", "p=0.5&track=\(closeSVG)", "track"),
            ("ring", "p=0.5&thickness=\(script)", "thickness"), ("ring", "p=0.5&start=\(script)", "start"),
            ("ring", "p=0.5&dir=\(script)", "dir"), ("ring", "p=0.5&cap=\(closeSVG)", "cap"),
            ("ring", "p=0.5&shadow=\(script)", "shadow"), ("ring", "p=0.5&theme=\(script)", "theme"),
            ("ring", "p=0.5&labelColor=\(script)", "labelColor"), ("ring", "p=0.5&animate=\(script)", "animate"),
            ("ring", "p=0.5&duration=\(script)", "duration"), ("ring", "p=0.5&format=\(script)", "format"),
            ("ring", "p=0.5&label=%E2%80%AEevil", "label"), ("ring", "p=0.5&label=" + String(repeating: "A", count: 25), "label"),
            ("ring", "p=0.5&title=" + String(repeating: "t", count: 201), "title"), ("ring", "p=0.5&title=a%07b", "title"),
            ("ring", "p=0.5&value=1&total=2", "value"), ("ring", "value=\(script)&total=2", "value"),
            ("ring", "value=1&total=\(script)", "total"), ("ring", "p=0.5&color=" + String(repeating: "f", count: 10_000), "color"),
            ("ring", "p=0.5&gradient=red,red,red,red,red,red,red,red,red", "gradient"),
            ("activity", "p=0.1,0.2,0.3,0.4,0.5,0.6,0.7,0.8,0.9", "p"), ("activity", "p=\(script)", "p"),
            ("activity", "p=0.5&colors=\(script)", "colors"), ("activity", "p=0.5&tracks=\(closeSVG)", "tracks"),
            ("activity", "p=0.5&gap=\(script)", "gap"), ("activity", "move=\(script)", "move"),
            ("activity", "p=0.5&exercise=0.5", "exercise"), ("petals", "p=0.5&petals=\(script)", "petals"),
            ("petals", "p=0.5&petals=25", "petals"), ("petals", "p=0.5&color=\(closeSVG)", "color"),
            ("pie", "p=0.5&border=\(script)", "border"), ("pie", "p=0.5&borderWidth=\(script)", "borderWidth"),
            ("pie", "p=\(closeSVG)", "p"), ("check", "shape=\(script)", "shape"), ("check", "from=\(script)", "from"),
            ("check", "to=\(closeSVG)", "to"), ("check", "stroke=\(script)", "stroke"), ("check", "ratio=\(script)", "ratio"),
            ("check", "ratio=0.95", "ratio"), ("check", "bounce=\(script)", "bounce"), ("check", "size=99999", "size"),
        ]
        c += [
            ("badge", "", "p"), ("badge", "p=\(script)", "p"), ("badge", "value=1&total=\(script)", "total"),
            ("badge", "p=0.5&label=%E2%80%AEevil", "label"), ("badge", "p=0.5&message=%E2%81%A6x", "message"),
            ("badge", "p=0.5&message=" + String(repeating: "A", count: 25), "message"),
            ("badge", "p=0.5&label=%F0%9F%98%80", "label"), ("badge", "p=0.5&color=\(script)", "color"),
            ("badge", "p=0.5&labelColor=\(closeSVG)", "labelColor"), ("badge", "p=0.5&style=\(script)", "style"),
            ("badge", "p=0.5&style=social", "style"), ("badge", "p=0.5&arc=\(script)", "arc"),
            ("badge", "p=0.5&track=\(closeSVG)", "track"), ("badge", "p=0.5&cap=\(script)", "cap"),
            ("badge", "p=0.5&theme=\(script)", "theme"), ("badge", "p=0.5&scale=9", "scale"),
        ]
        c += ["ring", "activity", "petals", "pie", "check"].map { ($0, "size=0&p=0.5", "size") }
        return c
    }()

    let app = RingApplication()

    func get(_ route: String, _ query: String, accept: String) -> HTTPResponse {
        app.respond(to: HTTPRequest(
            method: .get, target: "/\(route)?\(query)", path: "/\(route)", query: query,
            headers: HTTPHeaders([("Host", "x"), ("Accept", accept)])))
    }

    @Test func atLeastSixtyCases() {
        #expect(Self.cases.count >= 60)
    }

    @Test(arguments: HostileInputTests.cases)
    func errorNamesTheParameter(route: String, query: String, parameter: String) throws {
        let text = get(route, query, accept: "*/*")
        #expect(text.status == .badRequest, "\(route)?\(query.prefix(80))")
        let message = String(decoding: text.body, as: UTF8.self)
        #expect(message.hasPrefix(parameter + ": got "), "\(route)?\(query.prefix(80)) → \(message.prefix(200))")
        #expect(message.count < 600, "messages stay short whatever the input")

        let image = get(route, query, accept: "image/*")
        #expect(image.status == .ok)
        #expect(image.headers["X-Ring-Error"]?.hasPrefix(parameter + ": got ") == true)
        try Self.assertWriterVocabulary(image.body)
    }

    /// Hostile text in parameters that accept free text must come out as escaped text or glyph paths.
    @Test(arguments: [HostileInputTests.script, HostileInputTests.closeSVG, "%26%3C!--%20x", "%5D%5D%3E"])
    func hostileTextInValidParametersStaysText(_ hostile: String) throws {
        for (route, base) in [("ring", "p=0.5"), ("activity", "p=0.5,0.3"), ("petals", "p=0.5"), ("pie", "p=0.5"), ("check", "")] {
            let r = get(route, base + "&title=\(hostile)&label=\(hostile.prefix(24))", accept: "image/*")
            try Self.assertWriterVocabulary(r.body)
        }
        // A badge's two texts too, in every style.
        for style in BadgeLook.allCases {
            let query = "p=0.5&style=\(style.rawValue)&title=\(hostile)&label=\(hostile.prefix(24))&message=\(hostile.prefix(24))"
            let r = get("badge", query, accept: "image/*")
            #expect(r.status == .ok, "badge?\(query)")
            #expect(r.headers["X-Ring-Error"] == nil, "badge?\(query)")
            try Self.assertWriterVocabulary(r.body)
        }
    }

    /// Parses `body` with a real XML parser (libxml2 through FoundationXML) and checks every element name.
    static func assertWriterVocabulary(_ body: [UInt8], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let collector = ElementCollector()
        let parser = XMLParser(data: Data(body))
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed XML: \(String(describing: parser.parserError))", sourceLocation: sourceLocation)
        #expect(collector.names.first == "svg", sourceLocation: sourceLocation)
        let foreign = Set(collector.names).subtracting(vocabulary)
        #expect(foreign.isEmpty, "elements outside the writer's vocabulary: \(foreign)", sourceLocation: sourceLocation)
        // `<use>` places an outline defined in the same document, and nothing else.
        for href in collector.references {
            #expect(href.hasPrefix("#") && href.dropFirst().allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" },
                    "a reference out of the document: \(href)", sourceLocation: sourceLocation)
        }
    }
}

final class ElementCollector: NSObject, XMLParserDelegate {
    var names: [String] = []
    /// Every `href` and `xlink:href` value.
    var references: [String] = []
    func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        names.append(name)
        references += attributes.filter { $0.key == "href" || $0.key.hasSuffix(":href") }.map(\.value)
    }
}
