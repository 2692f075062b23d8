import Testing
@testable import RingHTTP

/// The word-at-a-time field value check against its byte-at-a-time definition.
@Suite struct HTTPByteTests {
    /// The first byte `isFieldValue` refuses, one byte at a time: what the fast check must always agree with.
    static func firstInvalidByteByByte(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        range.first { !HTTPByte.isFieldValue(bytes[$0]) } ?? range.upperBound
    }

    /// Every byte value at every position of a 24-byte value, each on a background of allowed bytes that sit
    /// next to the edges of the test (0x20, 0x7E, 0x80, 0xFF, tab), and random values from the whole byte range.
    @Test func agreesWithTheByteAtATimeCheck() {
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        for background: UInt8 in [0x20, 0x21, 0x7E, 0x80, 0xFF, 0x09, 0x41] {
            for position in 0..<24 {
                for value in 0...255 {
                    var bytes = [UInt8](repeating: background, count: 24)
                    bytes[position] = UInt8(value)
                    for range in [0..<24, 1..<24, 3..<19, position..<24] {
                        let expected = Self.firstInvalidByteByByte(bytes, range)
                        let found = bytes.withUnsafeBufferPointer { HTTPByte.firstInvalidFieldValueByte($0, range) }
                        #expect(found == expected, "byte \(value) at \(position) on \(background), range \(range)")
                        checked += 1
                    }
                }
            }
        }
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...40, using: &generator)
            // Mostly allowed bytes, with an occasional control byte or DEL.
            let bytes = (0..<count).map { _ -> UInt8 in
                Int.random(in: 0..<20, using: &generator) == 0
                    ? [0x00, 0x0D, 0x1F, 0x7F, 0x09][Int.random(in: 0..<5, using: &generator)]
                    : UInt8.random(in: 0x20...0xFF, using: &generator)
            }
            let lower = Int.random(in: 0...count, using: &generator)
            let range = lower..<count
            let found = bytes.withUnsafeBufferPointer { HTTPByte.firstInvalidFieldValueByte($0, range) }
            #expect(found == Self.firstInvalidByteByByte(bytes, range), "\(bytes) \(range)")
            checked += 1
        }
        #expect(checked > 100_000)
    }
}
