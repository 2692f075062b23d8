import Foundation
import RingHTTP
import Testing
@testable import RingApp

/// `X-Ring-Error` in ASCII beside `X-Ring-Error*`, the exact text as an RFC 8187 ext-value.
@Suite struct ErrorHeaderTests {
    /// RFC 8187's decoding: the `UTF-8''` prefix, then percent-decoding to UTF-8.
    static func decoded(_ extValue: String) -> String? {
        guard extValue.hasPrefix("UTF-8''") else { return nil }
        // RFC 8187's + is a plus (percentDecode reads a query's + as a space).
        return QueryString.percentDecode(Substring(extValue.dropFirst(7).replacingOccurrences(of: "+", with: "%2B")))
    }

    @Test func ringdsOwnPunctuationIsSpelledInASCII() {
        #expect(ErrorHeader.ascii("expected a number 0…10 (0.7, .7, 70% or 7/10)") == "expected a number 0-10 (0.7, .7, 70% or 7/10)")
        #expect(ErrorHeader.ascii("within -360…360") == "within -360-360")
        #expect(ErrorHeader.ascii("a percentage 0.5…50% (e.g. 12%)") == "a percentage 0.5-50% (e.g. 12%)")
        #expect(ErrorHeader.ascii("got \"abcdef…\"") == "got \"abcdef...\"")
        #expect(ErrorHeader.ascii("size × scale at most 4096") == "size x scale at most 4096")
        #expect(ErrorHeader.ascii("Café Straße") == "Cafe Strasse")
        #expect(ErrorHeader.ascii("مرحبا 你好") == "????? ??")
    }

    @Test func asciiMessagesCarryOneField() {
        let fields = ErrorHeader.fields("p: got \"x\"; expected a number")
        #expect(fields.first { $0.0 == "X-Ring-Error" }?.1 == "p: got \"x\"; expected a number")
        #expect(!fields.contains { $0.0 == "X-Ring-Error*" })
    }

    @Test(arguments: ["size: got \"9999\"; expected a number 16…2048 (px)", "label: \"ཀ\" (U+0F40) is in no font", "label: got \"مرحبا بالعالم 你好世界\"", "a\"b;c d%e'f"])
    func theExactTextRoundTrips(_ message: String) throws {
        let fields = ErrorHeader.fields(message)
        let ascii = try #require(fields.first { $0.0 == "X-Ring-Error" }?.1)
        #expect(ascii.unicodeScalars.allSatisfy { (0x20...0x7E).contains($0.value) })
        if ascii == message { return }
        let exact = try #require(fields.first { $0.0 == "X-Ring-Error*" }?.1)
        #expect(exact.utf8.allSatisfy { (0x21...0x7E).contains($0) }, "\(exact)")
        #expect(Self.decoded(exact) == message)
    }

    /// A 400 for a label in Arabic and CJK the fonts lack nothing of, but too long: the message quotes it, and the
    /// exact text comes back from the header pair.
    @Test func aRefusedLabelComesBackExactly() throws {
        let app = RingApplication()
        let label = String(repeating: "مرحبا你好", count: 6)
        let encoded = label.utf8.map { "%" + String($0, radix: 16, uppercase: true) }.joined()
        let response = app.respond(to: request("/ring?p=0.5&label=\(encoded)"))
        #expect(response.status == .badRequest)
        let body = String(decoding: response.body, as: UTF8.self)
        let exact = try #require(response.headers["X-Ring-Error*"])
        #expect(Self.decoded(exact).map { $0 + "\n" } == body)
        #expect(response.headers["X-Ring-Error"]?.hasPrefix("label: got \"") == true)
        #expect(response.headers["Access-Control-Expose-Headers"]?.contains("X-Ring-Error*") == true)
    }
}
