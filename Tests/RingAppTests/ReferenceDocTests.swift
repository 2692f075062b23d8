import Foundation
import RingCore
import RingHTTP
import Testing
@testable import RingApp

/// docs/ stays true to the code: `docs/reference.md`'s routes are the server's (its routes block is generated from
/// `/openapi.json` by `scripts/update-readme`), its label rule is the decoder's, and every section a comment cites in
/// docs/ exists. docs/ and the README hold references, not diaries.
@Suite struct ReferenceDocTests {
    static let root = ReadmeTests.root
    static let docs = root.appendingPathComponent("docs")

    static func read(_ relativePath: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(relativePath), encoding: .utf8)
    }

    /// The rows between the routes markers: each row's backquoted paths and its summary.
    static func routeRows() throws -> [(paths: [String], summary: String)] {
        let text = try read("docs/reference.md")
        let begin = try #require(text.range(of: "<!-- BEGIN ROUTES"))
        let end = try #require(text.range(of: "<!-- END ROUTES -->"))
        let block = text[begin.upperBound..<end.lowerBound]
        return block.split(separator: "\n").dropFirst().compactMap { line in
            let cells = line.split(separator: "|", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 4, cells[1].hasPrefix("`") else { return nil }
            let paths = cells[1].split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            }
            return (paths, cells[2])
        }
    }

    static var openAPIPaths: [(String, JSONValue)] {
        guard case .object(let paths)? = OpenAPIDocument.json(indexContentType: RingApplication.indexContentType)["paths"]
        else { return [] }
        return paths
    }

    @Test func routesBlockIsTheOpenAPIDocumentsPaths() throws {
        let rows = try Self.routeRows()
        let documented = rows.flatMap(\.paths)
        let served = Self.openAPIPaths.map(\.0)
        #expect(!served.isEmpty)
        #expect(Set(documented) == Set(served), "docs/reference.md's routes are stale: run scripts/update-readme")
        #expect(documented.count == Set(documented).count, "a route is listed twice")
        for row in rows {
            let item = Self.openAPIPaths.first { $0.0 == row.paths[0] }?.1
            guard case .string(let summary)? = item?["get"]?["summary"] else {
                Issue.record("\(row.paths[0]) has no GET summary in /openapi.json")
                continue
            }
            #expect(row.summary == summary, "\(row.paths[0]): run scripts/update-readme")
        }
    }

    /// Every route the router counts (``RequestRoute``) is documented, and every documented route is answered
    /// (anything but 404), so neither list can gain a route the other lacks.
    @Test func everyRouteIsDocumentedAndEveryDocumentedRouteAnswers() throws {
        let documented = Set(try Self.routeRows().flatMap(\.paths))
        for route in RequestRoute.allCases where route != .notFound {
            let path = switch route {
            case .index: "/"
            case .openapi: "/openapi.json"
            default: "/" + route.rawValue
            }
            #expect(documented.contains(path), "\(path) is served but not in docs/reference.md")
        }
        let app = RingApplication()
        for path in documented {
            #expect(app.respond(to: request(path)).status.code != 404, "\(path) is documented but not served")
        }
        #expect(app.respond(to: request("/not-a-route")).status.code == 404)
    }

    @Test func badgePathFormIsDocumentedAndServed() throws {
        let text = try Self.read("docs/reference.md")
        #expect(text.contains("`\(BadgePath.prefix)<label>-<message>-<color>`"))
        let response = RingApplication().respond(to: request(BadgePath.prefix + "build-passing-green"))
        #expect(response.status == .ok)
    }

    /// The reference's one line on labels states the rule the decoder enforces, in the decoder's own words.
    @Test func labelRuleIsTheDecoders() throws {
        let text = try Self.read("docs/reference.md")
        let lines = text.split(separator: "\n").filter { $0.hasPrefix("Labels ") }
        #expect(lines.count == 1, "docs/reference.md should state the label rule on one line starting 'Labels '")
        let rule = try #require(ImageRoute.ring.parameter("label")).kind.expectation
        #expect(rule.contains("\(RingLimits.labelLength) characters"))
        #expect(rule.contains("\(RingLimits.labelBytes) bytes"))
        #expect(lines.first?.contains(rule) == true, "the label rule in docs/reference.md differs from the decoder's: \(rule)")
    }

    /// Files under Sources, Tests, scripts and Fuzz that cite docs/.
    static func citingFiles() throws -> [(path: String, text: String)] {
        var files: [(String, String)] = []
        for folder in ["Sources", "Tests", "scripts", "Fuzz"] {
            let base = root.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            for case let url as URL in walker where !url.pathComponents.contains(".build") {
                // Scripts without an extension are code too; elsewhere such files are data (fuzz corpora).
                let kinds = folder == "scripts" ? ["swift", "py", ""] : ["swift", "py"]
                guard kinds.contains(url.pathExtension),
                      let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
                files.append((url.path.replacingOccurrences(of: root.path + "/", with: ""), text))
            }
        }
        return files
    }

    /// The headings of a Markdown file in docs/, without their `#`s.
    static func headings(_ name: String) throws -> [String] {
        try read("docs/" + name).split(separator: "\n").filter { $0.hasPrefix("#") }
            .map { $0.drop { $0 == "#" }.trimmingCharacters(in: .whitespaces) }
    }

    /// A citation of design.md by section sign, or of another docs/ file by a quoted section name, names a heading
    /// of that file.
    @Test func citedSectionsExist() throws {
        let design = try Self.headings("design.md")
        var cited = 0
        for (path, text) in try Self.citingFiles() {
            for range in text.ranges(of: "docs/design.md" + " §") {
                cited += 1
                let rest = text[range.upperBound...].prefix(80)
                #expect(design.contains { rest.hasPrefix($0) }, "\(path): \(rest.prefix(40)) is no heading of docs/design.md")
            }
            for match in text.matches(of: /docs\/([a-z]+\.md), "([^"]+)"/) {
                cited += 1
                let heads = try Self.headings(String(match.output.1))
                #expect(heads.contains(String(match.output.2)), "\(path): \(match.output.2) is no heading of \(match.output.1)")
            }
        }
        #expect(cited > 50)
    }

    /// The design notes live in the repository: no citation points at a design card or research report outside it.
    @Test func noCitationPointsOutsideTheRepository() throws {
        let outside = ["DESIGN", "rendering", "http-server"].map { $0 + ".md" }
        for (path, text) in try Self.citingFiles() {
            for name in outside {
                for range in text.ranges(of: name) where !text[..<range.lowerBound].hasSuffix("docs/") {
                    Issue.record("\(path) cites \(name) outside docs/")
                }
            }
        }
        #expect(!(try Self.read("docs/architecture.md")).contains("workspace"))
    }

    /// docs/ and the README say what holds: no dated entries, no numbered work periods.
    @Test func docsHoldNoDiary() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.docs.path).filter { $0.hasSuffix(".md") }
        #expect(names.contains("performance.md"))
        let ordinals = "first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|thirteenth|fourteenth"
        let period = try Regex("(?i)\\b(this|\(ordinals)|last|previous|next) (session|work period)")
        for name in names.map({ "docs/" + $0 }) + ["README.md"] {
            let text = try Self.read(name)
            #expect(text.firstMatch(of: /\b20\d\d-[01]\d-[0-3]\d\b/) == nil, "\(name) holds a dated entry")
            #expect(text.firstMatch(of: period) == nil, "\(name) numbers work periods")
        }
        for name in ["performance.md", "reliability.md"] {
            #expect(try Self.read("docs/" + name).utf8.count <= 15_000, "docs/\(name) is over 15 000 bytes")
        }
    }
}
