import RingCore

/// `ringd render`: a query drawn with no server, through the server's own decoding (``ImageResolution``)
/// and writers (``ImageRenderer``), so the bytes equal the body the server sends for the same query, and a
/// refused query gets the text of the server's 400 (or 404) answer.
public enum OfflineRender {
    /// A drawn picture: the exact bytes the server's 200 body carries (identity coding).
    public struct Image: Sendable {
        public let body: [UInt8]
        public let format: OutputFormat
        public let route: ImageRoute
    }

    /// A query the server would refuse: its status and the exact text of its answer's body.
    public struct Refusal: Error, Sendable, Equatable {
        /// 400 for a bad parameter, 404 for a path that names no image route.
        public let status: Int
        /// The server's response body, ending in a newline.
        public let text: String
    }

    /// Draws `query`: `ring.png?p=0.7`, `/ring?p=0.7&format=png`, or a whole `http://host/ring?…` URL.
    ///
    /// The query is read as the server reads a request target (see ``target(of:)``); format selection, defaults,
    /// validation and error texts are the server's. Image clients' error pictures do not apply: like curl or a
    /// script, `ringd render` gets the 400 text.
    ///
    /// `defaultFormat` applies when the query names no format (`ringd render -o out.png` passes PNG).
    public static func render(
        _ query: String, table: ParameterTable = .standard, defaultFormat: OutputFormat = .svg
    ) -> Result<Image, Refusal> {
        let target = target(of: query)
        switch ImageResolution(path: target.path, query: target.query, table: table, defaultFormat: defaultFormat) {
        case .notFound:
            return .failure(Refusal(status: 404, text: RingApplication.notFoundText(path: target.path)))
        case .invalid(let error, _, _, _):
            return .failure(Refusal(status: 400, text: RingApplication.badRequestText(error)))
        case .source:
            // Fetching is the server's, with its address policy and document cache; offline, give the values.
            let error = QueryError(parameter: "src", problem: "ringd render does not fetch documents; give the values in the query, or ask a running ringd")
            return .failure(Refusal(status: 400, text: RingApplication.badRequestText(error)))
        case .image(let spec, let route, let format, _, _):
            return .success(Image(body: ImageRenderer().render(spec, format: format).body, format: format, route: route))
        }
    }

    /// The format `query` names itself, as the server reads it (a `.png`/`.svg` extension on the route, else
    /// `format=png|svg`), or nil when it names none (or is no image route, or cannot be parsed: rendering it
    /// then says why).
    public static func statedFormat(of query: String) -> OutputFormat? {
        let target = target(of: query)
        guard let image = ImageTarget(path: target.path), let parsed = try? QueryString(parsing: target.query) else {
            return nil
        }
        return ImageResolution.statedFormat(image, parsed)
    }

    /// The path and query the server would see for `query`.
    ///
    /// A leading `http://host` or `https://host` is dropped and a missing leading `/` added. Characters a URL
    /// cannot carry raw are percent-encoded first, as a browser's address bar does: space, other controls and
    /// non-ASCII (as UTF-8), and `#`, which on a command line is a colour (`color=#f80`), never a fragment.
    /// The path ends at the first `?`; the rest is the query.
    public static func target(of query: String) -> (path: String, query: String?) {
        var text = Substring(query)
        for scheme in ["http://", "https://"] where text.lowercased().hasPrefix(scheme) {
            text = text.dropFirst(scheme.count)
            text = text.firstIndex(where: { $0 == "/" || $0 == "?" }).map { text[$0...] } ?? ""
        }
        let encoded = percentEncodingUnsafeBytes(text)
        let withSlash = encoded.hasPrefix("/") ? encoded : "/" + encoded
        guard let mark = withSlash.firstIndex(of: "?") else { return (withSlash, nil) }
        return (String(withSlash[..<mark]), String(withSlash[withSlash.index(after: mark)...]))
    }

    /// `text` with every byte that is not visible ASCII, and `#`, written as `%XX`.
    static func percentEncodingUnsafeBytes(_ text: Substring) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if byte > 0x20 && byte < 0x7F && byte != UInt8(ascii: "#") {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Longest readable part of a file name from ``fileName(for:format:)``, in bytes.
    public static let maxReadableNameBytes = 80

    /// A file name for `query`'s picture in `--out-dir`: deterministic, unique per query text, and safe.
    ///
    /// `<route>[_<query>]-<hash>.<ext>`: the route; the query with every run of characters other than ASCII
    /// letters, digits and `.,=+-` turned into one `_`, cut to ``maxReadableNameBytes``; the first 8 hex digits
    /// of the SHA-256 of the target as ``target(of:)`` makes it (so `ring?p=1` and `/ring?p=1` name one file,
    /// and queries the readable part cannot tell apart still get different names); the format's extension.
    /// The name never contains `/`, never starts with `.`, and stays under 110 bytes.
    public static func fileName(for query: String, format: OutputFormat) -> String {
        let target = target(of: query)
        let whole = target.path + (target.query.map { "?" + $0 } ?? "")
        let digest = ContentHash.hex(Array(whole.utf8)).prefix(8)
        var name = ImageTarget(path: target.path)?.route.rawValue ?? "image"
        var readable: [UInt8] = []
        var lastWasGap = false
        for byte in (target.query ?? "").utf8 {
            let keep = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || Array(".,=+-".utf8).contains(byte)
            if keep {
                readable.append(byte)
                lastWasGap = false
            } else if !lastWasGap {
                readable.append(UInt8(ascii: "_"))
                lastWasGap = true
            }
            if readable.count >= maxReadableNameBytes { break }
        }
        while readable.last == UInt8(ascii: "_") { readable.removeLast() }
        while readable.first == UInt8(ascii: "_") { readable.removeFirst() }
        if !readable.isEmpty { name += "_" + String(decoding: readable, as: UTF8.self) }
        return name + "-" + digest + "." + format.rawValue
    }
}
