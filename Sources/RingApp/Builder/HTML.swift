/// Small helpers for writing HTML text (RingApp avoids Foundation).
enum HTML {
    /// `s` safe inside element content and inside double- or single-quoted attribute values.
    static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    /// ` name="value"` with the value escaped.
    static func attribute(_ name: String, _ value: String) -> String {
        " \(name)=\"\(escape(value))\""
    }
}
