import RingCore
import RingHTTP

/// The ringd responder: routes a request to health, an image route or 404, and applies the error policy
/// (DESIGN.md §4). Methods other than GET/HEAD never reach it: the server answers those.
public struct RingApplication: HTTPResponder {
    public let configuration: AppConfiguration
    let renderer: ImageRenderer

    public init(configuration: AppConfiguration = AppConfiguration()) {
        self.configuration = configuration
        self.renderer = ImageRenderer()
    }

    public func respond(to request: HTTPRequest) -> HTTPResponse {
        switch request.path {
        case "/healthz":
            return .text(.ok, "ok", headers: HTTPHeaders([("Cache-Control", "no-store")]))
        case "/":
            return .text(.ok, Self.index)
        default:
            guard let target = ImageTarget(path: request.path) else {
                return .text(.notFound, "not found: \(Self.printable(request.path))\n")
            }
            return respondWithImage(target, request)
        }
    }

    func respondWithImage(_ target: ImageTarget, _ request: HTTPRequest) -> HTTPResponse {
        let query: QueryString
        do {
            query = try QueryString(parsing: request.query)
        } catch {
            return errorResponse(error, format: target.format ?? .svg, request: request, strict: false)
        }
        let format = target.format ?? query["format"].flatMap { OutputFormat(rawValue: $0.lowercased()) } ?? .svg
        let strict = query["strict"] == "1" || query["strict"] == "true"
        do {
            let spec = try QueryDecoder.decode(route: target.route, query: query)
            let image = try renderer.render(spec, format: format)
            var headers = HTTPHeaders([
                ("Content-Type", format.contentType),
                ("Cache-Control", "public, max-age=\(configuration.maxAge)"),
                ("ETag", "\"\(image.key.sha256.prefix(32))\""),
                ("Access-Control-Allow-Origin", "*"),
                ("X-Content-Type-Options", "nosniff"),
            ])
            if format == .svg {
                headers.add(name: "Content-Security-Policy", value: "default-src 'none'; style-src 'unsafe-inline'")
            }
            return HTTPResponse(status: .ok, headers: headers, body: image.body)
        } catch {
            return errorResponse(error, format: format, request: request, strict: strict)
        }
    }

    /// DESIGN.md §4: image clients (Accept names an image type) get 200 + an error image so the message is seen
    /// where the image would be; everyone else, or `strict=1`, gets 400 text.
    func errorResponse(_ error: QueryError, format: OutputFormat, request: HTTPRequest, strict: Bool) -> HTTPResponse {
        let message = error.message
        if !strict && Self.acceptsImage(request.headers) {
            let size = (try? QueryString(parsing: request.query))
                .flatMap { $0["size"] }.flatMap(ValueSyntax.decimal)
                .map { min(max($0, RingLimits.size.lowerBound), RingLimits.size.upperBound) } ?? 128
            let body = renderer.errorImage(message: message, size: size, format: format)
            return HTTPResponse(
                status: .ok,
                headers: HTTPHeaders([
                    ("Content-Type", body.format.contentType),
                    ("Cache-Control", "public, max-age=\(configuration.errorMaxAge)"),
                    ("X-Ring-Error", Self.headerSafe(message)),
                    ("Access-Control-Allow-Origin", "*"),
                    ("X-Content-Type-Options", "nosniff"),
                    ("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'"),
                ]),
                body: body.bytes)
        }
        return .text(.badRequest, message + "\n", headers: HTTPHeaders([
            ("X-Ring-Error", Self.headerSafe(message)),
            ("Cache-Control", "no-store"),
            ("Access-Control-Allow-Origin", "*"),
            ("X-Content-Type-Options", "nosniff"),
        ]))
    }

    /// True when an `Accept` media range names an image type (`image/*`, `image/png`, …) with non-zero q.
    static func acceptsImage(_ headers: HTTPHeaders) -> Bool {
        for value in headers.values(for: "Accept") {
            for range in value.split(separator: ",") {
                let parts = range.split(separator: ";")
                guard let type = parts.first?.trimmingCharacters(in: " \t").lowercased(), type.hasPrefix("image/") else {
                    continue
                }
                let q = parts.dropFirst().first { $0.trimmingCharacters(in: " \t").lowercased().hasPrefix("q=") }
                if let q, let v = Double(q.trimmingCharacters(in: " \t").dropFirst(2)), v <= 0 { continue }
                return true
            }
        }
        return false
    }

    /// Header values must be visible ASCII: anything else becomes `?`.
    static func headerSafe(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.prefix(300).map { (0x20...0x7E).contains($0.value) ? $0 : "?" }))
    }

    static func printable(_ s: String) -> String { headerSafe(String(s.prefix(100))) }

    static let index = """
        ringd: ring images over HTTP.
        GET /ring?p=0.7        progress ring (SVG; /ring.png for PNG)
        GET /activity?p=0.8,0.6,1.1
        GET /petals?p=0.8
        GET /pie?p=0.3
        GET /check
        GET /healthz

        """
}

extension StringProtocol {
    func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let f = s.first, set.contains(f) { s.removeFirst() }
        while let l = s.last, set.contains(l) { s.removeLast() }
        return String(s)
    }
}

/// `/ring`, `/ring.svg`, `/ring.png` → route and (optional) format from the extension.
struct ImageTarget: Hashable {
    let route: ImageRoute
    let format: OutputFormat?

    init?(path: String) {
        guard path.hasPrefix("/") else { return nil }
        var name = Substring(path.dropFirst())
        var format: OutputFormat?
        if let dot = name.lastIndex(of: ".") {
            guard let f = OutputFormat(rawValue: String(name[name.index(after: dot)...])) else { return nil }
            format = f
            name = name[..<dot]
        }
        guard let route = ImageRoute(rawValue: String(name)) else { return nil }
        self.route = route
        self.format = format
    }
}
