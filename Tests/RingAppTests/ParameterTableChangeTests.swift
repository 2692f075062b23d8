import Foundation
import Testing
@testable import RingApp

/// Acceptance (issue 7): changing a range in the parameter table changes the decoder's behaviour, its error
/// message, `/openapi.json` and the README reference, with no other edit. The table is an input of each (the
/// standard table by default), so a changed copy shows all of them follow it.
@Suite struct ParameterTableChangeTests {
    /// `petals` 4…24 → 4…12 (a route's own row) and `size` 16…2048 → 16…1000 (a common row).
    static let changed = ParameterTable.standard
        .replacingKind(of: "petals", with: .integer(4...12))
        .replacingKind(of: "size", with: .number(16...1000, unit: "px"))

    static func decode(_ route: ImageRoute, _ query: String, _ table: ParameterTable) throws(QueryError) {
        _ = try QueryDecoder.decode(route: route, query: QueryString(parsing: query), table: table)
    }

    static func schema(_ table: ParameterTable, _ component: String) -> [String: Any] {
        let text = OpenAPIDocument.json(table: table, indexContentType: "text/plain").text
        let document = (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any] ?? [:]
        let parameters = (document["components"] as? [String: Any])?["parameters"] as? [String: Any]
        return (parameters?[component] as? [String: Any]) ?? [:]
    }

    @Test func theDecoderFollows() throws {
        try Self.decode(.petals, "p=0.5&petals=20", .standard)
        try Self.decode(.ring, "p=0.5&size=1500", .standard)
        #expect(throws: QueryError.self) { try Self.decode(.petals, "p=0.5&petals=20", Self.changed) }
        #expect(throws: QueryError.self) { try Self.decode(.ring, "p=0.5&size=1500", Self.changed) }
        // Inside the new ranges nothing changes.
        try Self.decode(.petals, "p=0.5&petals=12", Self.changed)
        try Self.decode(.activity, "p=0.5&size=1000", Self.changed)
    }

    @Test func theErrorMessageFollows() {
        let petals = #expect(throws: QueryError.self) { try Self.decode(.petals, "p=0.5&petals=30", Self.changed) }
        #expect(petals?.message == "petals: got \"30\"; expected a whole number 4…12")
        let standard = #expect(throws: QueryError.self) { try Self.decode(.petals, "p=0.5&petals=30", .standard) }
        #expect(standard?.message == "petals: got \"30\"; expected a whole number 4…24")
        let size = #expect(throws: QueryError.self) { try Self.decode(.check, "size=5", Self.changed) }
        #expect(size?.message == "size: got \"5\"; expected a number 16…1000 (px)")
    }

    @Test func openAPIFollows() {
        let petals = Self.schema(Self.changed, "petals.petals")
        #expect((petals["schema"] as? [String: Any])?["maximum"] as? Int == 12)
        #expect((petals["description"] as? String)?.contains("a whole number 4…12") == true)
        let size = Self.schema(Self.changed, "common.size")
        #expect((size["schema"] as? [String: Any])?["maximum"] as? Int == 1000)
        #expect((size["description"] as? String)?.contains("a number 16…1000 (px)") == true)
        // The standard document still says what the standard table says.
        #expect((Self.schema(.standard, "petals.petals")["schema"] as? [String: Any])?["maximum"] as? Int == 24)
        #expect((Self.schema(.standard, "common.size")["schema"] as? [String: Any])?["maximum"] as? Int == 2048)
    }

    @Test func theReadmeReferenceFollows() {
        let markdown = ParameterDocs.markdown(table: Self.changed)
        #expect(markdown.contains("| `petals` | a whole number 4…12 |"))
        #expect(markdown.contains("| `size` | a number 16…1000 (px) |"))
        #expect(!markdown.contains("4…24") && !markdown.contains("16…2048"))
        #expect(ParameterDocs.markdown().contains("| `petals` | a whole number 4…24 |"))
    }

    @Test func replacingKindChangesOnlyThatRow() {
        for route in ImageRoute.allCases {
            let before = ParameterTable.standard.parameters(for: route)
            let after = Self.changed.parameters(for: route)
            #expect(before.map(\.name) == after.map(\.name))
            for (b, a) in zip(before, after) where !["petals", "size"].contains(b.name) {
                #expect(b.kind.expectation == a.kind.expectation && b.doc == a.doc && b.defaultValue == a.defaultValue)
            }
        }
    }
}
