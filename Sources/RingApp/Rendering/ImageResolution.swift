import RingCore

/// What an image route's path and query ask for, decided the one way the server decides it (docs/design.md §Routes and formats):
/// the route, the format (the extension wins, else `format=`, else SVG) and the validated spec, or the
/// error the request gets.
///
/// ``RingApplication`` and ``OfflineRender`` (`ringd render`) both start here, so a query means the same
/// picture, or the same error, with or without a server.
enum ImageResolution {
    /// The path names no image route (the server answers 404).
    case notFound
    /// The query cannot become a picture. `format` and `strict` shape the error response (text or image).
    case invalid(QueryError, route: ImageRoute, format: OutputFormat, strict: Bool)
    /// A valid request: the picture of `spec` in `format`; `strict` shapes an error found later (the render
    /// memory budget); `ignored` names the query's parameters the route does not read (``IgnoredParameters``).
    case image(RingSpec, route: ImageRoute, format: OutputFormat, strict: Bool, ignored: [String])
    /// The values come from a `src` document (docs/design.md §Sources): `query` is decoded once the document is at hand.
    case source(SourceQuery, query: QueryString, route: ImageRoute, format: OutputFormat, strict: Bool)

    /// Resolves a request's path (still percent-encoded, as the parser leaves it) and raw query.
    ///
    /// `defaultFormat` is the format when neither the path's extension nor `format=` names one: SVG on the server;
    /// `ringd render -o out.png` passes the output file's.
    init(
        path: String, query: String?, table: ParameterTable = .standard, typeface: Typeface = .system,
        defaultFormat: OutputFormat = .svg
    ) {
        guard let target = ImageTarget(path: path) else {
            self = .notFound
            return
        }
        let parsed: QueryString
        do {
            let asked = try QueryString(parsing: query)
            if let path = target.badgePath { parsed = try BadgePath.merged(path, into: asked) } else { parsed = asked }
        } catch {
            self = .invalid(error, route: target.route, format: target.format ?? defaultFormat, strict: false)
            return
        }
        let format = Self.statedFormat(target, parsed) ?? defaultFormat
        let strict = QueryDecoder.isStrict(parsed, route: target.route, table: table)
        do {
            if let source = try SourceQuery.parse(parsed) {
                self = .source(source, query: parsed, route: target.route, format: format, strict: strict)
                return
            }
        } catch {
            self = .invalid(error, route: target.route, format: format, strict: strict)
            return
        }
        do {
            let spec = try QueryDecoder.decode(route: target.route, query: parsed, table: table, typeface: typeface)
            let ignored = IgnoredParameters.names(in: parsed, route: target.route, table: table)
            if strict, let first = ignored.first {
                let error = IgnoredParameters.refusal(first, route: target.route, table: table)
                self = .invalid(error, route: target.route, format: format, strict: strict)
                return
            }
            self = .image(spec, route: target.route, format: format, strict: strict, ignored: ignored)
        } catch {
            self = .invalid(error, route: target.route, format: format, strict: strict)
        }
    }

    /// The format a request names itself: its path's extension, else `format=` (when it is a format), else nil.
    static func statedFormat(_ target: ImageTarget, _ query: QueryString) -> OutputFormat? {
        target.format ?? query["format"].flatMap { OutputFormat(rawValue: $0.lowercased()) }
    }
}
