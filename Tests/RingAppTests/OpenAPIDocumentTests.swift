import Foundation
import RingCore
import RingHTTP
import Testing
@testable import RingApp

/// `/openapi.json`: served once-built, and generated from the parameter table (routes, parameters, ranges,
/// options, defaults, examples, responses). scripts/check/openapi validates it with openapi-spec-validator and
/// runs schemathesis against a live server.
@Suite struct OpenAPIDocumentTests {
    let app = RingApplication()

    static func object(_ value: Any?) -> [String: Any] { value as? [String: Any] ?? [:] }

    // MARK: Serving

    @Test func servedPreparedWithValidatorsAndGzip() throws {
        let doc = OpenAPIJSON.served()
        let r = app.respond(to: request("/openapi.json"))
        #expect(r.status == .ok)
        #expect(r.isPrepared)
        #expect(r.headers["Content-Type"] == "application/json")
        #expect(r.headers["Access-Control-Allow-Origin"] == "*")
        #expect(r.body == Array(OpenAPIDocument.json(indexContentType: RingApplication.indexContentType).text.utf8))
        #expect(doc.root["openapi"] as? String == "3.1.0")
        let etag = try #require(r.headers["ETag"])
        #expect(app.respond(to: request("/openapi.json", [("If-None-Match", etag)])).status == .notModified)
        #expect(app.respond(to: request("/openapi.json", [("If-None-Match", "\"other\"")])).status == .ok)
        let gz = app.respond(to: request("/openapi.json", [("Accept-Encoding", "gzip")]))
        #expect(gz.headers["Content-Encoding"] == "gzip")
        #expect(gz.body.count < r.body.count / 4)
        let head = app.respond(to: request("/openapi.json", method: .head))
        #expect(head.headers["ETag"] == etag && head.headers["Content-Type"] == "application/json")
        // Built once: every answer shares the one prepared body.
        #expect(app.respond(to: request("/openapi.json")).body == r.body)
    }

    @Test func theIndexMediaTypeIsTheOneServed() {
        let doc = OpenAPIJSON.served()
        let served = app.respond(to: request("/")).headers["Content-Type"] ?? ""
        let documented = Self.object(Self.object(Self.object(Self.object(doc.paths["/"])["get"])["responses"])["200"])
        let media = Array(Self.object(documented["content"]).keys)
        #expect(media == [OpenAPIDocument.mediaType(served)])
    }

    // MARK: Routes and operations

    @Test func everyRouteInEveryFormWithGETAndHEAD() {
        let doc = OpenAPIJSON.served()
        var expected: Set<String> = ["/", "/openapi.json", "/healthz", "/readyz", "/metrics"]
        for route in ImageRoute.allCases {
            expected.formUnion(["/\(route)", "/\(route).svg", "/\(route).png"])
        }
        #expect(Set(doc.paths.keys) == expected)
        var ids: [String] = []
        for (path, item) in doc.paths {
            let methods = Set(Self.object(item).keys)
            #expect(methods == ["get", "head"], "\(path)")
            for method in methods {
                let operation = Self.object(Self.object(item)[method])
                ids.append(operation["operationId"] as? String ?? "")
                let responses = Self.object(operation["responses"])
                // 429 and 503: any connection may be refused at accept (its address's share, the cap).
                #expect(responses["200"] != nil && responses["429"] != nil && responses["503"] != nil, "\(method) \(path)")
            }
        }
        #expect(Set(ids).count == ids.count && !ids.contains(""))
    }

    @Test(arguments: ImageRoute.allCases)
    func imageResponsesByForm(_ route: ImageRoute) {
        let doc = OpenAPIJSON.served()
        for (suffix, types) in [("", ["image/svg+xml", "image/png"]), (".svg", ["image/svg+xml"]), (".png", ["image/png"])] {
            let operation = Self.object(Self.object(doc.paths["/\(route)\(suffix)"])["get"])
            let responses = Self.object(operation["responses"])
            #expect(Set(responses.keys) == ["200", "304", "400", "414", "429", "431", "502", "503", "504"])
            let ok = doc.resolve(responses["200"])
            #expect(Set(Self.object(ok["content"]).keys) == Set(types), "/\(route)\(suffix)")
            let notModified = doc.resolve(responses["304"])
            #expect(notModified["content"] == nil)
            #expect(Self.object(notModified["headers"])["ETag"] != nil)
            let bad = doc.resolve(responses["400"])
            #expect(Array(Self.object(bad["content"]).keys) == ["text/plain"])
            for status in ["429", "503"] {
                let busy = doc.resolve(responses[status])
                let retry = doc.resolve(Self.object(busy["headers"])["Retry-After"])
                #expect(retry["required"] as? Bool == true, "\(status)")
            }
        }
    }

    // MARK: Parameters from the table

    @Test(arguments: ImageRoute.allCases)
    func everyRowIsAParameterWithSchemaDocAndExample(_ route: ImageRoute) throws {
        let doc = OpenAPIJSON.served()
        for suffix in ["", ".svg", ".png"] {
            let parameters = doc.parameters("/\(route)\(suffix)")
            let query = parameters.filter { $0["in"] as? String == "query" }
            #expect(query.compactMap { $0["name"] as? String } == route.parameters.map(\.name))
            let headers = Set(parameters.filter { $0["in"] as? String == "header" }.compactMap { $0["name"] as? String })
            #expect(headers == ["If-None-Match", "Accept-Encoding"])
        }
        for (parameter, row) in zip(doc.parameters("/\(route)"), route.parameters) {
            let description = parameter["description"] as? String ?? ""
            #expect(description.contains(row.doc) && description.contains(row.kind.expectation), "\(row.name)")
            #expect(parameter["example"] != nil && parameter["required"] as? Bool == false)
            let schema = doc.resolve(parameter["schema"])
            try Self.expectSchema(schema, follows: row.kind, row.name, in: doc)
        }
    }

    /// Ranges, counts, lengths and options are the row's.
    static func expectSchema(_ schema: [String: Any], follows kind: ParameterKind, _ name: String, in doc: OpenAPIJSON) throws {
        func bounds(_ s: [String: Any]) -> (Double, Double)? {
            guard let lo = (s["minimum"] as? NSNumber)?.doubleValue, let hi = (s["maximum"] as? NSNumber)?.doubleValue
            else { return nil }
            return (lo, hi)
        }
        let branches = (schema["anyOf"] as? [Any] ?? []).map { doc.resolve($0) }
        switch kind {
        case .number(let r, _):
            #expect(schema["type"] as? String == "number")
            #expect(bounds(schema).map { $0 == (r.lowerBound, r.upperBound) } == true, "\(name)")
        case .integer(let r):
            #expect(schema["type"] as? String == "integer")
            #expect(bounds(schema).map { $0 == (Double(r.lowerBound), Double(r.upperBound)) } == true, "\(name)")
        case .progress(let r):
            #expect(bounds(branches.first ?? [:]).map { $0 == (r.lowerBound, r.upperBound) } == true, "\(name)")
        case .length(let px, _):
            #expect(bounds(branches.first ?? [:]).map { $0 == (px.lowerBound, px.upperBound) } == true, "\(name)")
        case .choice(let options):
            #expect(schema["enum"] as? [String] == options)
        case .flag:
            #expect(Set(schema["enum"] as? [String] ?? []).isSuperset(of: ["0", "1"]))
        case .text(let max, let label):
            // A label's bound in JSON Schema is its byte limit: schema lengths count code points, not characters.
            #expect(schema["maxLength"] as? Int == (label ? RingLimits.labelBytes : max))
        case .progressList(_, let count), .paintList(let count), .colorList(let count):
            let pattern = schema["pattern"] as? String ?? ""
            #expect(pattern.hasSuffix("){\(count.lowerBound - 1),\(count.upperBound - 1)}$"), "\(name): \(pattern)")
        case .color, .paint, .gradient:
            #expect(!branches.isEmpty || schema["$ref"] != nil || schema["anyOf"] != nil, "\(name)")
        case .url(let max):
            #expect(schema["type"] as? String == "string" && schema["maxLength"] as? Int == min(max, QueryString.maxValueBytes), "\(name)")
        case .jsonPath(let max):
            #expect(schema["type"] as? String == "string" && schema["maxLength"] as? Int == max, "\(name)")
        }
    }

    @Test func literalDefaultsAreTypedAndDescriptiveOnesStayInTheText() {
        let doc = OpenAPIJSON.served()
        let components = Self.object(Self.object(doc.root["components"])["parameters"])
        func parameter(_ name: String) -> [String: Any] { Self.object(components[name]) }
        #expect(Self.object(parameter("common.size")["schema"])["default"] as? Int == 128)
        #expect(Self.object(parameter("ring.dir")["schema"])["default"] as? String == "cw")
        #expect(Self.object(parameter("ring.thickness")["schema"])["default"] as? String == "12%")
        // "derived", "theme", "auto" describe a default; they are not values meaning it.
        for name in ["common.title", "common.labelColor", "activity.thickness", "pie.border", "ring.track"] {
            #expect(Self.object(parameter(name)["schema"])["default"] == nil, "\(name)")
            #expect((parameter(name)["description"] as? String)?.contains("Default: ") == true, "\(name)")
        }
    }

    /// Every example in the document is a value the decoder takes.
    @Test(arguments: ImageRoute.allCases)
    func examplesDecode(_ route: ImageRoute) throws {
        // Rows given instead of p (or with another row) are tried in the company they need.
        let company = ["value": "total=10", "total": "value=7", "move": "", "exercise": "", "stand": ""]
        let base = route == .check ? "" : "p=" + (route.parameter("p")?.example ?? "")
        for row in route.parameters where row.name != "p" {
            let companion = company[row.name] ?? base
            let query = [companion, row.name + "=" + OfflineRender.percentEncodingUnsafeBytes(Substring(row.example))]
                .filter { !$0.isEmpty }.joined(separator: "&")
            #expect(throws: Never.self, "\(route) \(query)") {
                try QueryDecoder.decode(route: route, query: QueryString(parsing: query))
            }
        }
    }

    /// Every value the decoder takes matches the parameter's schema: each query of the gallery and every name
    /// a colour parameter accepts. (Schema-valid values can still be refused: ranges inside patterns and
    /// combinations such as size × scale are beyond a schema; the document says so in its 400.)
    @Test func acceptedValuesMatchTheirSchemas() throws {
        let doc = OpenAPIJSON.served()
        var checked = 0
        for c in GalleryCase.all {
            let route = try #require(ImageRoute(rawValue: String(c.path.dropFirst())))
            let query = try QueryString(parsing: c.query)
            let parameters = doc.parameters(c.path)
            for (name, value) in query.items {
                let parameter = try #require(parameters.first { $0["name"] as? String == name }, "\(route) \(name)")
                #expect(try SchemaMatch.matches(value, doc.resolve(parameter["schema"]), in: doc), "\(c.name): \(name)=\(value)")
                checked += 1
            }
        }
        #expect(checked > 200)
        let color = doc.resolve(["$ref": "#/components/schemas/Color"])
        for name in NamedColors.allNames {
            #expect(try SchemaMatch.matches(name, color, in: doc), "\(name)")
            // Inside gradient and per-ring lists a name is matched by the colour-item pattern.
            #expect(name.wholeMatch(of: try Regex(OpenAPISchemas.colorItem)) != nil, "\(name)")
        }
    }

    /// Values the schema refuses, the decoder refuses too (what schemathesis' negative_data_rejection relies on).
    @Test(arguments: ImageRoute.allCases)
    func valuesOutsideTheSchemaAreRefused(_ route: ImageRoute) throws {
        let doc = OpenAPIJSON.served()
        let base = route == .check ? "" : "p=" + (route.parameter("p")?.example ?? "")
        let parameters = doc.parameters("/\(route)")
        for row in route.parameters where row.name != "p" {
            var bad: [String] = ["not a value!"]
            switch row.kind {
            case .number(let r, _): bad += [fmtNumber(r.upperBound * 2 + 1), fmtNumber(r.lowerBound - 1)]
            case .integer(let r): bad += [String(r.upperBound + 1), String(r.lowerBound - 1), "2.5"]
            case .choice: bad += ["zz"]
            case .flag: bad += ["2", "yes"]
            case .text(let max, let label):
                bad = [String(repeating: "a", count: (label ? RingLimits.labelBytes : max) + 1), "a\u{202E}b"]
            default: break
            }
            let schema = doc.resolve(try #require(parameters.first { $0["name"] as? String == row.name })["schema"])
            for value in bad {
                #expect(try !SchemaMatch.matches(value, schema, in: doc), "\(row.name)=\(value) matches the schema")
                let query = [base, row.name + "=" + OfflineRender.percentEncodingUnsafeBytes(Substring(value))]
                    .filter { !$0.isEmpty }.joined(separator: "&")
                #expect(throws: QueryError.self, "\(route) \(query)") {
                    try QueryDecoder.decode(route: route, query: QueryString(parsing: query))
                }
            }
        }
    }

    func fmtNumber(_ x: Double) -> String { x == x.rounded() ? String(Int(x)) : String(x) }
}

/// The subset of JSON Schema the generated document uses, applied to a query value (a string on the wire).
enum SchemaMatch {
    static func matches(_ value: String, _ schema: [String: Any], in doc: OpenAPIJSON) throws -> Bool {
        let schema = doc.resolve(schema)
        if let branches = schema["anyOf"] as? [Any] {
            var any = false
            for branch in branches where try matches(value, doc.resolve(branch), in: doc) { any = true }
            if !any { return false }
        }
        if let options = schema["enum"] as? [String], !options.contains(value) { return false }
        if let constant = schema["const"] as? String, constant != value { return false }
        if let max = schema["maxLength"] as? Int, value.unicodeScalars.count > max { return false }
        if let pattern = schema["pattern"] as? String, value.firstMatch(of: try Regex(pattern)) == nil { return false }
        switch schema["type"] as? String {
        case "number", "integer":
            guard let x = Double(value), x.isFinite else { return false }
            if schema["type"] as? String == "integer" && x != x.rounded() { return false }
            if let lo = (schema["minimum"] as? NSNumber)?.doubleValue, x < lo { return false }
            if let hi = (schema["maximum"] as? NSNumber)?.doubleValue, x > hi { return false }
        default:
            break
        }
        return true
    }
}

/// A parsed OpenAPI document (Foundation's JSON parser, independent of the writer that made it).
struct OpenAPIJSON {
    let root: [String: Any]

    /// `/openapi.json` as a fresh application serves it.
    static func served() -> OpenAPIJSON {
        let body = RingApplication().respond(to: request("/openapi.json")).body
        return OpenAPIJSON(root: (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: Any] ?? [:])
    }

    var paths: [String: Any] { OpenAPIDocumentTests.object(root["paths"]) }

    /// Follows local `$ref`s (`#/components/…`).
    func resolve(_ value: Any?) -> [String: Any] {
        var node = OpenAPIDocumentTests.object(value)
        while let ref = node["$ref"] as? String {
            node = ref.dropFirst(2).split(separator: "/")
                .reduce(root as Any) { OpenAPIDocumentTests.object($0)[String($1)] as Any } as? [String: Any] ?? [:]
        }
        return node
    }

    /// The parameters of an operation, references resolved.
    func parameters(_ path: String, _ method: String = "get") -> [[String: Any]] {
        let operation = OpenAPIDocumentTests.object(OpenAPIDocumentTests.object(paths[path])[method])
        return (operation["parameters"] as? [Any] ?? []).map { resolve($0) }
    }
}
