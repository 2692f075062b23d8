#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Byte constants and character classes of the HTTP grammar (RFC 9110 §5.6, RFC 9112 §2–§5, RFC 3986).
///
/// Written as `switch` ranges rather than lookup tables: the compiler turns them into a few compares, and
/// there is no lazily initialised global to touch on every byte. Shared with RingFetch's response parser through
/// `package` access (one grammar for both directions).
package enum HTTPByte {
    package static let cr: UInt8 = 0x0D
    package static let lf: UInt8 = 0x0A
    package static let sp: UInt8 = 0x20
    package static let htab: UInt8 = 0x09
    package static let colon: UInt8 = 0x3A
    package static let slash: UInt8 = 0x2F
    package static let question: UInt8 = 0x3F
    package static let hash: UInt8 = 0x23
    package static let asterisk: UInt8 = 0x2A
    package static let period: UInt8 = 0x2E
    package static let comma: UInt8 = 0x2C
    package static let percent: UInt8 = 0x25
    package static let leftBracket: UInt8 = 0x5B
    package static let rightBracket: UInt8 = 0x5D
    package static let semicolon: UInt8 = 0x3B
    package static let equals: UInt8 = 0x3D
    package static let quote: UInt8 = 0x22
    package static let backslash: UInt8 = 0x5C

    /// `tchar` (RFC 9110 §5.6.2): the characters of methods and field names.
    package static func isToken(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true  // DIGIT, ALPHA
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: true  // ! #$%&' * + - . ^_` | ~
        default: false
        }
    }

    /// `VCHAR`: visible US-ASCII. The only bytes a request-target may hold.
    package static func isVisible(_ b: UInt8) -> Bool { b >= 0x21 && b <= 0x7E }

    /// `field-vchar / SP / HTAB` (RFC 9110 §5.5): everything a field value may hold, obs-text (≥ 0x80) included.
    package static func isFieldValue(_ b: UInt8) -> Bool { b == htab || (b >= 0x20 && b != 0x7F) }

    package static func isWhitespace(_ b: UInt8) -> Bool { b == sp || b == htab }

    /// The index of the first byte in `bytes[range]` that a field value may not hold (``isFieldValue``), or
    /// `range.upperBound` when there is none.
    ///
    /// Eight bytes at a time while none of them is a control byte or DEL (a browser's request has some 500 bytes
    /// of values, and a byte-at-a-time check was most of the cost of parsing it, callgrind); a word with one, even
    /// an allowed tab, is left to the byte-at-a-time check, which finds the first offender.
    package static func firstInvalidFieldValueByte(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int {
        var i = range.lowerBound
        if let base = bytes.baseAddress {
            let ones: UInt64 = 0x0101_0101_0101_0101, highs: UInt64 = 0x8080_8080_8080_8080
            while i + 8 <= range.upperBound {
                let word = UInt64(littleEndian: UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self))
                // A byte below 0x20 (the classic "has less than" test, exact for existence), or one equal to 0x7F
                // (a zero byte after xor).
                let below = (word &- ones &* 0x20) & ~word & highs
                let delete = word ^ (ones &* 0x7F)
                let isDelete = (delete &- ones) & ~delete & highs
                if below | isDelete != 0 { break }
                i += 8
            }
        }
        while i < range.upperBound, isFieldValue(bytes[i]) { i += 1 }
        return i
    }

    package static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    package static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

    package static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    /// `unreserved / sub-delims` (RFC 3986 §2): the characters of a reg-name besides pct-encoded triplets.
    package static func isRegNameChar(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: true  // unreserved
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: true  // ! $ & ' ( ) * + , ; =
        default: false
        }
    }

    /// ASCII lowercase; only meaningful for letters, which is all it is used on.
    package static func lowercased(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b + 32 : b }

    /// Index of the first LF in `bytes[from...]`, or nil. memchr is vectorised, which matters for long header lines.
    package static func firstLineFeed(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress, from < bytes.count else { return nil }
        guard let hit = memchr(base + from, Int32(lf), bytes.count - from) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// Whether `bytes[range]` equals the lowercase ASCII `lowercaseName`, ignoring ASCII case.
    package static func equalsIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercaseName: StaticString
    ) -> Bool {
        guard range.count == lowercaseName.utf8CodeUnitCount else { return false }
        let name = lowercaseName.utf8Start
        for (k, i) in range.enumerated() where lowercased(bytes[i]) != name[k] { return false }
        return true
    }

    /// `range` without the spaces and tabs (HTTP's OWS) at either end.
    package static func trimmingWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var lower = range.lowerBound, upper = range.upperBound
        while lower < upper && isWhitespace(bytes[lower]) { lower += 1 }
        while upper > lower && isWhitespace(bytes[upper - 1]) { upper -= 1 }
        return lower..<upper
    }

    /// The value of a hex digit, or nil.
    package static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: Int(b - 0x30)
        case 0x41...0x46: Int(b - 0x41 + 10)
        case 0x61...0x66: Int(b - 0x61 + 10)
        default: nil
        }
    }

    /// Decodes bytes as a String. Invalid UTF-8 (obs-text) is replaced, never trusted.
    package static func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// Decodes `bytes[range]` as a String. Invalid UTF-8 (obs-text) is replaced, never trusted.
    package static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
