/// Every colour name the URL API accepts, and the activity gradient presets (docs/design.md §Colours).
///
/// Three families share one ASCII case-insensitive namespace (`LightRed`, `lightred` and `LIGHTRED` are one name):
/// - the flat palette of seed 000 (`lightRed` … `purpleBg`);
/// - the iOS system colours the seeds use (`systemGray` … `systemGray6`, `systemRed`, …), light-mode values;
/// - the 148 CSS Color 4 named colours, plus `transparent` (and its SwiftUI spelling `clear`);
/// - shields.io's badge colour names that CSS does not define (`brightgreen`, `success`, `important`,
///   `critical`, `informational`, `inactive`), in shields' values, so badge URLs copied from shields work.
///
/// shields also names `green`, `yellowgreen`, `yellow`, `orange`, `red`, `blue` and `lightgrey` in its own
/// shades; CSS defines them too, and there **CSS wins**: every ring drawn with `color=red` before keeps its colour.
///
/// Seven palette names collide with CSS names once case is ignored: `lightGreen`, `darkGreen`, `lightBlue`,
/// `darkBlue`, `lightYellow`, `darkRed`, `darkOrange`. The **palette wins**: it is what the seeds (and our default
/// gradient `darkPurple,lightYellow`) mean by those names. The CSS colours stay reachable by hex
/// (e.g. CSS `lightyellow` is `#ffffe0`).
///
/// No name is spelled with hex digits only, so a bare `add` or `bee` is always hex; ``Color/init(parsing:)``
/// nevertheless tries names first, so the rule stays fixed if a name like that is ever added.
public enum NamedColors {
    /// One named colour in its canonical (documented) spelling.
    public struct Entry: Sendable, Hashable {
        public let name: String
        public let color: Color
    }

    /// What a colour parameter accepts, for error messages and generated docs.
    public static let syntaxDescription = "a colour: #rgb, #rgba, #rrggbb, #rrggbbaa (the # is optional) "
        + "or a name such as red, lightRed, systemGray6"

    /// Looks a colour up by name, ignoring ASCII case; nil for unknown names (gradient presets are not colours).
    public static func named(_ name: some StringProtocol) -> Color? {
        guard let key = lookupKey(name) else { return nil }
        return table[key]
    }

    /// Canonical spellings of every accepted name: palette, then system colours, then CSS (shadowed CSS names
    /// are left out, since they resolve to the palette colour).
    public static let allNames: [String] = {
        let shadowed = Set(palette.map { $0.name.lowercased() })
        return (palette + system).map(\.name) + css.map(\.name).filter { !shadowed.contains($0) } + shields.map(\.name)
    }()

    // MARK: Gradient presets

    /// Apple's activity ring gradients, by name: `move`, `exercise`, `stand`.
    public static func gradientPreset(_ name: some StringProtocol) -> Gradient? {
        guard let key = lookupKey(name) else { return nil }
        return gradientPresets.first { $0.name == key }?.gradient
    }

    /// Names accepted by ``gradientPreset(_:)``, in the default ring order (outermost first).
    public static let gradientPresetNames: [String] = gradientPresets.map(\.name)

    /// Move ring (red): `#D21331 → #FF3287`.
    public static let move = preset(0xD21331, 0xFF3287)
    /// Exercise ring (green): `#3FD400 → #B8FF00`.
    public static let exercise = preset(0x3FD400, 0xB8FF00)
    /// Stand ring (cyan): `#00BAE1 → #00FECF`.
    public static let stand = preset(0x00BAE1, 0x00FECF)

    private static let gradientPresets: [(name: String, gradient: Gradient)] = [
        ("move", move), ("exercise", exercise), ("stand", stand),
    ]

    private static func preset(_ from: UInt32, _ to: UInt32) -> Gradient {
        // Two stops is always within RingLimits.gradientStops, so this cannot fail.
        guard let gradient = Gradient(stops: [Color(hex: from), Color(hex: to)]) else {
            preconditionFailure("two-stop gradient rejected")
        }
        return gradient
    }

    // MARK: Seed 000 flat palette (flatuicolors.com "defo")

    public static let lightRed = Color(hex: 0xE74C3C)
    public static let darkRed = Color(hex: 0xC0392B)
    public static let lightGreen = Color(hex: 0x2ECC71)
    public static let darkGreen = Color(hex: 0x27AE60)
    public static let lightPurple = Color(hex: 0x9B59B6)
    public static let darkPurple = Color(hex: 0x8E44AD)
    public static let lightBlue = Color(hex: 0x3498DB)
    public static let darkBlue = Color(hex: 0x2980B9)
    public static let lightYellow = Color(hex: 0xF1C40F)
    public static let darkYellow = Color(hex: 0xF39C12)
    public static let lightOrange = Color(hex: 0xE67E22)
    public static let darkOrange = Color(hex: 0xD35400)
    public static let purpleBg = Color(hex: 0x4533C9)

    /// The seed 000 palette in the seed's order.
    public static let palette: [Entry] = [
        Entry(name: "lightRed", color: lightRed), Entry(name: "darkRed", color: darkRed),
        Entry(name: "lightGreen", color: lightGreen), Entry(name: "darkGreen", color: darkGreen),
        Entry(name: "lightPurple", color: lightPurple), Entry(name: "darkPurple", color: darkPurple),
        Entry(name: "lightBlue", color: lightBlue), Entry(name: "darkBlue", color: darkBlue),
        Entry(name: "lightYellow", color: lightYellow), Entry(name: "darkYellow", color: darkYellow),
        Entry(name: "lightOrange", color: lightOrange), Entry(name: "darkOrange", color: darkOrange),
        Entry(name: "purpleBg", color: purpleBg),
    ]

    // MARK: iOS system colours (light mode; the seeds draw tracks in systemGray6 and petals in systemGray2)

    public static let systemGray = Color(hex: 0x8E8E93)
    public static let systemGray2 = Color(hex: 0xAEAEB2)
    public static let systemGray3 = Color(hex: 0xC7C7CC)
    public static let systemGray4 = Color(hex: 0xD1D1D6)
    public static let systemGray5 = Color(hex: 0xE5E5EA)
    public static let systemGray6 = Color(hex: 0xF2F2F7)

    /// iOS system colours, light appearance (iOS 15+ values).
    public static let system: [Entry] = [
        Entry(name: "systemGray", color: systemGray), Entry(name: "systemGray2", color: systemGray2),
        Entry(name: "systemGray3", color: systemGray3), Entry(name: "systemGray4", color: systemGray4),
        Entry(name: "systemGray5", color: systemGray5), Entry(name: "systemGray6", color: systemGray6),
        Entry(name: "systemRed", color: Color(hex: 0xFF3B30)),
        Entry(name: "systemOrange", color: Color(hex: 0xFF9500)),
        Entry(name: "systemYellow", color: Color(hex: 0xFFCC00)),
        Entry(name: "systemGreen", color: Color(hex: 0x34C759)),
        Entry(name: "systemMint", color: Color(hex: 0x00C7BE)),
        Entry(name: "systemTeal", color: Color(hex: 0x30B0C7)),
        Entry(name: "systemCyan", color: Color(hex: 0x32ADE6)),
        Entry(name: "systemBlue", color: Color(hex: 0x007AFF)),
        Entry(name: "systemIndigo", color: Color(hex: 0x5856D6)),
        Entry(name: "systemPurple", color: Color(hex: 0xAF52DE)),
        Entry(name: "systemPink", color: Color(hex: 0xFF2D55)),
        Entry(name: "systemBrown", color: Color(hex: 0xA2845E)),
    ]

    // MARK: CSS

    /// The CSS Color 4 named colours (checked against librsvg), then `transparent` and `clear`.
    public static let css: [Entry] = cssTable.map { Entry(name: $0.0, color: Color(hex: $0.1)) } + [
        Entry(name: "transparent", color: .transparent),
        Entry(name: "clear", color: .transparent),
    ]

    private static let cssTable: [(String, UInt32)] = [
        ("aliceblue", 0xF0F8FF),
        ("antiquewhite", 0xFAEBD7),
        ("aqua", 0x00FFFF),
        ("aquamarine", 0x7FFFD4),
        ("azure", 0xF0FFFF),
        ("beige", 0xF5F5DC),
        ("bisque", 0xFFE4C4),
        ("black", 0x000000),
        ("blanchedalmond", 0xFFEBCD),
        ("blue", 0x0000FF),
        ("blueviolet", 0x8A2BE2),
        ("brown", 0xA52A2A),
        ("burlywood", 0xDEB887),
        ("cadetblue", 0x5F9EA0),
        ("chartreuse", 0x7FFF00),
        ("chocolate", 0xD2691E),
        ("coral", 0xFF7F50),
        ("cornflowerblue", 0x6495ED),
        ("cornsilk", 0xFFF8DC),
        ("crimson", 0xDC143C),
        ("cyan", 0x00FFFF),
        ("darkblue", 0x00008B),
        ("darkcyan", 0x008B8B),
        ("darkgoldenrod", 0xB8860B),
        ("darkgray", 0xA9A9A9),
        ("darkgreen", 0x006400),
        ("darkgrey", 0xA9A9A9),
        ("darkkhaki", 0xBDB76B),
        ("darkmagenta", 0x8B008B),
        ("darkolivegreen", 0x556B2F),
        ("darkorange", 0xFF8C00),
        ("darkorchid", 0x9932CC),
        ("darkred", 0x8B0000),
        ("darksalmon", 0xE9967A),
        ("darkseagreen", 0x8FBC8F),
        ("darkslateblue", 0x483D8B),
        ("darkslategray", 0x2F4F4F),
        ("darkslategrey", 0x2F4F4F),
        ("darkturquoise", 0x00CED1),
        ("darkviolet", 0x9400D3),
        ("deeppink", 0xFF1493),
        ("deepskyblue", 0x00BFFF),
        ("dimgray", 0x696969),
        ("dimgrey", 0x696969),
        ("dodgerblue", 0x1E90FF),
        ("firebrick", 0xB22222),
        ("floralwhite", 0xFFFAF0),
        ("forestgreen", 0x228B22),
        ("fuchsia", 0xFF00FF),
        ("gainsboro", 0xDCDCDC),
        ("ghostwhite", 0xF8F8FF),
        ("gold", 0xFFD700),
        ("goldenrod", 0xDAA520),
        ("gray", 0x808080),
        ("green", 0x008000),
        ("greenyellow", 0xADFF2F),
        ("grey", 0x808080),
        ("honeydew", 0xF0FFF0),
        ("hotpink", 0xFF69B4),
        ("indianred", 0xCD5C5C),
        ("indigo", 0x4B0082),
        ("ivory", 0xFFFFF0),
        ("khaki", 0xF0E68C),
        ("lavender", 0xE6E6FA),
        ("lavenderblush", 0xFFF0F5),
        ("lawngreen", 0x7CFC00),
        ("lemonchiffon", 0xFFFACD),
        ("lightblue", 0xADD8E6),
        ("lightcoral", 0xF08080),
        ("lightcyan", 0xE0FFFF),
        ("lightgoldenrodyellow", 0xFAFAD2),
        ("lightgray", 0xD3D3D3),
        ("lightgreen", 0x90EE90),
        ("lightgrey", 0xD3D3D3),
        ("lightpink", 0xFFB6C1),
        ("lightsalmon", 0xFFA07A),
        ("lightseagreen", 0x20B2AA),
        ("lightskyblue", 0x87CEFA),
        ("lightslategray", 0x778899),
        ("lightslategrey", 0x778899),
        ("lightsteelblue", 0xB0C4DE),
        ("lightyellow", 0xFFFFE0),
        ("lime", 0x00FF00),
        ("limegreen", 0x32CD32),
        ("linen", 0xFAF0E6),
        ("magenta", 0xFF00FF),
        ("maroon", 0x800000),
        ("mediumaquamarine", 0x66CDAA),
        ("mediumblue", 0x0000CD),
        ("mediumorchid", 0xBA55D3),
        ("mediumpurple", 0x9370DB),
        ("mediumseagreen", 0x3CB371),
        ("mediumslateblue", 0x7B68EE),
        ("mediumspringgreen", 0x00FA9A),
        ("mediumturquoise", 0x48D1CC),
        ("mediumvioletred", 0xC71585),
        ("midnightblue", 0x191970),
        ("mintcream", 0xF5FFFA),
        ("mistyrose", 0xFFE4E1),
        ("moccasin", 0xFFE4B5),
        ("navajowhite", 0xFFDEAD),
        ("navy", 0x000080),
        ("oldlace", 0xFDF5E6),
        ("olive", 0x808000),
        ("olivedrab", 0x6B8E23),
        ("orange", 0xFFA500),
        ("orangered", 0xFF4500),
        ("orchid", 0xDA70D6),
        ("palegoldenrod", 0xEEE8AA),
        ("palegreen", 0x98FB98),
        ("paleturquoise", 0xAFEEEE),
        ("palevioletred", 0xDB7093),
        ("papayawhip", 0xFFEFD5),
        ("peachpuff", 0xFFDAB9),
        ("peru", 0xCD853F),
        ("pink", 0xFFC0CB),
        ("plum", 0xDDA0DD),
        ("powderblue", 0xB0E0E6),
        ("purple", 0x800080),
        ("rebeccapurple", 0x663399),
        ("red", 0xFF0000),
        ("rosybrown", 0xBC8F8F),
        ("royalblue", 0x4169E1),
        ("saddlebrown", 0x8B4513),
        ("salmon", 0xFA8072),
        ("sandybrown", 0xF4A460),
        ("seagreen", 0x2E8B57),
        ("seashell", 0xFFF5EE),
        ("sienna", 0xA0522D),
        ("silver", 0xC0C0C0),
        ("skyblue", 0x87CEEB),
        ("slateblue", 0x6A5ACD),
        ("slategray", 0x708090),
        ("slategrey", 0x708090),
        ("snow", 0xFFFAFA),
        ("springgreen", 0x00FF7F),
        ("steelblue", 0x4682B4),
        ("tan", 0xD2B48C),
        ("teal", 0x008080),
        ("thistle", 0xD8BFD8),
        ("tomato", 0xFF6347),
        ("turquoise", 0x40E0D0),
        ("violet", 0xEE82EE),
        ("wheat", 0xF5DEB3),
        ("white", 0xFFFFFF),
        ("whitesmoke", 0xF5F5F5),
        ("yellow", 0xFFFF00),
        ("yellowgreen", 0x9ACD32),
    ]

    // MARK: Lookup

    /// Lower-cased name → colour. CSS first, so that palette entries overwrite the CSS names they shadow.
    /// shields.io's colour names that CSS lacks (badges' flat colours: brightgreen is its `success`, and so on).
    public static let shields: [Entry] = [
        Entry(name: "brightgreen", color: Color(hex: 0x44CC11)), Entry(name: "success", color: Color(hex: 0x44CC11)),
        Entry(name: "important", color: Color(hex: 0xFE7D37)), Entry(name: "critical", color: Color(hex: 0xE05D44)),
        Entry(name: "informational", color: Color(hex: 0x007EC6)), Entry(name: "inactive", color: Color(hex: 0x9F9F9F)),
    ]

    /// shields.io's own shades of the names it shares with CSS. A badge's colour parameters read these first (people
    /// copy badge URLs from shields and expect its colours there); every other route keeps the CSS colours.
    public static let shieldsShades: [Entry] = [
        Entry(name: "green", color: Color(hex: 0x97CA00)), Entry(name: "yellowgreen", color: Color(hex: 0xA4A61D)),
        Entry(name: "yellow", color: Color(hex: 0xDFB317)), Entry(name: "orange", color: Color(hex: 0xFE7D37)),
        Entry(name: "red", color: Color(hex: 0xE05D44)), Entry(name: "blue", color: Color(hex: 0x007EC6)),
        Entry(name: "lightgrey", color: Color(hex: 0x9F9F9F)), Entry(name: "lightgray", color: Color(hex: 0x9F9F9F)),
        Entry(name: "grey", color: Color(hex: 0x555555)), Entry(name: "gray", color: Color(hex: 0x555555)),
    ]

    /// The shields shade called `name` (ASCII case ignored), if shields has one of its own.
    public static func shieldsShade(_ name: some StringProtocol) -> Color? {
        guard let key = lookupKey(name) else { return nil }
        return shieldsShades.first { $0.name == key }?.color
    }

    private static let table: [String: Color] = {
        var table: [String: Color] = [:]
        for entry in shields + css + system + palette {
            table[entry.name.lowercased()] = entry.color
        }
        return table
    }()

    /// Longest key in the table; longer input is rejected before any work is done on it.
    private static let maxNameLength = (shields + css + system + palette).map(\.name.utf8.count).max() ?? 0

    /// The ASCII-lower-cased key for `name`, or nil if it is too long or not ASCII letters and digits.
    ///
    /// ASCII only on purpose: Unicode lower-casing would map e.g. the Kelvin sign `K` (U+212A) to `k`.
    static func lookupKey(_ name: some StringProtocol) -> String? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(maxNameLength)
        for byte in name.utf8 {
            guard bytes.count < maxNameLength else { return nil }
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): bytes.append(byte + 32)
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"): bytes.append(byte)
            default: return nil
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
