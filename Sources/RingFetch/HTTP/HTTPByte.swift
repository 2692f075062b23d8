/// Byte constants and character classes of the HTTP grammar (RFC 9110 §5.6, RFC 9112 §2–§7).
///
/// Written as ranges rather than lookup tables: the compiler turns them into a few compares, and there is no
/// lazily initialised global to touch on every byte.
enum HTTPByte {
    static let cr: UInt8 = 0x0D
    static let lf: UInt8 = 0x0A
    static let sp: UInt8 = 0x20
    static let htab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A
    static let semicolon: UInt8 = 0x3B
    static let comma: UInt8 = 0x2C
    static let equals: UInt8 = 0x3D
    static let quote: UInt8 = 0x22
    static let backslash: UInt8 = 0x5C

    /// `tchar` (RFC 9110 §5.6.2): the characters of field names, codings and directive names.
    static func isToken(_ b: UInt8) -> Bool {
        switch b {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true  // DIGIT, ALPHA
        case 0x21, 0x23...0x27, 0x2A, 0x2B, 0x2D, 0x2E, 0x5E...0x60, 0x7C, 0x7E: true  // ! #$%&' * + - . ^_` | ~
        default: false
        }
    }

    /// `field-vchar / SP / HTAB` (RFC 9110 §5.5): everything a field value, reason phrase or chunk extension
    /// may hold, obs-text (≥ 0x80) included. Excludes CR, LF, NUL and the other controls, and DEL.
    static func isFieldValue(_ b: UInt8) -> Bool { b == htab || (b >= 0x20 && b != 0x7F) }

    static func isWhitespace(_ b: UInt8) -> Bool { b == sp || b == htab }

    static func isDigit(_ b: UInt8) -> Bool { b >= 0x30 && b <= 0x39 }

    /// The value of a hex digit, or nil.
    static func hexValue(_ b: UInt8) -> Int? {
        switch b {
        case 0x30...0x39: Int(b - 0x30)
        case 0x41...0x46: Int(b - 0x41 + 10)
        case 0x61...0x66: Int(b - 0x61 + 10)
        default: nil
        }
    }

    /// ASCII lowercase; other bytes unchanged.
    static func lowercased(_ b: UInt8) -> UInt8 { (b >= 0x41 && b <= 0x5A) ? b + 32 : b }

    /// Decodes bytes as a String. Invalid UTF-8 (obs-text) is replaced, never trusted.
    static func string(_ bytes: some Collection<UInt8>) -> String {
        String(decoding: bytes, as: UTF8.self)
    }
}
