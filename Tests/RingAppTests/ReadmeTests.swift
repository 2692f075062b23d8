import Foundation
import Testing
@testable import RingApp

/// The URL reference (`docs/reference.md`) is generated from the parameter table; this fails when it is stale
/// (run `scripts/update-readme`). The README stays short and links to it.
@Suite struct ReadmeTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let readme = root.appendingPathComponent("README.md")
    static let reference = root.appendingPathComponent("docs/reference.md")

    @Test func parameterReferenceIsCurrent() throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        let generated = ParameterDocs.markdown()
        #expect(text.contains(generated), "docs/reference.md is stale: run scripts/update-readme")
    }

    /// Issue 15: the README is for users, under 20 KB, and starts with the two commands a newcomer needs.
    @Test func readmeIsShortAndStartsWithTheTwoCommands() throws {
        let text = try String(contentsOf: Self.readme, encoding: .utf8)
        #expect(text.utf8.count < 20_000, "README.md is \(text.utf8.count) bytes")
        let opening = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(20).joined(separator: "\n")
        #expect(opening.contains("scripts/setup serve && swift run ringd"))
        #expect(opening.contains("scripts/setup test && scripts/test"))
        #expect(text.contains("(docs/reference.md)"))
    }

    /// `.ci/run` runs exactly the README's test command.
    @Test func ciRunsTheReadmesTestCommand() throws {
        let ci = try String(contentsOf: Self.root.appendingPathComponent(".ci/run"), encoding: .utf8)
        #expect(ci.split(separator: "\n").contains("scripts/setup test && scripts/test"))
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
