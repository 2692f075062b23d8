import RingCore

/// `GET /openapi.json`: an OpenAPI 3.1 description of every route, generated from the parameter table, so the
/// document, the decoder, its error messages and the README reference cannot disagree.
///
/// Each image route appears three times (`/ring`, `/ring.svg`, `/ring.png`), each with GET and HEAD, every
/// parameter with a schema (type, range or options, pattern), its default where the table's default is a
/// value the decoder takes, an example and the table's one-line doc.
public enum OpenAPIDocument {
    /// The version of the URL contract this document describes.
    public static let apiVersion = "1.0.0"

    /// The document for `table`; `indexContentType` is the media type `/` answers with.
    public static func json(table: ParameterTable = .standard, indexContentType: String) -> JSONValue {
        var paths: [(String, JSONValue)] = []
        for route in ImageRoute.allCases {
            for format in [nil] + OutputFormat.allCases.map(Optional.some) {
                let path = "/" + route.rawValue + (format.map { "." + $0.rawValue } ?? "")
                paths.append((path, pathItem { imageOperation(route, format: format, table: table, method: $0) }))
            }
        }
        paths.append(("/", pathItem { method in
            operation(method, id: "index", summary: "The URL builder page.", parameters: [], responses: [
                ("200", ["description": "The page.", "content": [mediaType(indexContentType): [:]]]),
                ("304", ["description": "Not modified: If-None-Match lists the page's entity tag."]),
                ("429", ["$ref": "#/components/responses/OverShare"]),
            ("503", ["$ref": "#/components/responses/Overloaded"]),
            ])
        }))
        paths.append(("/openapi.json", pathItem { method in
            operation(method, id: "openapi", summary: "This document (OpenAPI 3.1).", parameters: [], responses: [
                ("200", ["description": "The OpenAPI document.", "content": ["application/json": [
                    "schema": ["type": "object", "required": ["openapi", "info", "paths"]],
                ]]]),
                ("429", ["$ref": "#/components/responses/OverShare"]),
            ("503", ["$ref": "#/components/responses/Overloaded"]),
            ])
        }))
        paths.append(("/healthz", pathItem { method in
            operation(method, id: "healthz", summary: "Liveness: the text ok.", parameters: [], responses: [
                ("200", ["description": "ok", "content": ["text/plain": ["schema": ["const": "ok"]]]]),
                ("429", ["$ref": "#/components/responses/OverShare"]),
            ("503", ["$ref": "#/components/responses/Overloaded"]),
            ])
        }))
        paths.append(("/readyz", pathItem { method in
            operation(method, id: "readyz", summary: "Readiness: 200 while serving, 503 once a drain has begun (SIGTERM).",
                      parameters: [], responses: [
                ("200", ["description": "ready", "content": ["text/plain": ["schema": ["type": "string"]]]]),
                ("429", ["$ref": "#/components/responses/OverShare"]),
                ("503", ["description": "Draining before shutdown (or overloaded): send new requests elsewhere.",
                         "content": ["text/plain": ["schema": ["type": "string"]]]]),
            ])
        }))
        paths.append(("/metrics", pathItem { method in
            operation(method, id: "metrics", summary: "Counters and histograms in the Prometheus text format.",
                      parameters: [], responses: [
                ("200", ["description": "Prometheus text exposition format 0.0.4.",
                         "content": [mediaType(PrometheusText.contentType): ["schema": ["type": "string"]]]]),
                ("429", ["$ref": "#/components/responses/OverShare"]),
            ("503", ["$ref": "#/components/responses/Overloaded"]),
            ])
        }))
        return [
            "openapi": "3.1.0",
            "info": [
                "title": "ringd",
                "version": .string(apiVersion),
                "summary": "Ring images (progress rings, activity rings, petals, pies, checks) from one GET.",
                "description": .string(description),
                "license": ["name": "MIT", "identifier": "MIT"],
            ],
            "paths": .object(paths),
            "components": [
                "parameters": .object(parameterComponents(table)),
                "schemas": .object(OpenAPISchemas.components),
                "headers": .object(headerComponents),
                "responses": .object(responseComponents),
            ],
        ]
    }

    static let description = """
        Every image route answers GET and HEAD. The format is the path's extension (.svg or .png), else the \
        format parameter, else SVG. Query parameters a route does not read are ignored and named in \
        X-Ring-Ignored (strict=1 refuses them, suggesting the nearest name). /badge also takes shields' path form, \
        /badge/<label>-<message>-<color> (or <message>-<color>; -- is a dash, __ an underscore, _ a space), with an \
        optional .svg or .png. A bad parameter gets status 400 with \
        a one-line text/plain message naming it, what was given and what is accepted; a request whose Accept \
        names an image type (and no strict=1) gets status 200 with an error picture and the message in \
        X-Ring-Error instead. Any other path gets 404 text/plain. Pictures carry a strong ETag \
        (If-None-Match gives 304) and SVG is gzip-coded when Accept-Encoding allows it. 503 with Retry-After \
        means the server is busy. OPTIONS on an image route or /openapi.json is a CORS preflight: 204 with \
        Access-Control-Allow-Origin: *, the allowed methods and headers, and Access-Control-Max-Age. An error's \
        X-Ring-Error is ASCII; when the message is not, X-Ring-Error* carries it exactly (RFC 8187: UTF-8'' and \
        the percent-encoded bytes).
        """

    /// A path item answering GET and HEAD alike.
    static func pathItem(_ operation: (String) -> JSONValue) -> JSONValue {
        ["get": operation("get"), "head": operation("head")]
    }

    static func operation(
        _ method: String, id: String, summary: String, parameters: [JSONValue], responses: [(String, JSONValue)]
    ) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("operationId", .string(method + "_" + id)),
            ("summary", .string(method == "head" ? "Headers only: " + summary : summary)),
        ]
        if !parameters.isEmpty { members.append(("parameters", .array(parameters))) }
        members.append(("responses", .object(responses)))
        return .object(members)
    }

    /// A media type object key without parameters (`text/plain; charset=utf-8` → `text/plain`).
    static func mediaType(_ contentType: String) -> String {
        String(contentType.prefix { $0 != ";" }).trimmingCharacters(in: " ")
    }

    static func imageOperation(_ route: ImageRoute, format: OutputFormat?, table: ParameterTable, method: String) -> JSONValue {
        let formats = format.map { [$0] } ?? OutputFormat.allCases
        let id = route.rawValue + (format.map { "_" + $0.rawValue } ?? "")
        // The route's own rows, then the common rows it takes (a route's own row of a common name replaces it).
        let own = Set(table.specificParameters(to: route).map(\.name))
        let refs = table.parameters(for: route).map {
            componentRef((own.contains($0.name) ? route.rawValue : "common") + "." + $0.name)
        }
            + [componentRef("If-None-Match"), componentRef("Accept-Encoding")]
        var content: [(String, JSONValue)] = []
        for f in formats { content.append((f.contentType, ["schema": ["type": "string", "contentMediaType": .string(f.contentType)]])) }
        let summary = "The \(route.rawValue) picture" + (format.map { " as \($0.rawValue.uppercased())" } ?? " (SVG, or PNG with format=png)") + "."
        let imageHeaders: JSONValue = [
            "ETag": ["$ref": "#/components/headers/ETag"],
            "Cache-Control": ["$ref": "#/components/headers/Cache-Control"],
            "Access-Control-Allow-Origin": ["$ref": "#/components/headers/Access-Control-Allow-Origin"],
            "X-Content-Type-Options": ["$ref": "#/components/headers/X-Content-Type-Options"],
            "X-Ring-Error": ["$ref": "#/components/headers/X-Ring-Error"],
            "X-Ring-Error*": ["$ref": "#/components/headers/X-Ring-Error-Exact"],
            "X-Ring-Ignored": ["$ref": "#/components/headers/X-Ring-Ignored"],
        ]
        return operation(method, id: id, summary: summary, parameters: refs, responses: [
            ("200", [
                "description": .string("The picture; or, for a request whose Accept names an image type, an error picture "
                    + "with the message in X-Ring-Error."),
                "headers": imageHeaders,
                "content": .object(content),
            ]),
            ("304", [
                "description": "Not modified: If-None-Match lists the picture's entity tag (or is *).",
                "headers": [
                    "ETag": ["$ref": "#/components/headers/ETag"],
                    "Cache-Control": ["$ref": "#/components/headers/Cache-Control"],
                ],
            ]),
            ("400", ["$ref": "#/components/responses/BadRequest"]),
            ("414", ["$ref": "#/components/responses/URITooLong"]),
            ("429", ["$ref": "#/components/responses/OverShare"]),
            ("431", ["$ref": "#/components/responses/HeadersTooLarge"]),
            ("502", ["$ref": "#/components/responses/SourceFailed"]),
            ("503", ["$ref": "#/components/responses/Overloaded"]),
            ("504", ["$ref": "#/components/responses/SourceTimedOut"]),
        ])
    }

    static func componentRef(_ name: String) -> JSONValue {
        ["$ref": .string("#/components/parameters/" + name)]
    }

    /// Every table row as a query parameter component: `<route>.<name>` and `common.<name>`.
    static func parameterComponents(_ table: ParameterTable) -> [(String, JSONValue)] {
        var out: [(String, JSONValue)] = []
        for route in ImageRoute.allCases {
            for row in table.specificParameters(to: route) {
                out.append((route.rawValue + "." + row.name, parameter(row)))
            }
        }
        for row in table.commonParameters {
            out.append(("common." + row.name, parameter(row)))
        }
        out.append(("If-None-Match", [
            "name": "If-None-Match", "in": "header", "required": false,
            "description": "Entity tags of copies the client holds; a match (or *) gives 304.",
            "schema": ["type": "string"], "example": "\"0123456789abcdef0123456789abcdef\"",
        ]))
        out.append(("Accept-Encoding", [
            "name": "Accept-Encoding", "in": "header", "required": false,
            "description": "gzip gets SVG gzip-coded (PNG is already compressed).",
            "schema": ["type": "string"], "example": "gzip",
        ]))
        return out
    }

    static func parameter(_ row: Parameter) -> JSONValue {
        var schema = OpenAPISchemas.schema(row.kind)
        var description = row.doc + " Accepts " + row.kind.expectation + "."
        switch row.omitted {
        case .value(let text):
            // The value the decoder reads when the parameter is left out: a `default` in the schema's own type.
            if case .object(var members) = schema {
                members.append(("default", OpenAPISchemas.value(text, for: row.kind)))
                schema = .object(members)
            }
        case .derived(let words):
            description += " Default: " + words + "."
        case .none:
            break
        }
        return [
            "name": .string(row.name),
            "in": "query",
            "required": false,
            "description": .string(description),
            "schema": schema,
            "example": OpenAPISchemas.value(row.example, for: row.kind),
        ]
    }

    static let headerComponents: [(String, JSONValue)] = [
        ("ETag", ["description": "Strong entity tag of the body (absent on error pictures).",
                  "schema": ["type": "string", "pattern": #"^"[0-9a-f]{32}(-gz)?"$"#]]),
        ("Cache-Control", ["description": "public, max-age=N on pictures (N configurable; 60 on error pictures).",
                           "required": true, "schema": ["type": "string"]]),
        ("Access-Control-Allow-Origin", ["required": true, "schema": ["const": "*"]]),
        ("X-Content-Type-Options", ["required": true, "schema": ["const": "nosniff"]]),
        ("X-Ring-Error", ["description": "The error message in ASCII, when the body is an error picture or a 400.",
                          "schema": ["type": "string"]]),
        // A component name may not contain "*" (OpenAPI 3.1: ^[a-zA-Z0-9._-]+$); the header it describes is X-Ring-Error*.
        ("X-Ring-Error-Exact", ["description": "The exact error message as an RFC 8187 ext-value, when X-Ring-Error lost anything.",
                           "schema": ["type": "string", "pattern": "^UTF-8''"]]),
        ("X-Ring-Ignored", ["description": "The query's parameters this route does not read (comma-separated), when any.",
                            "schema": ["type": "string"]]),
        ("Retry-After", ["description": "Seconds to wait before trying again.", "required": true,
                         "schema": ["type": "integer", "minimum": 0]]),
    ]

    static let responseComponents: [(String, JSONValue)] = [
        ("BadRequest", [
            "description": .string("A bad parameter (one line: the parameter, what was given, what is accepted), or a "
                + "malformed request."),
            "headers": [
                "X-Ring-Error": ["$ref": "#/components/headers/X-Ring-Error"],
                "X-Ring-Error*": ["$ref": "#/components/headers/X-Ring-Error-Exact"],
            ],
            "content": ["text/plain": ["schema": ["type": "string"]]],
        ]),
        ("SourceFailed", [
            "description": .string("The src document could not be used (the upstream failed, answered an error, sent "
                + "something other than JSON, or lacks the value): one line, \"src: …\"."),
            "headers": [
                "X-Ring-Error": ["$ref": "#/components/headers/X-Ring-Error"],
                "X-Ring-Error*": ["$ref": "#/components/headers/X-Ring-Error-Exact"],
            ],
            "content": ["text/plain": ["schema": ["type": "string"]]],
        ]),
        ("SourceTimedOut", [
            "description": "The src document did not arrive in time (2.5 s): one line, \"src: timed out …\".",
            "headers": [
                "X-Ring-Error": ["$ref": "#/components/headers/X-Ring-Error"],
                "X-Ring-Error*": ["$ref": "#/components/headers/X-Ring-Error-Exact"],
            ],
            "content": ["text/plain": ["schema": ["type": "string"]]],
        ]),
        ("URITooLong", [
            "description": "The request target is longer than the server accepts.",
            "content": ["text/plain": ["schema": ["type": "string"]]],
        ]),
        ("HeadersTooLarge", [
            "description": "The request's header fields are larger than the server accepts.",
            "content": ["text/plain": ["schema": ["type": "string"]]],
        ]),
        ("OverShare", [
            "description": .string("This client (its address, an IPv6 /64) already holds its share of the render or src "
                + "fetch queue or of the connections (--client-share); others are served. Retry after Retry-After seconds."),
            "headers": ["Retry-After": ["$ref": "#/components/headers/Retry-After"]],
            "content": ["text/plain": ["schema": ["type": "string"]]],
        ]),
        ("Overloaded", [
            "description": "Busy: too many pictures being drawn or too many connections; retry after Retry-After seconds.",
            "headers": ["Retry-After": ["$ref": "#/components/headers/Retry-After"]],
            "content": ["text/plain": ["schema": ["type": "string"]]],
        ]),
    ]
}
