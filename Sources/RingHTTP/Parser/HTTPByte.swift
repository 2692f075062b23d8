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
/// there is no lazily initialised global to touch on every byte.
enum HTTPByte {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let sp: UInt8 = 0x20
    static let htab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let slash: UInt8 = 0x2F
    static let question: UInt8 = 0x3F
    static let hash: UInt8 = 0x23
    static let asterisk: UInt8 = 0x2A
    static let period: UInt8 = 0x2E
    static let comma: UInt8 = 0x2C
    static let percent: UInt8 = 0x25
    static let leftBracket: UInt8 = 0x5B
    static let rightBracket: UInt8 = 0x5D

    /// `tchar` (RFC 9110 §5.6.2): the characters of methods and field names.
    static func isToken(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true  // DIGIT, ALPHA
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: true  // ! #$%&' * + - . ^_` | ~
        default: false
        }
    }

    /// `VCHAR`: visible US-ASCII. The only bytes a request-target may hold.
    static func isVisible(_ b: UInt8) -> Bool { b >= 0x21 && b <= 0x7E }

    /// `field-vchar / SP / HTAB` (RFC 9110 §5.5): everything a field value may hold, obs-text (≥ 0x80) included.
    static func isFieldValue(_ b: UInt8) -> Bool { b == htab || (b >= 0x20 && b != 0x7F) }

    static func isWhitespace(_ b: UInt8) -> Bool { b == sp || b == htab }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    static func isAlpha(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) }

    static func isHexDigit(_ b: UInt8) -> Bool {
        isDigit(b) || (b >= 0x41 && b <= 0x46) || (b >= 0x61 && b <= 0x66)
    }

    /// `unreserved / sub-delims` (RFC 3986 §2): the characters of a reg-name besides pct-encoded triplets.
    static func isRegNameChar(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A, 0x2D, 0x2E, 0x5F, 0x7E: true  // unreserved
        case 0x21, 0x24, 0x26...0x2C, 0x3B, 0x3D: true  // ! $ & ' ( ) * + , ; =
        default: false
        }
    }

    /// ASCII lowercase; only meaningful for letters, which is all it is used on.
    static func lowercased(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b + 32 : b }

    /// Index of the first LF in `bytes[from...]`, or nil. memchr is vectorised, which matters for long header lines.
    static func firstLineFeed(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
        guard let base = bytes.baseAddress, from < bytes.count else { return nil }
        guard let hit = memchr(base + from, Int32(lf), bytes.count - from) else { return nil }
        return UnsafeRawPointer(hit) - UnsafeRawPointer(base)
    }

    /// Whether `bytes[range]` equals the lowercase ASCII `lowercaseName`, ignoring ASCII case.
    static func equalsIgnoringCase(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ lowercaseName: StaticString
    ) -> Bool {
        guard range.count == lowercaseName.utf8CodeUnitCount else { return false }
        let name = lowercaseName.utf8Start
        for (k, i) in range.enumerated() where lowercased(bytes[i]) != name[k] { return false }
        return true
    }

    /// Decodes `bytes[range]` as a String. Invalid UTF-8 (obs-text) is replaced, never trusted.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }
}
