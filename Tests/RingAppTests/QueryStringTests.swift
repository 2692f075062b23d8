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

    /// A `%` without two hex digits stays literal (WHATWG URL decoding), so `p=70%` works unescaped.
    @Test func lonepercentStaysLiteral() throws {
        let q = try QueryString(parsing: "p=70%&a=%4&b=%zz&c=%")
        #expect(q["p"] == "70%")
        #expect(q["a"] == "%4")
        #expect(q["b"] == "%zz")
        #expect(q["c"] == "%")
    }

    @Test(arguments: ["p=%C3%28", "%FF=1", "label=%E2%82"])
    func rejectsBytesThatAreNotUTF8(_ raw: String) {
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
