import Foundation
import Testing
@testable import RingApp

/// The README's parameter reference is generated from the parameter table; this fails when it is stale
/// (run `scripts/update-readme`).
@Suite struct ReadmeTests {
    static let readme = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("README.md")

    @Test func parameterReferenceIsCurrent() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        let generated = ParameterDocs.markdown()
        #expect(text.contains(generated), "README.md is stale: run scripts/update-readme")
    }

    @Test func everyParameterAndRouteIsDocumented() {
        let md = ParameterDocs.markdown()
        for route in ImageRoute.allCases {
            #expect(md.contains("### `/\(route.rawValue)`"))
            for p in route.parameters { #expect(md.contains("| `\(p.name)` |")) }
        }
    }

    /// Changing a range in the table changes the docs (the table is the only source).
    @Test func docsQuoteTheTableRanges() {
        #expect(ParameterDocs.markdown().contains("a number 16…2048 (px)"))
        #expect(ParameterDocs.markdown().contains("a whole number 4…24"))
    }
}
