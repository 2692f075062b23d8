import RingCore
import RingText

/// Typed access to one route's query values, validated through the parameter table.
///
/// Every getter reads the query's value, else the table's default value as if the query gave it (the decoder has
/// no defaults of its own); it returns nil when there is neither and throws a ``QueryError`` quoting the table's
/// expectation when the value is wrong.
struct QueryReader {
    let route: ImageRoute
    let query: QueryString
    /// The table whose rows say what each parameter accepts.
    let table: ParameterTable
    /// The fonts labels are set in: what they cover is what a label may contain.
    var typeface: Typeface = .system

    func isGiven(_ name: String) -> Bool { query[name] != nil }

    /// The query's text for `name`, else the table's default value (``ParameterDefault/value(_:)``), else nil.
    func value(_ name: String) -> String? {
        query[name] ?? table.parameter(name, in: route)?.omitted.text
    }

    /// `read`'s answer for `name`, which a parameter with a default value always has; for one without, the error a
    /// missing value gets.
    func need<T>(_ read: T?, _ name: String) throws(QueryError) -> T {
        guard let read else { throw error(name, "") }
        return read
    }

    /// A colour that `none` cannot stand for (the row has a default value, or the parameter is required).
    func opaqueColor(_ name: String) throws(QueryError) -> Color {
        guard let color = try color(name) ?? nil else { throw error(name, query[name] ?? "") }
        return color
    }

    /// The table row; every name the decoder asks for is in the table (a programming error otherwise).
    func row(_ name: String) -> Parameter {
        guard let row = table.parameter(name, in: route) else { preconditionFailure("\(name) is not in the \(route) table") }
        return row
    }

    func error(_ name: String, _ given: String, _ expected: String? = nil) -> QueryError {
        QueryError(parameter: name, given: given.isEmpty ? "nothing" : given, expected: expected ?? row(name).kind.expectation)
    }

    func progress(_ name: String) throws(QueryError) -> Double? {
        guard let raw = value(name) else { return nil }
        guard case .progress(let range) = row(name).kind,
              let v = ValueSyntax.progress(raw), range.contains(v)
        else { throw error(name, raw) }
        return ValueSyntax.canonical(v)
    }

    func progressList(_ name: String) throws(QueryError) -> [Double]? {
        guard let raw = value(name) else { return nil }
        guard case .progressList(let range, let count) = row(name).kind else { throw error(name, raw) }
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
        guard count.contains(parts.count) else { throw error(name, raw) }
        var values: [Double] = []
        for part in parts {
            guard let v = ValueSyntax.progress(String(part)), range.contains(v) else { throw error(name, raw) }
            values.append(ValueSyntax.canonical(v))
        }
        return values
    }

    func number(_ name: String) throws(QueryError) -> Double? {
        guard let raw = value(name) else { return nil }
        guard case .number(let range, _) = row(name).kind,
              let v = ValueSyntax.decimal(raw), range.contains(v)
        else { throw error(name, raw) }
        return ValueSyntax.canonical(v)
    }

    func integer(_ name: String) throws(QueryError) -> Int? {
        guard let raw = value(name) else { return nil }
        guard case .integer(let range) = row(name).kind,
              raw.utf8.count <= 6, raw.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let v = Int(raw), range.contains(v)
        else { throw error(name, raw) }
        return v
    }

    func length(_ name: String) throws(QueryError) -> Length? {
        guard let raw = value(name) else { return nil }
        guard case .length(let px, let pc) = row(name).kind else { throw error(name, raw) }
        if raw.hasSuffix("%") {
            guard let v = ValueSyntax.decimal(String(raw.dropLast())), pc.contains(v) else { throw error(name, raw) }
            return .fraction(ValueSyntax.canonical(v / 100))
        }
        let number = raw.hasSuffix("px") ? String(raw.dropLast(2)) : raw
        guard let v = ValueSyntax.decimal(number), px.contains(v) else { throw error(name, raw) }
        return .pixels(ValueSyntax.canonical(v))
    }

    /// A colour; `.some(nil)` means the word `none` where the row allows it.
    func color(_ name: String) throws(QueryError) -> Color?? {
        guard let raw = value(name) else { return nil }
        guard case .color(let allowsNone) = row(name).kind else { throw error(name, raw) }
        if allowsNone && raw.lowercased() == "none" { return .some(nil) }
        if route == .badge, let shade = NamedColors.shieldsShade(raw) { return .some(shade) }
        guard let c = Color(parsing: raw) else { throw error(name, raw) }
        return .some(c)
    }

    /// A colour, preset or comma-separated gradient.
    func paint(_ name: String) throws(QueryError) -> Fill? {
        guard let raw = value(name) else { return nil }
        switch row(name).kind {
        case .paint(let stops):
            if let fill = ValueSyntax.paint(raw, separator: ",", stops: stops) { return fill }
        case .gradient(let stops):
            if let fill = ValueSyntax.paint(raw, separator: ",", stops: stops), case .gradient = fill { return fill }
        default:
            break
        }
        throw error(name, raw)
    }

    func paintList(_ name: String) throws(QueryError) -> [Fill]? {
        guard let raw = value(name) else { return nil }
        guard case .paintList(let count) = row(name).kind else { throw error(name, raw) }
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
        guard count.contains(parts.count) else { throw error(name, raw) }
        var fills: [Fill] = []
        for part in parts {
            guard let f = ValueSyntax.paint(String(part), separator: "-", stops: RingLimits.gradientStops) else {
                // The entry is user input: quoted, escaped and shortened like every echo (QueryError.echo).
                throw error(name, raw, "colours or presets, one per ring; \(part.isEmpty ? "an empty entry" : QueryError.echo(part)) is not one")
            }
            fills.append(f)
        }
        return fills
    }

    func colorList(_ name: String) throws(QueryError) -> [Color?]? {
        guard let raw = value(name) else { return nil }
        guard case .colorList(let count) = row(name).kind else { throw error(name, raw) }
        let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
        guard count.contains(parts.count) else { throw error(name, raw) }
        var colors: [Color?] = []
        for part in parts {
            if part.lowercased() == "none" { colors.append(nil); continue }
            guard let c = Color(parsing: part) else { throw error(name, raw) }
            colors.append(c)
        }
        return colors
    }

    func choice<T: RawRepresentable>(_ name: String, as type: T.Type) throws(QueryError) -> T? where T.RawValue == String {
        guard let raw = value(name) else { return nil }
        guard let v = T(rawValue: raw.lowercased()) else { throw error(name, raw) }
        return v
    }

    func flag(_ name: String) throws(QueryError) -> Bool? {
        guard let raw = value(name) else { return nil }
        switch raw {
        case "1", "true": return true
        case "0", "false": return false
        default: throw error(name, raw)
        }
    }

    func text(_ name: String) throws(QueryError) -> String? {
        guard let raw = value(name) else { return nil }
        guard case .text(let maxLength, let isLabel) = row(name).kind else { throw error(name, raw) }
        guard raw.count <= maxLength else {
            throw error(name, raw, "at most \(maxLength) characters (got \(raw.count))")
        }
        if let control = raw.unicodeScalars.first(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) {
            throw error(name, raw, "printable text; \(Self.named(control)) is a control character")
        }
        // Bidi overrides and isolates reorder what follows them as displayed (a title is read out and shown too).
        if let bidi = raw.unicodeScalars.first(where: { (0x202A...0x202E).contains($0.value) || (0x2066...0x2069).contains($0.value) }) {
            throw error(name, raw, "no bidi override or isolate controls; \(Self.named(bidi)) can disguise text")
        }
        if isLabel {
            try checkLabel(name, raw)
        }
        return raw
    }

    /// A label is drawn, so every character must be one the fonts can draw as it means (docs/design.md §Limits).
    private func checkLabel(_ name: String, _ raw: String) throws(QueryError) {
        guard raw.utf8.count <= RingLimits.labelBytes else {
            throw error(name, raw, "at most \(RingLimits.labelBytes) bytes of UTF-8 (got \(raw.utf8.count))")
        }
        for scalar in raw.unicodeScalars {
            let v = scalar.value
            switch scalar.properties.generalCategory {
            case .privateUse, .unassigned, .surrogate:
                throw error(name, raw, "assigned Unicode characters; \(Self.named(scalar)) is not one")
            default: break
            }
            if scalar.properties.isEmojiPresentation
                || (scalar.properties.isEmoji && v > 0xFF && raw.unicodeScalars.contains("\u{FE0F}"))
            {
                throw error(name, raw, "text without emoji; \(Self.named(scalar)) is an emoji (there is no colour font)")
            }
        }
        if let fonts = typeface.fonts {
            if let missing = fonts.firstUncovered(in: raw) {
                throw error(name, raw, "characters the label fonts have; \(Self.named(missing)) is in none of them")
            }
        } else if let first = StrokeFont.standard.unsupportedCharacters(in: raw).first {
            // No font installed: the stroke font's printable ASCII only.
            throw error(
                name, raw, "characters from the built-in glyph set (no label fonts installed); \"\(first)\" is not in it")
        }
    }

    /// `"é" (U+00E9)`: the character (when it prints) and its code point, for messages.
    static func named(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16, uppercase: true)
        let code = "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        let hidden: Set<Unicode.GeneralCategory> = [.control, .format, .surrogate, .privateUse, .unassigned]
        let visible = !hidden.contains(scalar.properties.generalCategory) && !scalar.properties.isWhitespace
        return visible ? "\"\(scalar)\" (\(code))" : code
    }
}
