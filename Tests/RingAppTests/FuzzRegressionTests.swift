import RingHTTP
import Testing
@testable import RingApp

/// Inputs the render-query fuzzer (Fuzz/RenderQuery) found, each kept as a test once its bug was fixed.
/// The fuzzer's inputs carried raw bytes; these use the percent-encoded form a URL would carry to the server.
@Suite struct FuzzRegressionTests {
    let app = RingApplication()

    /// The 400 body for `query` on `route` (a non-image client, so the message comes back as text).
    func errorBody(_ route: String, _ query: String) -> String {
        let response = app.respond(to: HTTPRequest(
            method: .get, target: "/\(route)?\(query)", path: "/\(route)", query: query,
            headers: HTTPHeaders([("Host", "x"), ("Accept", "*/*")])))
        #expect(response.status == .badRequest)
        return String(decoding: response.body, as: UTF8.self)
    }

    static func hasControlCharacters(_ s: String) -> Bool {
        s.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// Found by fuzzing: a bad `colors` entry was repeated inside `expected` unquoted and unshortened, so NULs
    /// or a newline in it reached the message, and a 1 KiB entry made a 1 KiB message.
    @Test func badPaintListEntryIsEchoedEscapedAndShort() throws {
        let query = "p=0.8,0.6&colors=lightRed,darkBlue-ligL%00%00%00ue"
        let error = try #require(throws: QueryError.self) {
            try QueryDecoder.decode(route: .activity, query: QueryString(parsing: query))
        }
        #expect(error.parameter == "colors")
        #expect(!Self.hasControlCharacters(error.message), "\(error.message.debugDescription)")
        #expect(error.message.contains(#""darkBlue-ligL\u{0}\u{0}\u{0}ue" is not one"#), "\(error.message)")

        let long = "p=0.5,0.5&colors=red," + String(repeating: "x", count: 1000)
        let body = errorBody("activity", long)
        #expect(body.count < 400, "\(body.count) bytes: \(body.prefix(120))…")
        #expect(body.hasPrefix("colors: got "))
    }

    /// Found by fuzzing: a parameter *name* with control characters (here `%08p`, whose value is not UTF-8)
    /// went into the message verbatim, splitting the one-line message and any log line quoting it.
    @Test func parameterNameWithControlCharactersIsEscaped() throws {
        let error = try #require(throws: QueryError.self) { try QueryString(parsing: "%08p=%FF%05FE") }
        #expect(error.parameter == "\u{8}p")
        #expect(!Self.hasControlCharacters(error.message), "\(error.message.debugDescription)")
        #expect(error.message.hasPrefix(#"\u{8}p: got "#), "\(error.message)")

        let body = errorBody("ring", "p=1&a%0Ab=1&a%0Ab=2")
        #expect(body.hasPrefix(#"a\u{a}b: got more than one value"#), "\(body.debugDescription)")
        #expect(body.filter { $0 == "\n" }.count == 1, "one line plus its newline: \(body.debugDescription)")
    }

    /// Found by fuzzing: a piece with an empty name and a value that is not UTF-8 (`=%FF`) was an error naming
    /// the parameter "", so the message began with ": got". A nameless piece is ignored like any other
    /// unknown parameter, whatever its value.
    @Test func namelessPieceIsIgnoredWhateverItsValue() throws {
        let query = try QueryString(parsing: "=t%08p=%FF%Fo&p=0.5&=%C0%80")
        #expect(query.items.map(\.name) == ["p"])
        let spec = try QueryDecoder.decode(route: .petals, query: query)
        #expect(spec == (try QueryDecoder.decode(route: .petals, query: QueryString(parsing: "p=0.5"))))
    }

    /// Found by fuzzing: a value starting with "a value of " looks like the decoder's own phrase
    /// ("a value of 2000 bytes"), which `quoted` passes through unquoted, and its control characters went
    /// through with it.
    @Test func valueThatLooksLikeAPhraseIsStillEscaped() throws {
        let error = try #require(throws: QueryError.self) {
            try QueryDecoder.decode(route: .ring, query: QueryString(parsing: "p=a+value+of+%04%0A"))
        }
        #expect(error.parameter == "p")
        #expect(!Self.hasControlCharacters(error.message), "\(error.message.debugDescription)")
    }

    /// The same class of input with a long name: the name is shortened like a value.
    @Test func longRepeatedParameterNameIsShortened() {
        let name = String(repeating: "n", count: 5000)
        let body = errorBody("ring", "p=1&\(name)=1&\(name)=2")
        #expect(body.count < 200, "\(body.count) bytes")
        #expect(body.hasPrefix(String(repeating: "n", count: QueryError.maxEchoCharacters) + "…: got "))
    }
}
