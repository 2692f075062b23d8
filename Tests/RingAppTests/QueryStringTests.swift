import Testing
@testable import RingApp

@Suite struct QueryStringTests {
    @Test func decodesPlusAndPercent() throws {
        let q = try QueryString(parsing: "label=a+b%2Fc&title=%E2%9C%93&empty=&flag")
        #expect(q["label"] == "a b/c")
        #expect(q["title"] == "✓")
        #expect(q["empty"] == "")
        #expect(q["flag"] == "")
        #expect(q["missing"] == nil)
    }

    @Test(arguments: ["p=%", "p=%4", "p=%zz", "p=%C3%28", "%ZZ=1"])
    func rejectsBrokenEncoding(_ raw: String) {
        #expect(throws: QueryError.self) { try QueryString(parsing: raw) }
    }

    @Test func repeatedNameIsAnErrorNamingIt() {
        do {
            _ = try QueryString(parsing: "p=0.5&size=64&p=0.7")
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == "p")
            #expect(error.message.contains("once"))
        }
    }

    @Test func overlongValueIsRejectedWithoutEchoingIt() {
        let raw = "label=" + String(repeating: "x", count: 10_000)
        do {
            _ = try QueryString(parsing: raw)
            Issue.record("expected an error")
        } catch {
            #expect(error.parameter == "label")
            #expect(error.message.count < 200)
        }
    }
}
