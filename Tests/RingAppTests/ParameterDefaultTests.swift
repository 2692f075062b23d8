import Foundation
import RingCore
import RingHTTP
import Testing
@testable import RingApp

/// Parameter defaults are written once, in the parameter table: the decoder reads a row's default value as if the
/// query gave it, `/openapi.json` states it as the schema's `default`, and the reference prints it. For every row
/// of every route, leaving the parameter out and giving its stated default draw the same picture.
@Suite struct ParameterDefaultTests {
    /// The shortest query `route` draws with: nothing, or `p` at its example.
    static func base(_ route: ImageRoute, _ table: ParameterTable = .standard) -> String {
        if (try? QueryDecoder.decode(route: route, query: QueryString(parsing: ""), table: table)) != nil { return "" }
        return "p=" + (table.parameter("p", in: route)?.example ?? "")
    }

    static func decode(_ route: ImageRoute, _ query: String, _ table: ParameterTable = .standard) throws -> RingSpec {
        try QueryDecoder.decode(route: route, query: QueryString(parsing: query), table: table)
    }

    static func with(_ base: String, _ name: String, _ value: String) -> String {
        [base, name + "=" + OfflineRender.percentEncodingUnsafeBytes(Substring(value))].filter { !$0.isEmpty }
            .joined(separator: "&")
    }

    /// The `default` `/openapi.json` gives the component of `row` on `route`.
    static func openAPIDefault(_ document: [String: Any], _ route: ImageRoute, _ row: Parameter) -> Any? {
        let components = (document["components"] as? [String: Any])?["parameters"] as? [String: Any] ?? [:]
        let own = components[route.rawValue + "." + row.name] ?? components["common." + row.name]
        return ((own as? [String: Any])?["schema"] as? [String: Any])?["default"]
    }

    static func document(_ table: ParameterTable) -> [String: Any] {
        let text = OpenAPIDocument.json(table: table, indexContentType: "text/html").text
        return (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
    }

    /// Whether the JSON `value` is `text` as the row's kind reads it (a number for numeric kinds, else the string).
    static func states(_ value: Any?, _ text: String) -> Bool {
        if let number = value as? NSNumber, !(value is String) { return ValueSyntax.decimal(text) == number.doubleValue }
        return value as? String == text
    }

    @Test(arguments: ImageRoute.allCases)
    func theDecoderAndOpenAPIUseTheTablesDefault(_ route: ImageRoute) throws {
        let document = Self.document(.standard)
        let base = Self.base(route)
        let without = try Self.decode(route, base)
        var checked = 0
        for row in route.parameters {
            let openAPI = Self.openAPIDefault(document, route, row)
            guard case .value(let text) = row.omitted else {
                #expect(openAPI == nil, "\(route) \(row.name): a default in words is no schema default")
                continue
            }
            #expect(try Self.decode(route, Self.with(base, row.name, text)) == without, "\(route) \(row.name)=\(text)")
            #expect(Self.states(openAPI, text), "\(route) \(row.name): OpenAPI says \(String(describing: openAPI))")
            let lines = ParameterDocs.markdown().split(separator: "\n").filter { $0.hasPrefix("| `\(row.name)` |") }
            #expect(lines.contains { $0.contains(" | `\(text)` | ") }, "\(route) \(row.name): the reference's default")
            checked += 1
        }
        #expect(checked >= 6, "\(route): \(checked) rows with a default value")
    }

    /// Changing a default in the table changes the decoder's picture, the OpenAPI default and the reference together.
    @Test func aChangedDefaultReachesEveryConsumer() throws {
        let table = ParameterTable.standard
            .replacingDefault(of: "size", with: .value("200"))
            .replacingDefault(of: "start", with: .value("0"))
            .replacingDefault(of: "thickness", with: .value("20%"))
        let spec = try Self.decode(.ring, "p=0.5", table)
        #expect(spec.common.size == 200)
        guard case .ring(let ring) = spec.style else { Issue.record("not a ring"); return }
        #expect(ring.start == 0 && ring.thickness == .fraction(0.2))
        let document = Self.document(table)
        let size = try #require(table.parameter("size", in: .ring)), start = try #require(table.parameter("start", in: .ring))
        #expect(Self.states(Self.openAPIDefault(document, .ring, size), "200"))
        #expect(Self.states(Self.openAPIDefault(document, .ring, start), "0"))
        let markdown = ParameterDocs.markdown(table: table)
        #expect(markdown.contains("| `size` | a number 16…2048 (px) | `200` |"), "\(markdown.prefix(600))")
        // The standard table still draws its own defaults.
        #expect(try Self.decode(.ring, "p=0.5").common.size == ParameterTable.standard.commonDefault("size").flatMap(ValueSyntax.decimal))
    }

    /// An error card for an image client is as wide as the query's size, else the table's default size.
    @Test func anErrorCardTakesTheTablesDefaultSize() throws {
        let app = RingApplication()
        let side = try #require(ImageRoute.ring.parameter("size")?.defaultValue)
        for (query, width) in [("p=abc", side), ("p=abc&size=abc", side), ("p=abc&size=200", "200")] {
            let response = app.respond(to: request("/ring.svg?" + query, [("Accept", "image/svg+xml")]))
            let svg = String(decoding: response.body, as: UTF8.self)
            #expect(response.status == .ok && svg.contains("width=\"\(width)\""), "\(query): \(svg.prefix(120))")
        }
    }

    /// `strict` is read in one place: a strict query gets 400 text, a malformed strict value is refused by name.
    @Test func strictIsReadByTheFlagSyntax() throws {
        for (value, strict) in [("1", true), ("true", true), ("0", false), ("false", false), ("yes", false)] {
            let query = try QueryString(parsing: "p=0.5&strict=" + value)
            #expect(QueryDecoder.isStrict(query, route: .ring) == strict, "strict=\(value)")
        }
        let error = #expect(throws: QueryError.self) { try Self.decode(.ring, "p=0.5&strict=yes") }
        #expect(error?.parameter == "strict")
    }

    /// The builder's script takes its limits from the server's constants, injected when the page is generated.
    @Test func theBuilderScriptsLimitsAreTheServers() {
        let script = BuilderScript.source
        #expect(script.contains("MAX_NUMBER_LENGTH = \(ValueSyntax.maxNumberLength)"))
        #expect(script.contains("MAX_SIDE = \(RingLimits.maxPixelSide)"))
        #expect(script.contains("DEFAULT_SIZE = Number('\(ImageRoute.ring.parameter("size")?.defaultValue ?? "?")')"))
        for literal in ["|| 128", ", 4096)", "> 24 "] { #expect(!script.contains(literal), "\(literal)") }
    }
}
