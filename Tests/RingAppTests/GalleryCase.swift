import Foundation
import RingCore
import RingHTTP
import Testing
@testable import RingApp

/// One line of `scripts/gallery-cases.txt`: a name and a request target (`/ring?p=0.6&…`).
struct GalleryCase: CustomTestStringConvertible, Sendable {
    var name: String
    /// The route path without extension, e.g. `/ring`.
    var path: String
    /// The raw query, spaces encoded.
    var query: String

    var testDescription: String { name }

    /// The gallery file, found from this source file (no bundled resources).
    static let file = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/gallery-cases.txt")

    /// Every case of the gallery file, in file order.
    static let all: [GalleryCase] = {
        guard let text = try? String(contentsOf: file, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#"), let tab = line.firstIndex(of: "\t") else { return nil }
            let target = line[line.index(after: tab)...]
            let parts = target.split(separator: "?", maxSplits: 1)
            return GalleryCase(
                name: String(line[..<tab]), path: String(parts[0]),
                query: parts.count > 1 ? parts[1].replacingOccurrences(of: " ", with: "%20") : "")
        }
    }()

    /// The app's response for this case in `format` (the path gets the format's extension).
    func respond(_ app: RingApplication, format: OutputFormat, extraQuery: String = "") -> HTTPResponse {
        let query = query + extraQuery
        let path = path + "." + format.rawValue
        return app.respond(to: HTTPRequest(
            method: .get, target: path + "?" + query, path: path, query: query, headers: HTTPHeaders([("Host", "test")])))
    }

    /// The validated spec of this case.
    func spec() throws -> RingSpec {
        let route = try ImageRoute(rawValue: String(path.dropFirst())).orThrow("unknown route \(path)")
        return try QueryDecoder.decode(route: route, query: QueryString(parsing: query))
    }

    /// True when the case animates.
    var isAnimated: Bool { query.contains("animate=1") }
}

extension Optional {
    /// The value, or an error naming what is missing.
    func orThrow(_ message: String) throws -> Wrapped {
        guard let self else { throw TestFailure(message) }
        return self
    }
}

/// A failure with a message, for setup steps that cannot continue.
struct TestFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}
