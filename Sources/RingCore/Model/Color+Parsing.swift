extension Color {
    /// Parses a colour as the URL API spells it (docs/design.md §Colours).
    ///
    /// Accepted, in this order:
    /// 1. a name from ``NamedColors`` — seed palette, iOS system colours, CSS named colours — ignoring ASCII case;
    /// 2. hex `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`, the `#` optional, digits in either case.
    ///
    /// Names are tried first so that a string that could be both always means the name. Today no name consists of
    /// hex digits only (a test pins that), so `add`, `bee` or `fade` are simply hex.
    /// Anything else — whitespace, `rgb(…)`, trailing characters, non-ASCII — is rejected with nil.
    public init?(parsing text: some StringProtocol) {
        if let named = NamedColors.named(text) {
            self = named
        } else if let hex = Color(hexString: text) {
            self = hex
        } else {
            return nil
        }
    }

    /// Parses `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa` (the `#` optional, hex digits in either case); nil otherwise.
    ///
    /// Short forms repeat each digit, as in CSS: `#f80` is `#ff8800`. Without an alpha digit the colour is opaque.
    public init?(hexString text: some StringProtocol) {
        var digits: [UInt8] = []
        digits.reserveCapacity(8)
        var utf8 = text.utf8[...]
        if utf8.first == UInt8(ascii: "#") {
            utf8 = utf8.dropFirst()
        }
        for byte in utf8 {
            // Stop early: the longest form has 8 digits, so a huge input costs at most 9 steps.
            guard digits.count < 8, let nibble = Color.hexValue(byte) else { return nil }
            digits.append(nibble)
        }
        switch digits.count {
        case 3, 4:
            let channels = digits.map { $0 << 4 | $0 }
            self.init(r: channels[0], g: channels[1], b: channels[2], a: digits.count == 4 ? channels[3] : 255)
        case 6, 8:
            let channels = stride(from: 0, to: digits.count, by: 2).map { digits[$0] << 4 | digits[$0 + 1] }
            self.init(r: channels[0], g: channels[1], b: channels[2], a: digits.count == 8 ? channels[3] : 255)
        default:
            return nil
        }
    }

    /// The value of one ASCII hex digit, or nil.
    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
