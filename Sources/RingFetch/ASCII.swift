/// Byte-level character classes for the URL and address parsers.
///
/// Everything here works on UTF-8 bytes, never on `Character`s: `String` comparison uses Unicode canonical
/// equivalence, and a parser that let normalization turn one character into another (`①` into `1`, a fullwidth dot
/// into `.`) would accept spellings the connecting code then reads differently.
enum ASCII {
    static let zero = UInt8(ascii: "0")
    static let dot = UInt8(ascii: ".")
    static let colon = UInt8(ascii: ":")
    static let slash = UInt8(ascii: "/")
    static let backslash = UInt8(ascii: "\\")
    static let question = UInt8(ascii: "?")
    static let hash = UInt8(ascii: "#")
    static let at = UInt8(ascii: "@")
    static let percent = UInt8(ascii: "%")
    static let leftBracket = UInt8(ascii: "[")
    static let rightBracket = UInt8(ascii: "]")
    static let hyphen = UInt8(ascii: "-")
    static let underscore = UInt8(ascii: "_")
    static let plus = UInt8(ascii: "+")
    /// First byte that is not ASCII: every byte of a multi-byte UTF-8 sequence is at least this.
    static let firstNonASCII: UInt8 = 0x80

    static func isDigit(_ byte: UInt8) -> Bool { byte >= zero && byte <= UInt8(ascii: "9") }

    static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// Space and the C0 controls, and DEL: never valid unencoded in a URL.
    static func isSpaceOrControl(_ byte: UInt8) -> Bool { byte <= 0x20 || byte == 0x7F }

    static func lowercased(_ byte: UInt8) -> UInt8 {
        byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? byte + 0x20 : byte
    }

    /// The value of `byte` as a digit in `radix` (8, 10 or 16), or nil.
    static func digitValue(_ byte: UInt8, radix: UInt8) -> UInt8? {
        let value: UInt8
        switch byte {
        case zero...UInt8(ascii: "9"): value = byte - zero
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): value = byte - UInt8(ascii: "A") + 10
        default: return nil
        }
        return value < radix ? value : nil
    }
}
