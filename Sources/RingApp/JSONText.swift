import Logging

/// JSON text written by hand (log lines, `/openapi.json`): RFC 8259 strings with quotes, backslashes and control
/// characters escaped (and U+2028/U+2029, which JavaScript once could not hold in a string).
enum JSONText {
    /// Whether `s` can be written as it is between quotes: no control character, quote, backslash or DEL, and no
    /// 0xE2 lead byte (U+2028/U+2029 start with it; other characters that do take the escaping path, which copies
    /// them). Most text (a request target) is plain.
    static func isPlain(_ s: String) -> Bool {
        !s.utf8.contains(where: { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 })
    }

    static func appendString(_ s: String, to out: inout String) {
        if isPlain(s) {
            out += "\""
            out += s
            out += "\""
            return
        }
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value) {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    /// The same string into bytes: plain text (``isPlain(_:)``) is copied whole.
    static func appendString(_ s: String, to out: inout [UInt8]) {
        if isPlain(s) {
            out.append(0x22)
            out.append(contentsOf: s.utf8)
            out.append(0x22)
            return
        }
        var escaped = ""
        appendString(s, to: &escaped)
        out.append(contentsOf: escaped.utf8)
    }

    static func append(_ value: Logger.Metadata.Value, to out: inout String) {
        switch value {
        case .string(let s): appendString(s, to: &out)
        case .stringConvertible(let c):
            // Numbers stay numbers; anything else is its description as a string.
            let text = c.description
            if c is any BinaryInteger || (c is Double && Double(text)?.isFinite == true) {
                out += text
            } else {
                appendString(text, to: &out)
            }
        case .array(let items):
            out += "["
            for (i, item) in items.enumerated() {
                if i > 0 { out += "," }
                append(item, to: &out)
            }
            out += "]"
        case .dictionary(let d):
            out += "{"
            for (i, key) in d.keys.sorted().enumerated() {
                if i > 0 { out += "," }
                appendString(key, to: &out)
                out += ":"
                append(d[key]!, to: &out)
            }
            out += "}"
        }
    }
}
