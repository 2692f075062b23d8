import Foundation
import Testing
@testable import RingHTTP

/// One case of `Fixtures/malformed-requests.json`, the file `scripts/check/http-oracle.py` reads too, so the
/// statuses the parser is tested against and the ones compared with h11/httptools are the same.
struct RequestFixture: Sendable, Decodable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    /// The status every split of `bytes` must end in; nil when every request parses.
    let status: Int?
    /// Requests returned before the error (or in total, when valid).
    let requests: Int
    let note: String

    var testDescription: String { name }

    private enum CodingKeys: String, CodingKey { case name, request, status, requests, note }

    /// A piece of a request: literal text or a run of repeated text (to keep 16 KiB cases readable).
    private enum Piece: Decodable {
        case text(String)
        case run(repeat: String, count: Int)

        private enum Keys: String, CodingKey { case `repeat`, count }

        init(from decoder: any Decoder) throws {
            if let text = try? decoder.singleValueContainer().decode(String.self) {
                self = .text(text)
                return
            }
            let container = try decoder.container(keyedBy: Keys.self)
            self = .run(
                repeat: try container.decode(String.self, forKey: .repeat),
                count: try container.decode(Int.self, forKey: .count))
        }
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        status = try container.decodeIfPresent(Int.self, forKey: .status)
        requests = try container.decode(Int.self, forKey: .requests)
        note = try container.decode(String.self, forKey: .note)
        let pieces: [Piece]
        if let text = try? container.decode(String.self, forKey: .request) {
            pieces = [.text(text)]
        } else {
            pieces = try container.decode([Piece].self, forKey: .request)
        }
        var bytes: [UInt8] = []
        for piece in pieces {
            switch piece {
            case .text(let text): bytes += try Self.latin1Bytes(text, in: name)
            case .run(let text, let count):
                let unit = try Self.latin1Bytes(text, in: name)
                for _ in 0..<count { bytes += unit }
            }
        }
        self.bytes = bytes
    }

    /// Characters U+0000…U+00FF stand for the bytes 0x00…0xFF; anything else is a typo in the fixture.
    private static func latin1Bytes(_ text: String, in name: String) throws -> [UInt8] {
        try text.unicodeScalars.map { scalar in
            guard scalar.value <= 0xFF else {
                let message = "\(name): U+\(String(scalar.value, radix: 16)) is not a byte"
                throw DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: message))
            }
            return UInt8(scalar.value)
        }
    }

    private struct File: Decodable { let cases: [RequestFixture] }

    /// The fixture file, found next to this source file so no bundle resources are needed.
    static let fileURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Fixtures/malformed-requests.json")

    static let loaded: Result<[RequestFixture], any Error> = Result {
        try JSONDecoder().decode(File.self, from: Data(contentsOf: fileURL)).cases
    }

    /// Test arguments; empty if the file is unreadable, which `RequestFixtureFileTests` reports as a failure.
    static var all: [RequestFixture] { (try? loaded.get()) ?? [] }
    static var rejections: [RequestFixture] { all.filter { $0.status != nil } }
    static var valid: [RequestFixture] { all.filter { $0.status == nil } }
}
