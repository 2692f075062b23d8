import Foundation
import Testing
@testable import RingFetch

/// The responses in Fixtures/responses.json, shared with scripts/check/fetch-parser-oracle.py, which runs the same bytes
/// through h11. Read through #filePath rather than bundled, like the server's HTTP fixtures.
@Suite struct FixtureTests {
    struct Case: Decodable, CustomTestStringConvertible {
        struct Expectation: Decodable {
            var status: Int?
            var body: String?
            var error: String?
        }
        var name: String
        /// One character per byte (latin-1), so JSON can hold any byte.
        var response: String
        var expect: Expectation

        var testDescription: String { name }
        var bytes: [UInt8] { response.unicodeScalars.map { UInt8($0.value) } }
    }

    static let cases: [Case] = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/responses.json")
        do {
            return try JSONDecoder().decode([Case].self, from: Data(contentsOf: url))
        } catch {
            fatalError("cannot read \(url.path): \(error)")
        }
    }()

    /// A short key for an error, as the fixtures write it.
    static func key(_ error: FetchResponseError) -> String {
        switch error {
        case .headTooLarge: "headTooLarge"
        case .tooManyHeaderFields: "tooManyHeaderFields"
        case .bodyTooLarge(let limit): "bodyTooLarge:\(limit)"
        case .malformed(let detail): "malformed:\(detail)"
        case .truncated: "truncated"
        case .unsupportedTransferCoding(let coding): "unsupportedTransferCoding:\(coding)"
        case .unexpectedUpgrade: "unexpectedUpgrade"
        case .unsupportedContentEncoding(let coding): "unsupportedContentEncoding:\(coding)"
        case .badGzip: "badGzip"
        case .decodedBodyTooLarge(let limit): "decodedBodyTooLarge:\(limit)"
        }
    }

    @Test func fixturesAreLoaded() {
        #expect(Self.cases.count >= 30)
    }

    @Test(arguments: cases)
    func fixture(_ fixture: Case) {
        let (outcome, disagreement) = ParserDriver.everySplit(fixture.bytes)
        #expect(disagreement == nil)
        switch outcome {
        case .response(let parsed):
            #expect(fixture.expect.error == nil, "accepted, but the fixture expects \(fixture.expect.error ?? "")")
            #expect(parsed.status == fixture.expect.status)
            #expect(parsed.body == fixture.expect.body.map { $0.unicodeScalars.map { UInt8($0.value) } })
        case .failure(let error):
            #expect(Self.key(error) == fixture.expect.error)
        case .needMore:
            Issue.record("still waiting after EOF")
        }
    }
}
