import Testing
@testable import RingApp

private func pathError(_ text: String) -> JSONPathError? {
    do {
        _ = try JSONPath(parsing: text)
        return nil
    } catch {
        return error
    }
}

private func document(_ text: String) throws -> JSONDocument {
    try JSONDocument(parsing: Array(text.utf8))
}

private func evaluate(_ path: String, in text: String) throws -> JSONPathResult {
    try JSONPath(parsing: path).evaluate(document(text))
}

private func number(_ text: String, _ value: Double) -> JSONDocument {
    .number(JSONNumber(text: text, value: value))
}

private let refusalPrefix = "only $.name, ['name'] and [index] steps are supported; got "

@Suite("JSONPath: parsing")
struct JSONPathParsingTests {
    /// Query, its canonical form, and its steps.
    @Test(arguments: [
        ("$", "$", [JSONPath.Step]()),
        ("$.a.b[0].c", "$.a.b[0].c", [.member("a"), .member("b"), .index(0), .member("c")]),
        ("$['a']", "$.a", [.member("a")]),
        ("$[\"a\"]", "$.a", [.member("a")]),
        ("$['b c']", "$['b c']", [.member("b c")]),
        ("$.total.lines.pct", "$.total.lines.pct", [.member("total"), .member("lines"), .member("pct")]),
        ("$['total.lines.pct']", "$['total.lines.pct']", [.member("total.lines.pct")]),
        ("$.total-lines", "$.total-lines", [.member("total-lines")]),
        ("$.$schema", "$.$schema", [.member("$schema")]),
        ("$._x1", "$._x1", [.member("_x1")]),
        ("$.é.名前", "$.é.名前", [.member("é"), .member("名前")]),
        ("$.a1-2_3$", "$.a1-2_3$", [.member("a1-2_3$")]),
        ("$['0']", "$['0']", [.member("0")]),
        ("$['-a']", "$['-a']", [.member("-a")]),
        ("$['']", "$['']", [.member("")]),
        ("$['it\\'s']", "$[\"it's\"]", [.member("it's")]),
        ("$[\"it's\"]", "$[\"it's\"]", [.member("it's")]),
        ("$['a\\'b\"c']", "$['a\\'b\"c']", [.member("a'b\"c")]),
        ("$[\"a'b'\\\"c\"]", "$[\"a'b'\\\"c\"]", [.member("a'b'\"c")]),
        ("$[\"say \\\"hi\\\"\"]", "$['say \"hi\"']", [.member("say \"hi\"")]),
        ("$['say \\\"hi\\\"']", "$['say \"hi\"']", [.member("say \"hi\"")]),
        ("$['back\\\\slash']", "$['back\\\\slash']", [.member("back\\slash")]),
        ("$['a]b[c']", "$['a]b[c']", [.member("a]b[c")]),
        ("$['é']", "$.é", [.member("é")]),
        ("$[0]", "$[0]", [.index(0)]),
        ("$[-1]", "$[-1]", [.index(-1)]),
        ("$[10][-20]", "$[10][-20]", [.index(10), .index(-20)]),
        ("$[ 0 ]", "$[0]", [.index(0)]),
        ("$[\t'a'\n]", "$.a", [.member("a")]),
        ("$.data[0].pct", "$.data[0].pct", [.member("data"), .index(0), .member("pct")]),
        ("$[9007199254740991]", "$[9007199254740991]", [.index(9_007_199_254_740_991)]),
        ("$[-9007199254740991]", "$[-9007199254740991]", [.index(-9_007_199_254_740_991)]),
    ])
    func parsesAndDescribes(text: String, canonical: String, steps: [JSONPath.Step]) throws {
        let path = try JSONPath(parsing: text)
        #expect(path.steps == steps)
        #expect(path.description == canonical)
        // The canonical form reads back as the same path, and is its own canonical form.
        let again = try JSONPath(parsing: canonical)
        #expect(again == path)
        #expect(again.description == canonical)
    }

    @Test func canonicalFormOfAwkwardNamesRoundTrips() throws {
        let names = ["", "0", "1a", "-", "-1", "a b", "a.b", "'", "\"", "\\", "\\'", "']", "[0]", "$", "$.x", "é",
                     "a-", "_", "日本", "x\u{301}", "😀"]
        for name in names {
            let path = JSONPath(steps: [.member(name), .index(-3)])
            #expect(try JSONPath(parsing: path.description) == path, "\(path)")
        }
    }

    /// Syntax beyond the subset: refused with the subset named and the token that was given.
    @Test(arguments: [
        ("$..a", 1, ".."),
        ("$.a..b", 3, ".."),
        ("$.*", 2, "*"),
        ("$[*]", 2, "*"),
        ("$.a[*].b", 4, "*"),
        ("$[?(@.a)]", 2, "?"),
        ("$[?@.a>1]", 2, "?"),
        ("$[1:2]", 3, ":"),
        ("$[:2]", 2, ":"),
        ("$[-1:]", 4, ":"),
        ("$[0,1]", 3, ","),
        ("$['a','b']", 5, ","),
        ("$[ 'a' , 'b' ]", 7, ","),
    ])
    func refusesBeyondTheSubset(text: String, offset: Int, token: String) {
        #expect(pathError(text) == JSONPathError(offset: offset, problem: refusalPrefix + "\"\(token)\""))
    }

    @Test func refusalMessage() {
        #expect(pathError("$.tot..x")?.description
            == "query: only $.name, ['name'] and [index] steps are supported; got \"..\" at 5")
        #expect(JSONPathError(offset: 3, problem: "x").description == "query: x at 3")
    }

    @Test(arguments: [
        ("", 0, "must start with \"$\" (the whole document); got the end"),
        ("a.b", 0, "must start with \"$\" (the whole document); got \"a\""),
        (".a", 0, "must start with \"$\" (the whole document); got \".\""),
        (" $.a", 0, "must start with \"$\" (the whole document); got a space"),
        ("$a", 1, "expected \".\" or \"[\" after \"$\"; got \"a\""),
        ("$.a b", 3, "expected \".\" or \"[\" after a step; got a space"),
        ("$.a ", 3, "expected \".\" or \"[\" after a step; got a space"),
        ("$.length()", 8, "expected \".\" or \"[\" after a step; got \"(\""),
        ("$.a\u{0}", 3, "expected \".\" or \"[\" after a step; got U+0000"),
        ("$€", 1, "expected \".\" or \"[\" after \"$\"; got U+20AC"),
        ("$.", 2, "expected a name after \".\"; got the end"),
        ("$.a.", 4, "expected a name after \".\"; got the end"),
        ("$.[0]", 2, "expected a name after \".\"; got \"[\""),
        ("$.'a'", 2, "expected a name after \".\"; got \"'\""),
        ("$.-a", 2, "expected a name after \".\"; got \"-\""),
        ("$.1a", 2, "a name after \".\" cannot start with a digit; write [0] for an index or ['0'] for a member"),
        ("$.data.0", 7, "a name after \".\" cannot start with a digit; write [0] for an index or ['0'] for a member"),
        ("$[01]", 2, "an index cannot have a leading zero"),
        ("$[-01]", 2, "an index cannot have a leading zero"),
        ("$[-0]", 2, "-0 is not an index (write [0] for the first element, [-1] for the last)"),
        ("$[-]", 3, "expected a digit after \"-\"; got \"]\""),
        ("$[+1]", 2, "expected a quoted name or an index after \"[\"; got \"+\""),
        ("$[1", 3, "expected \"]\"; got the end"),
        ("$[1a]", 3, "expected \"]\"; got \"a\""),
        ("$[1.5]", 3, "expected \"]\"; got \".\""),
        ("$[", 2, "expected a quoted name or an index after \"[\"; got the end"),
        ("$[]", 2, "expected a quoted name or an index after \"[\"; got \"]\""),
        ("$[a]", 2, "expected a quoted name or an index after \"[\"; got \"a\""),
        ("$['a'", 5, "expected \"]\"; got the end"),
        ("$['a\"]", 2, "quoted name never ends"),
        ("$['a", 2, "quoted name never ends"),
        ("$['a\\n']", 4, "only \\\\, \\' and \\\" escapes are supported in a quoted name; got \"n\""),
        ("$['a\\", 4, "only \\\\, \\' and \\\" escapes are supported in a quoted name; got the end"),
        ("$['a\nb']", 4, "control character in a quoted name"),
        ("$['a\u{7F}']", 4, "control character in a quoted name"),
        ("$[9007199254740992]", 2, "index out of range (at most 9007199254740991 either way)"),
        ("$[-99999999999999999999999999999]", 2, "index out of range (at most 9007199254740991 either way)"),
    ])
    func refusesMalformed(text: String, offset: Int, problem: String) {
        #expect(pathError(text) == JSONPathError(offset: offset, problem: problem))
    }

    @Test func lengthLimit() throws {
        #expect(JSONPath.maxLength == 256)
        let longest = "$." + String(repeating: "a", count: JSONPath.maxLength - 2)
        #expect(try JSONPath(parsing: longest).steps == [.member(String(repeating: "a", count: 254))])
        #expect(pathError(longest + "a") == JSONPathError(offset: 256, problem: "is 257 bytes long; at most 256 are accepted"))
        // Bytes, not characters: "$." and 127 two-byte letters are 256 bytes, one more is too many.
        let wide = "$." + String(repeating: "é", count: 127)
        #expect(try JSONPath(parsing: wide).description == wide)
        #expect(pathError(wide + "é") == JSONPathError(offset: 256, problem: "is 258 bytes long; at most 256 are accepted"))
        #expect(pathError(String(repeating: "$", count: 100_000))?.offset == 256)
        // A name of apostrophes in double quotes at the limit: its canonical form fits under the limit again
        // (written in single quotes with every `'` escaped it was 507 bytes, and did not parse back; found by
        // the json-path fuzzer).
        let apostrophes = "$[\"" + String(repeating: "'", count: JSONPath.maxLength - 5) + "\"]"
        let path = try JSONPath(parsing: apostrophes)
        #expect(path.description.utf8.count <= JSONPath.maxLength)
        #expect(try JSONPath(parsing: path.description) == path)
    }

    @Test func componentLimit() throws {
        #expect(JSONPath.maxComponents == 32)
        let most = "$" + String(repeating: "[0]", count: 32)
        #expect(try JSONPath(parsing: most).steps.count == 32)
        #expect(pathError(most + ".a") == JSONPathError(offset: 97, problem: "has more than 32 steps"))
    }
}

@Suite("JSONPath: evaluation")
struct JSONPathEvaluationTests {
    static let codecov = #"{"totals":{"files":12,"coverage":87.5,"lines":1200}}"#
    static let dataRows = #"{"data":[{"pct":"91"},{"pct":72.25}]}"#
    static let shields = #"{"schemaVersion":1,"label":"coverage","message":"87%","color":"green"}"#

    @Test func findsNumbers() throws {
        #expect(try evaluate("$.totals.coverage", in: Self.codecov) == .found(number("87.5", 87.5)))
        #expect(try evaluate("$['totals'][\"lines\"]", in: Self.codecov) == .found(number("1200", 1200)))
        #expect(try evaluate("$.data[1].pct", in: Self.dataRows) == .found(number("72.25", 72.25)))
        #expect(try evaluate("$.total.lines.pct", in: #"{"total":{"lines":{"total":10,"pct":91.3}}}"#)
            == .found(number("91.3", 91.3)))
        #expect(try evaluate("$.schemaVersion", in: Self.shields) == .found(number("1", 1)))
    }

    @Test func findsValuesOfAnyType() throws {
        #expect(try evaluate("$.data[0].pct", in: Self.dataRows) == .found(.string("91")))
        #expect(try evaluate("$.message", in: Self.shields) == .found(.string("87%")))
        #expect(try evaluate("$", in: "42") == .found(number("42", 42)))
        #expect(try evaluate("$.totals", in: Self.codecov).found?.typeName == "an object")
    }

    @Test func negativeIndicesCountFromTheEnd() throws {
        let runs = #"{"runs":[10,20,30]}"#
        #expect(try evaluate("$.runs[-1]", in: runs) == .found(number("30", 30)))
        #expect(try evaluate("$.runs[-3]", in: runs) == .found(number("10", 10)))
        #expect(try evaluate("$.runs[-4]", in: runs) == .missing(at: "$.runs[-4]", found: "nothing"))
        #expect(try evaluate("$.data[-1].pct", in: Self.dataRows) == .found(number("72.25", 72.25)))
        #expect(try evaluate("$[-1]", in: "[]") == .missing(at: "$[-1]", found: "nothing"))
        #expect(try evaluate("$[-9007199254740991]", in: "[1]") == .missing(at: "$[-9007199254740991]", found: "nothing"))
        #expect(try evaluate("$[9007199254740991]", in: "[1]") == .missing(at: "$[9007199254740991]", found: "nothing"))
    }

    @Test func missingNamesTheDeepestPlaceAndWhatIsThere() throws {
        // Nothing at $.total: the member does not exist.
        #expect(try evaluate("$.total.pct", in: Self.codecov) == .missing(at: "$.total", found: "nothing"))
        #expect(try evaluate("$.totals.pct", in: Self.codecov) == .missing(at: "$.totals.pct", found: "nothing"))
        // The step cannot apply to what is there.
        #expect(try evaluate("$.totals.coverage.value", in: Self.codecov)
            == .missing(at: "$.totals.coverage", found: "a number"))
        #expect(try evaluate("$.message.x", in: Self.shields) == .missing(at: "$.message", found: "a string"))
        #expect(try evaluate("$.data.pct", in: Self.dataRows) == .missing(at: "$.data", found: "an array"))
        #expect(try evaluate("$.data[0][0]", in: Self.dataRows) == .missing(at: "$.data[0]", found: "an object"))
        #expect(try evaluate("$.data[2].pct", in: Self.dataRows) == .missing(at: "$.data[2]", found: "nothing"))
        #expect(try evaluate("$.a", in: "[1,2]") == .missing(at: "$", found: "an array"))
        #expect(try evaluate("$[0]", in: "{\"0\":1}") == .missing(at: "$", found: "an object"))
        #expect(try evaluate("$[0]", in: "[]") == .missing(at: "$[0]", found: "nothing"))
        #expect(try evaluate("$.a.b", in: #"{"a":null}"#) == .missing(at: "$.a", found: "null"))
        #expect(try evaluate("$.a[0]", in: #"{"a":true}"#) == .missing(at: "$.a", found: "true"))
        #expect(try evaluate("$.a.b", in: #"{"a":false}"#) == .missing(at: "$.a", found: "false"))
        #expect(try evaluate("$.a", in: "\"text\"") == .missing(at: "$", found: "a string"))
    }

    @Test func missingPlacesAreCanonical() throws {
        let text = #"{"b c":{"it's":[10,20]}}"#
        #expect(try evaluate("$[\"b c\"]['it\\'s'][-1]", in: text) == .found(number("20", 20)))
        #expect(try evaluate("$[ \"b c\" ][\"it's\"][5]", in: text) == .missing(at: "$['b c'][\"it's\"][5]", found: "nothing"))
        #expect(try evaluate("$['b c'].x", in: text) == .missing(at: "$['b c'].x", found: "nothing"))
        #expect(try evaluate("$['b c']['it\\'s'].n", in: text) == .missing(at: "$['b c'][\"it's\"]", found: "an array"))
    }

    @Test func duplicateKeysResolveToTheLast() throws {
        #expect(try evaluate("$.a", in: #"{"a":1,"a":2}"#) == .found(number("2", 2)))
        #expect(try evaluate("$.a.b", in: #"{"a":{"b":1},"a":"x"}"#) == .missing(at: "$.a", found: "a string"))
    }

    @Test func namesMatchExactly() throws {
        let text = #"{"Coverage":1,"coverage ":2,"名前":3,"":4,"a.b":5,"a":{"b":6}}"#
        #expect(try evaluate("$.coverage", in: text) == .missing(at: "$.coverage", found: "nothing"))
        #expect(try evaluate("$.Coverage", in: text) == .found(number("1", 1)))
        #expect(try evaluate("$['coverage ']", in: text) == .found(number("2", 2)))
        #expect(try evaluate("$.名前", in: text) == .found(number("3", 3)))
        #expect(try evaluate("$['']", in: text) == .found(number("4", 4)))
        #expect(try evaluate("$['a.b']", in: text) == .found(number("5", 5)))
        #expect(try evaluate("$.a.b", in: text) == .found(number("6", 6)))
    }

    @Test func deepestDocumentAndLongestPath() throws {
        let depth = JSONParser.maxDepth
        let text = String(repeating: "[", count: depth) + "7" + String(repeating: "]", count: depth)
        let nested = try document(text)
        let path = JSONPath(steps: Array(repeating: .index(0), count: depth))
        #expect(path.evaluate(nested) == .found(number("7", 7)))
        // 32 steps down a 64-deep nest leave the inner 32 levels around the 7.
        let longest = try JSONPath(parsing: "$" + String(repeating: "[-1]", count: JSONPath.maxComponents))
        var expected = number("7", 7)
        for _ in 0..<(depth - JSONPath.maxComponents) { expected = .array([expected]) }
        #expect(longest.evaluate(nested) == .found(expected))
    }
}

extension JSONPathResult {
    /// The value found, for tests that look only at that.
    var found: JSONDocument? {
        if case .found(let value) = self { return value }
        return nil
    }
}

@Suite("JSONPath: mutated queries")
struct JSONPathMutationTests {
    /// Every prefix and every one-byte change of a busy query parses or is refused at an offset inside it, and
    /// what parses describes itself in a form that parses back to the same path.
    @Test func mutationsNeverTrap() {
        let query = Array("$.a['b\\'c'][\"d\"][-12][0].é".utf8)
        let alphabet = Array("$.[]'\"\\-0129a*?:, é".utf8)
        var variants: [[UInt8]] = (0...query.count).map { Array(query[..<$0]) }
        for at in query.indices {
            for byte in alphabet {
                var changed = query
                changed[at] = byte
                variants.append(changed)
                changed.insert(byte, at: at)
                variants.append(changed)
            }
        }
        for bytes in variants {
            let text = String(decoding: bytes, as: UTF8.self)
            do {
                let path = try JSONPath(parsing: text)
                #expect((try? JSONPath(parsing: path.description)) == path, "\(text)")
                #expect(path.description.utf8.count <= text.utf8.count, "\(text)")
            } catch {
                #expect((0...text.utf8.count).contains(error.offset), "\(error) for \(text)")
            }
        }
    }
}
