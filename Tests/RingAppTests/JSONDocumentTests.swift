import RingTestSupport
import Testing
@testable import RingApp

/// Parses UTF-8 text (most cases are easier to read as text than as bytes).
private func parse(_ text: String) throws(JSONSyntaxError) -> JSONDocument {
    try JSONDocument(parsing: Array(text.utf8))
}

/// The error parsing `bytes` gives, or `nil` when it parses.
private func syntaxError(_ bytes: [UInt8]) -> JSONSyntaxError? {
    do {
        _ = try JSONDocument(parsing: bytes)
        return nil
    } catch {
        return error
    }
}

private func syntaxError(_ text: String) -> JSONSyntaxError? {
    syntaxError(Array(text.utf8))
}

private func number(_ text: String, _ value: Double) -> JSONDocument {
    .number(JSONNumber(text: text, value: value))
}

/// `"` + bytes + `"` inside `[` `]`: a string with exactly these bytes between its quotes.
private func stringArray(_ inner: [UInt8]) -> [UInt8] {
    Array("[\"".utf8) + inner + Array("\"]".utf8)
}

@Suite("JSON parsing: documents accepted")
struct JSONAcceptedTests {
    /// JSONTestSuite-style `y_` cases: each must parse, to exactly this tree.
    @Test(arguments: [
        ("[]", JSONDocument.array([])),
        ("{}", .object([])),
        ("[[] ]", .array([.array([])])),
        (" \t\r\n[1]\n\t \r", .array([number("1", 1)])),
        ("null", .null),
        ("true", .bool(true)),
        ("false", .bool(false)),
        ("\"asd\"", .string("asd")),
        ("2", number("2", 2)),
        ("[null, true, false]", .array([.null, .bool(true), .bool(false)])),
        ("{\"a\":[{}],\"b\":{\"c\":\"d\"}}",
         .object([
            JSONMember(key: "a", value: .array([.object([])])),
            JSONMember(key: "b", value: .object([JSONMember(key: "c", value: .string("d"))])),
         ])),
        ("{ \"a\" : 1 , \"b\" : 2 }",
         .object([JSONMember(key: "a", value: number("1", 1)), JSONMember(key: "b", value: number("2", 2))])),
        ("[\"\"]", .array([.string("")])),
        ("{\"\":0}", .object([JSONMember(key: "", value: number("0", 0))])),
    ])
    func acceptsStructure(text: String, expected: JSONDocument) throws {
        #expect(try parse(text) == expected)
    }

    /// Every number form RFC 8259 allows, with its text kept exactly and its value.
    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("0.70", 0.7), ("1e2", 100), ("1E+2", 100), ("1E-2", 0.01), ("1e+2", 100),
        ("-123", -123), ("123.456e-7", 123.456e-7), ("0e1", 0), ("20e1", 200), ("-0.0", -0.0), ("1E22", 1e22),
        ("12345678901234567890", 12_345_678_901_234_567_890.0), ("1e-400", 0), ("87.5", 87.5),
        ("-9007199254740993", -9_007_199_254_740_992), ("1.7976931348623157e308", .greatestFiniteMagnitude),
    ])
    func numbersKeepTheirText(text: String, value: Double) throws {
        let document = try parse("[\(text)]")
        guard case .array(let elements) = document, elements.count == 1, case .number(let n) = elements[0] else {
            Issue.record("not a one-number array: \(document)")
            return
        }
        #expect(n.text == text)
        #expect(n.value == value)
        #expect(n.value.sign == value.sign)
    }

    @Test func minusZeroIsNegativeZero() throws {
        let document = try parse("-0")
        #expect(document == number("-0", -0.0))
        #expect(document.number?.sign == .minus)
        // Text matters to equality: 0 and -0 are equal numbers but different literals.
        #expect(document != number("0", 0))
    }

    /// Escapes, surrogate pairs and raw UTF-8 decode to the same scalars.
    @Test(arguments: [
        (#"["\"\\\/\b\f\n\r\t"]"#, "\"\\/\u{8}\u{C}\n\r\t"),
        (#"["\u0041\u00e9\u00E9\u20AC"]"#, "Aéé€"),
        (#"["\ud83d\ude00"]"#, "😀"),
        (#"["\uD834\uDD1E"]"#, "𝄞"),
        (#"["\uDBFF\uDFFF"]"#, "\u{10FFFF}"),
        (#"["a\u0000b"]"#, "a\u{0}b"),
        (#"["\u2028\u2029"]"#, "\u{2028}\u{2029}"),
        (#"["\uFFFF"]"#, "\u{FFFF}"),
        ("[\"é€😀 名前\"]", "é€😀 名前"),
        ("[\"\u{7F}\"]", "\u{7F}"),
        ("[\"\u{2028}\"]", "\u{2028}"),
        (#"["x\"y\u00e9z"]"#, "x\"yéz"),
    ])
    func stringsDecode(text: String, expected: String) throws {
        #expect(try parse(text) == .array([.string(expected)]))
    }

    @Test func rawUTF8AtTheEdgesOfEachRange() throws {
        // U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFF, U+10000, U+10FFFF: the first and last of each length
        // and either side of the surrogate gap.
        let bytes: [UInt8] = [0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80,
                              0xEF, 0xBF, 0xBF, 0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF]
        let document = try JSONDocument(parsing: stringArray(bytes))
        #expect(document == .array([.string("\u{80}\u{7FF}\u{800}\u{D7FF}\u{E000}\u{FFFF}\u{10000}\u{10FFFF}")]))
    }

    @Test func leadingByteOrderMarkIsSkipped() throws {
        #expect(try JSONDocument(parsing: [0xEF, 0xBB, 0xBF] + Array("{\"a\":1}".utf8))
            == .object([JSONMember(key: "a", value: number("1", 1))]))
        // Only one, only at the start, only UTF-8's.
        #expect(syntaxError([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF] + Array("{}".utf8))?.offset == 3)
        #expect(syntaxError(Array("{}".utf8) + [0xEF, 0xBB, 0xBF])?.offset == 2)
        #expect(syntaxError([0xFE, 0xFF] + Array("{}".utf8))?.offset == 0)
        #expect(syntaxError([0xEF, 0xBB, 0xBF]) == JSONSyntaxError(offset: 3, problem: "expected a value, found the end of the document"))
    }

    @Test func duplicateKeysAreKeptAndTheLastWins() throws {
        let document = try parse(#"{"a":1,"b":true,"a":2,"a":"three"}"#)
        guard case .object(let members) = document else {
            Issue.record("not an object")
            return
        }
        #expect(members.map(\.key) == ["a", "b", "a", "a"])
        #expect(document[member: "a"] == .string("three"))
        #expect(document[member: "b"] == .bool(true))
        #expect(document[member: "c"] == nil)
    }

    @Test func escapedAndRawKeysAreTheSameKey() throws {
        let document = try parse(#"{"\u0061":1,"a":2}"#)
        #expect(document[member: "a"]?.number == 2)
    }

    @Test func helpers() throws {
        let document = try parse(#"{"n":87.5,"s":"91","t":true,"f":false,"z":null,"a":[],"o":{}}"#)
        #expect(document[member: "n"]?.number == 87.5)
        #expect(document[member: "s"]?.number == nil)
        #expect(document.number == nil)
        #expect(JSONDocument.array([number("1", 1)])[member: "0"] == nil)
        let names = ["n", "s", "t", "f", "z", "a", "o"].map { document[member: $0]?.typeName }
        #expect(names == ["a number", "a string", "true", "false", "null", "an array", "an object"])
    }

    @Test func shieldsEndpointSchema() throws {
        let document = try parse(#"{"schemaVersion":1,"label":"coverage","message":"87%","color":"green"}"#)
        #expect(document[member: "schemaVersion"] == number("1", 1))
        #expect(document[member: "label"] == .string("coverage"))
        #expect(document[member: "message"] == .string("87%"))
        #expect(document[member: "color"] == .string("green"))
    }

    @Test func exactlyMaxDepthParses() throws {
        let depth = JSONParser.maxDepth
        #expect(depth == 64)
        var document = try parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        var levels = 0
        while case .array(let elements) = document {
            levels += 1
            guard let first = elements.first else { break }
            document = first
        }
        #expect(levels == depth)

        let objects = String(repeating: "{\"a\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(throws: Never.self) { try parse(objects) }
        let withValue = String(repeating: "[", count: depth) + "1" + String(repeating: "]", count: depth)
        #expect(throws: Never.self) { try parse(withValue) }
    }
}

@Suite("JSON parsing: documents refused")
struct JSONRefusedTests {
    /// JSONTestSuite-style `n_` cases: the offset and problem each must report.
    @Test(arguments: [
        ("", 0, "expected a value, found the end of the document"),
        ("   ", 3, "expected a value, found the end of the document"),
        ("[1,]", 3, "expected a value, found ']'"),
        ("[1,,2]", 3, "expected a value, found ','"),
        ("[,1]", 1, "expected a value, found ','"),
        ("[01]", 1, "leading zero in a number"),
        ("[-01]", 1, "leading zero in a number"),
        ("[00]", 1, "leading zero in a number"),
        (#"["\u00"]"#, 2, "\\u must be followed by four hex digits"),
        (#"["\u00G0"]"#, 2, "\\u must be followed by four hex digits"),
        (#""\ud800""#, 1, "lone surrogate \\uD800 (not followed by a low surrogate)"),
        (#"["\ud800\u0041"]"#, 2, "lone surrogate \\uD800 (not followed by a low surrogate)"),
        (#"["\ud800\ud800"]"#, 2, "lone surrogate \\uD800 (not followed by a low surrogate)"),
        (#"["\ud800x"]"#, 2, "lone surrogate \\uD800 (not followed by a low surrogate)"),
        (#"["\ud800\u12"]"#, 8, "\\u must be followed by four hex digits"),
        (#"["\udc00"]"#, 2, "lone surrogate \\uDC00 (a low surrogate with no high one before it)"),
        (#"["\ude00\ud83d"]"#, 2, "lone surrogate \\uDE00 (a low surrogate with no high one before it)"),
        ("[1e999]", 1, "number out of range"),
        ("[1e400]", 1, "number out of range"),
        ("[-1e400]", 1, "number out of range"),
        ("{\"a\" 1}", 5, "expected ':' after a member name, found '1'"),
        ("[-]", 2, "expected a digit after '-', found ']'"),
        ("[.1]", 1, "expected a value, found '.'"),
        ("[1.]", 3, "expected a digit after '.', found ']'"),
        ("[1.e5]", 3, "expected a digit after '.', found 'e'"),
        ("[1e]", 3, "expected a digit in the exponent, found ']'"),
        ("[1e+]", 4, "expected a digit in the exponent, found ']'"),
        ("[NaN]", 1, "expected a value, found 'N'"),
        ("[nan]", 1, "expected 'null'"),
        ("[Infinity]", 1, "expected a value, found 'I'"),
        ("[-Infinity]", 2, "expected a digit after '-', found 'I'"),
        ("[+1]", 1, "expected a value, found '+'"),
        ("[0x1]", 2, "expected ',' or ']', found 'x'"),
        ("[1_000]", 2, "expected ',' or ']', found '_'"),
        ("[\"a\tb\"]", 3, "raw control character 0x09 in a string (it must be escaped)"),
        ("[\"a\nb\"]", 3, "raw control character 0x0A in a string (it must be escaped)"),
        ("[\"\u{0}\"]", 2, "raw control character 0x00 in a string (it must be escaped)"),
        ("[]  x", 4, "unexpected 'x' after the value"),
        ("[] []", 3, "unexpected '[' after the value"),
        ("1 2", 2, "unexpected '2' after the value"),
        ("{\"a\":1,}", 7, "expected a member name in double quotes, found '}'"),
        ("{,}", 1, "expected a member name in double quotes, found ','"),
        ("{'a':1}", 1, "expected a member name in double quotes, found '''"),
        ("{a:1}", 1, "expected a member name in double quotes, found 'a'"),
        ("{1:1}", 1, "expected a member name in double quotes, found '1'"),
        ("['a']", 1, "expected a value, found '''"),
        ("[1 2]", 3, "expected ',' or ']', found '2'"),
        ("{\"a\":1 \"b\":2}", 7, "expected ',' or '}', found '\"'"),
        ("{\"a\":1]", 6, "expected ',' or '}', found ']'"),
        ("[1}", 2, "expected ',' or ']', found '}'"),
        ("/* c */ []", 0, "expected a value, found '/'"),
        ("[] // c", 3, "unexpected '/' after the value"),
        ("[tru]", 1, "expected 'true'"),
        ("[True]", 1, "expected a value, found 'T'"),
        ("[nul", 1, "expected 'null'"),
        ("[f]", 1, "expected 'false'"),
        (#"["\x41"]"#, 2, "invalid escape \\x (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        (#"["\'"]"#, 2, "invalid escape \\' (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        (#"["\U0041"]"#, 2, "invalid escape \\U (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)"),
        ("[\"abc", 1, "string never ends"),
        ("\"", 0, "string never ends"),
        ("\"\\", 1, "string never ends"),
        ("[", 1, "expected a value, found the end of the document"),
        ("[1", 2, "expected ',' or ']', found the end of the document"),
        ("{", 1, "expected a member name in double quotes, found the end of the document"),
        ("{\"a\"", 4, "expected ':' after a member name, found the end of the document"),
        ("{\"a\":", 5, "expected a value, found the end of the document"),
        ("{\"a\":1", 6, "expected ',' or '}', found the end of the document"),
        ("[\u{A0}1]", 1, "expected a value, found byte 0xC2"),
        ("[é]", 1, "expected a value, found byte 0xC3"),
        ("[1]\u{0}", 3, "unexpected byte 0x00 after the value"),
        ("\u{C}[]", 0, "expected a value, found byte 0x0C"),
    ])
    func refuses(text: String, offset: Int, problem: String) {
        #expect(syntaxError(text) == JSONSyntaxError(offset: offset, problem: problem))
    }

    /// Byte sequences that are not UTF-8 (RFC 3629), inside a string: refused where the sequence starts.
    @Test(arguments: [
        [0xC0, 0xAF],             // overlong '/'
        [0xC1, 0xBF],             // overlong
        [0xE0, 0x80, 0xAF],       // overlong '/' in three bytes
        [0xE0, 0x9F, 0xBF],       // overlong U+07FF
        [0xF0, 0x80, 0x80, 0xAF], // overlong in four bytes
        [0xF0, 0x8F, 0xBF, 0xBF], // overlong U+FFFF
        [0xED, 0xA0, 0x80],       // encoded high surrogate U+D800
        [0xED, 0xBF, 0xBF],       // encoded low surrogate U+DFFF
        [0xF4, 0x90, 0x80, 0x80], // U+110000
        [0xF5, 0x80, 0x80, 0x80], // lead byte past U+10FFFF
        [0xFF], [0xFE],
        [0x80],                   // lone continuation byte
        [0xBF],
        [0xE2, 0x82],             // truncated '€' before the closing quote
        [0xE2, 0x82, 0x41],       // continuation replaced by ASCII
        [0xC3, 0xC3, 0xA9],       // lead byte where a continuation belongs
        [0xF0, 0x9F, 0x98],       // truncated emoji
    ] as [[UInt8]])
    func refusesInvalidUTF8(sequence: [UInt8]) {
        let error = syntaxError(stringArray(Array("ok".utf8) + sequence))
        #expect(error?.offset == 4)
        #expect(error?.problem.hasPrefix("invalid UTF-8") == true)
    }

    @Test func refusesUTF8CutOffByTheEndOfTheDocument() {
        #expect(syntaxError([0x22, 0xE2, 0x82])?.problem.hasPrefix("invalid UTF-8") == true)
        #expect(syntaxError([0x22, 0xF0])?.offset == 1)
    }

    @Test func invalidUTF8OutsideStringsIsNeverAValue() {
        #expect(syntaxError([0x5B, 0xC0, 0xAF, 0x5D]) == JSONSyntaxError(offset: 1, problem: "expected a value, found byte 0xC0"))
    }

    @Test func oneDeeperThanMaxDepthIsRefused() {
        let depth = JSONParser.maxDepth + 1
        let arrays = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        #expect(syntaxError(arrays) == JSONSyntaxError(offset: 64, problem: "arrays and objects nested more than 64 deep"))
        // An empty container is still a level, and an object counts as an array does.
        let mixed = String(repeating: "[", count: 64) + "{}" + String(repeating: "]", count: 64)
        #expect(syntaxError(mixed)?.offset == 64)
        let objects = String(repeating: "{\"a\":", count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
        #expect(syntaxError(objects)?.offset == 64 * 5)
    }

    /// 100 000 open brackets: refused at the 65th, without recursion, so without a stack overflow.
    @Test func hundredThousandBracketsAreAnErrorNotACrash() {
        let opens = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        #expect(syntaxError(opens)?.offset == 64)
        let objects = Array(String(repeating: "{\"a\":", count: 100_000).utf8)
        #expect(syntaxError(objects)?.offset == 64 * 5)
        let alternating = Array(String(repeating: "[{\"\":", count: 50_000).utf8)
        #expect(syntaxError(alternating)?.offset == 32 * 5)
    }

    @Test func descriptionNamesTheByte() {
        #expect(JSONSyntaxError(offset: 17, problem: "expected ',' or '}'").description
            == "invalid JSON at byte 17: expected ',' or '}'")
        #expect(syntaxError("{\"label\":\"x\" \"message\":1}")?.description
            == "invalid JSON at byte 13: expected ',' or '}', found '\"'")
    }

    @Test func messagesNeverRepeatNonASCIIOrControlBytes() {
        for bytes: [UInt8] in [[0x1B, 0x5B], [0xE2, 0x80, 0xAE], [0x5B, 0x0A, 0x7F], [0x5B, 0x31, 0x20, 0xE2, 0x80, 0xAE]] {
            let problem = syntaxError(bytes)?.problem ?? ""
            #expect(!problem.isEmpty)
            #expect(problem.utf8.allSatisfy { $0 >= 0x20 && $0 < 0x7F }, "\(problem)")
        }
    }
}

@Suite("JSON parsing: large documents")
struct JSONLargeDocumentTests {
    static let size = 64 * 1024

    @Test func sixtyFourKiBOfSmallArraysParse() throws {
        var text = "["
        var count = 0
        while text.utf8.count < Self.size - 16 {
            if count > 0 { text += "," }
            text += "[\(count),\(count % 7).5,true,null,\"\(count)\"]"
            count += 1
        }
        text += "]"
        let document = try parse(text)
        guard case .array(let rows) = document else {
            Issue.record("not an array")
            return
        }
        #expect(rows.count == count)
        #expect(rows.last == .array([number("\(count - 1)", Double(count - 1)), number("\((count - 1) % 7).5", Double((count - 1) % 7) + 0.5),
                                    .bool(true), .null, .string("\(count - 1)")]))
    }

    @Test func sixtyFourKiBStringsNumbersAndKeys() throws {
        let letters = String(repeating: "ab", count: Self.size / 2)
        #expect(try parse("\"\(letters)\"") == .string(letters))

        let escapes = String(repeating: "\\u00e9\\n", count: Self.size / 8)
        #expect(try parse("\"\(escapes)\"") == .string(String(repeating: "é\n", count: Self.size / 8)))

        let digits = "1" + String(repeating: "0", count: Self.size)
        #expect(syntaxError(digits) == JSONSyntaxError(offset: 0, problem: "number out of range"))
        let fraction = "0." + String(repeating: "3", count: Self.size)
        #expect(try parse(fraction).number.map { abs($0 - 1.0 / 3) < 1e-15 } == true)

        let keys = "{" + (0..<5000).map { "\"a\":\($0)" }.joined(separator: ",") + "}"
        let object = try parse(keys)
        #expect(object[member: "a"]?.number == 4999)

        let spaces = String(repeating: " ", count: Self.size) + "[]" + String(repeating: "\n", count: Self.size)
        #expect(try parse(spaces) == .array([]))
    }

    @Test func unclosedSixtyFourKiBStringIsRefused() {
        let text = "[\"" + String(repeating: "x", count: Self.size)
        #expect(syntaxError(text) == JSONSyntaxError(offset: 1, problem: "string never ends"))
    }
}

@Suite("JSON parsing: mutated documents")
struct JSONMutationTests {
    /// Thousands of byte-level mutations of a realistic document: each parses or is refused at an offset inside
    /// the input, and whatever parses can be walked without trapping.
    @Test func mutationsNeverTrap() {
        let seed = Array(#"""
        {"schemaVersion":1,"label":"cov\u00e9rage","message":"87%","color":"green",
         "totals":{"coverage":87.50,"lines":[1,-2.5e3,true,false,null,"\ud83d\ude00"]},"a":{"a":1}}
        """#.utf8)
        let alphabet = Array(#"{}[]:,"\u0123456789-+.eEtruefalsn "#.utf8) + [0x00, 0x0A, 0x80, 0xC0, 0xED, 0xF4, 0xFF]
        var random = SplitMix64(seed: 20_240_601)
        for _ in 0..<3000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                default: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                }
            }
            do {
                let document = try JSONDocument(parsing: bytes)
                _ = JSONPath(steps: [.member("totals"), .member("lines"), .index(-1)]).evaluate(document)
            } catch {
                #expect((0...bytes.count).contains(error.offset), "\(error) for \(bytes)")
                #expect(!error.problem.isEmpty)
            }
        }
    }
}
