/// The header fields that carry an error message beside a response (docs/design.md §Errors).
///
/// Header values are ASCII in practice (RFC 9110 §5.5 leaves other bytes opaque, and clients decode them as
/// Latin-1), so `X-Ring-Error` carries an ASCII rendering of the message: ringd's own punctuation spelled in
/// ASCII (`0…10` → `0-10`, `×` → `x`), accented Latin letters without their accents, anything else `?`. When
/// that loses anything, `X-Ring-Error*` carries the exact text as an RFC 8187 ext-value (`UTF-8''` and the
/// percent-encoded UTF-8 bytes), which `decodeURIComponent` reads back after dropping the `UTF-8''` prefix.
enum ErrorHeader {
    /// The ASCII field.
    static let name = "X-Ring-Error"
    /// The exact-text field (RFC 8187's `*` suffix marks an ext-value).
    static let exactName = "X-Ring-Error*"
    /// Longest message carried, in Unicode scalars (a message quotes at most a short excerpt of the input).
    static let maxScalars = 300

    /// `X-Ring-Error`, `X-Ring-Error*` when the ASCII form lost anything, and the field letting pages on other
    /// origins read them.
    static func fields(_ message: String) -> [(String, String)] {
        let text = String(String.UnicodeScalarView(message.unicodeScalars.prefix(maxScalars)))
        let ascii = Self.ascii(text)
        var fields = [(name, ascii)]
        if ascii != text { fields.append((exactName, extValue(text))) }
        fields.append(("Access-Control-Expose-Headers", "\(name), \(exactName)"))
        return fields
    }

    /// `s` in visible ASCII: punctuation and accented Latin letters spelled in ASCII, other characters `?`.
    static func ascii(_ s: String) -> String {
        var out = ""
        let scalars = Array(s.unicodeScalars)
        for (i, scalar) in scalars.enumerated() {
            let v = scalar.value
            if (0x20...0x7E).contains(v) {
                out.unicodeScalars.append(scalar)
            } else if v == 0x2026 {
                // An ellipsis between numbers is a range (`0…10`); elsewhere it marks a cut.
                let before = i > 0 ? scalars[i - 1] : " ", after = i + 1 < scalars.count ? scalars[i + 1] : " "
                let isRange = Self.isDigit(before) && (Self.isDigit(after) || after == "-")
                out += isRange ? "-" : "..."
            } else if let spelled = punctuation[v] {
                out += spelled
            } else if let letter = latin[scalar] {
                out.unicodeScalars.append(letter)
            } else {
                out += "?"
            }
        }
        return out
    }

    /// RFC 8187 ext-value: `UTF-8''` and `s`'s UTF-8 with every byte but `attr-char` percent-encoded.
    static func extValue(_ s: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = Array("UTF-8''".utf8)
        for byte in s.utf8 {
            if isAttrChar(byte) {
                out.append(byte)
            } else {
                out += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// RFC 8187 §3.2.1 `attr-char`: ALPHA, DIGIT and `!#$&+-.^_`|~`.
    private static func isAttrChar(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        default:
            Array("!#$&+-.^_`|~".utf8).contains(b)
        }
    }

    private static func isDigit(_ s: Unicode.Scalar) -> Bool { ("0"..."9").contains(s) || s == "%" }

    /// Punctuation ringd's messages use (and its common neighbours), spelled in ASCII.
    static let punctuation: [UInt32: String] = [
        0x00A0: " ", 0x00D7: "x", 0x00B7: "-", 0x2010: "-", 0x2011: "-", 0x2012: "-", 0x2013: "-", 0x2014: "-",
        0x2018: "'", 0x2019: "'", 0x201C: "\"", 0x201D: "\"", 0x2022: "-", 0x2192: "->", 0x2264: "<=", 0x2265: ">=",
        0x2212: "-", 0x00AB: "\"", 0x00BB: "\"", 0x00B0: " degrees", 0x00BD: "1/2", 0x00DF: "ss",
    ]

    /// Accented Latin letters (Latin-1 Supplement and Latin Extended-A) and their base letters.
    static let latin: [Unicode.Scalar: Unicode.Scalar] = {
        let groups: [(String, Unicode.Scalar)] = [
            ("ÀÁÂÃÄÅĀĂĄ", "A"), ("àáâãäåāăą", "a"), ("ÇĆĈĊČ", "C"), ("çćĉċč", "c"), ("ĎĐÐ", "D"), ("ďđð", "d"),
            ("ÈÉÊËĒĔĖĘĚ", "E"), ("èéêëēĕėęě", "e"), ("ĜĞĠĢ", "G"), ("ĝğġģ", "g"), ("ĤĦ", "H"), ("ĥħ", "h"),
            ("ÌÍÎÏĨĪĬĮİ", "I"), ("ìíîïĩīĭįı", "i"), ("Ĵ", "J"), ("ĵ", "j"), ("Ķ", "K"), ("ķĸ", "k"),
            ("ĹĻĽĿŁ", "L"), ("ĺļľŀł", "l"), ("ÑŃŅŇŊ", "N"), ("ñńņňŉŋ", "n"), ("ÒÓÔÕÖØŌŎŐ", "O"), ("òóôõöøōŏő", "o"),
            ("ŔŖŘ", "R"), ("ŕŗř", "r"), ("ŚŜŞŠ", "S"), ("śŝşš", "s"), ("ŢŤŦ", "T"), ("ţťŧ", "t"),
            ("ÙÚÛÜŨŪŬŮŰŲ", "U"), ("ùúûüũūŭůűų", "u"), ("Ŵ", "W"), ("ŵ", "w"), ("ÝŶŸ", "Y"), ("ýÿŷ", "y"),
            ("ŹŻŽ", "Z"), ("źżž", "z"),
        ]
        var table: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (letters, base) in groups {
            for scalar in letters.unicodeScalars { table[scalar] = base }
        }
        return table
    }()
}
