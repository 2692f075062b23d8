import RingCore

/// JSON Schemas (2020-12, as OpenAPI 3.1 uses them) for what a parameter accepts, derived from its
/// ``ParameterKind`` so the ranges, counts and options are the ones the decoder checks.
///
/// Where the syntax is richer than a schema can say exactly (progress as `70%` or `7/10`, lengths as `12px`,
/// gradient lists), the pattern accepts a superset of what the decoder accepts: every value the server takes
/// matches the schema, and a value that does not match is refused by the server.
enum OpenAPISchemas {
    /// A strict decimal as ``ValueSyntax/decimal(_:)`` reads it (the length cap aside).
    static let decimal = #"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?"#
    /// Any progress spelling: `0.7`, `.7`, `70%`, `7/10`.
    static let progress = "\(decimal)(%|/\(decimal))?"
    /// Hex colour, `#` optional.
    static let hexColor = "#?([0-9A-Fa-f]{3,4}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})"
    /// A colour (hex or the shape of a name) inside a list; names are letters and digits starting with a letter.
    static let colorItem = "(\(hexColor)|[A-Za-z][A-Za-z0-9]*)"

    /// Components shared by every colour parameter: the hex syntax or a known name (`ColorOrNone` adds `none`).
    static var components: [(String, JSONValue)] {
        let names = JSONValue.array(NamedColors.allNames.map(JSONValue.string))
        let color: JSONValue = [
            "type": "string",
            "description": .string(NamedColors.syntaxDescription + ". Names ignore ASCII case."),
            "anyOf": [["pattern": .string("^\(hexColor)$")], ["enum": names]],
        ]
        let colorOrNone: JSONValue = [
            "type": "string",
            "description": .string(NamedColors.syntaxDescription + ", or none. Names ignore ASCII case."),
            "anyOf": [["$ref": "#/components/schemas/Color"], ["const": "none"]],
        ]
        return [("Color", color), ("ColorOrNone", colorOrNone)]
    }

    /// `item(,item){lo-1,hi-1}`: `count` items joined by `separator`.
    static func sequence(_ item: String, count: ClosedRange<Int>, separator: String) -> String {
        "\(item)(\(separator)\(item)){\(max(0, count.lowerBound - 1)),\(max(0, count.upperBound - 1))}"
    }

    /// The whole value is `count` comma-separated items.
    static func list(_ item: String, count: ClosedRange<Int>) -> String {
        "^" + sequence(item, count: count, separator: ",") + "$"
    }

    static func number(_ range: ClosedRange<Double>) -> JSONValue {
        ["type": "number", "minimum": .number(range.lowerBound), "maximum": .number(range.upperBound)]
    }

    /// The schema of `kind`.
    static func schema(_ kind: ParameterKind) -> JSONValue {
        switch kind {
        case .progress(let range):
            return ["anyOf": [number(range), ["type": "string", "pattern": .string("^\(progress)$")]]]
        case .progressList(_, let count):
            return ["type": "string", "pattern": .string(list(progress, count: count))]
        case .number(let range, _):
            return number(range)
        case .integer(let range):
            return ["type": "integer", "minimum": .integer(range.lowerBound), "maximum": .integer(range.upperBound)]
        case .length(let pixels, _):
            return ["anyOf": [number(pixels), ["type": "string", "pattern": .string("^\(decimal)(px|%)$")]]]
        case .color(let allowsNone):
            return ["$ref": .string("#/components/schemas/" + (allowsNone ? "ColorOrNone" : "Color"))]
        case .paint(let stops):
            return ["type": "string", "anyOf": [
                ["$ref": "#/components/schemas/Color"], presets, ["pattern": .string(list(colorItem, count: stops))],
            ]]
        case .gradient(let stops):
            return ["type": "string", "anyOf": [presets, ["pattern": .string(list(colorItem, count: stops))]]]
        case .paintList(let count):
            // One entry: a colour or preset (a word), or up to the gradient limit of stops joined by `-`.
            let entry = "(" + sequence(colorItem, count: 1...RingLimits.gradientStops.upperBound, separator: "-") + ")"
            return ["type": "string", "pattern": .string(list(entry, count: count))]
        case .colorList(let count):
            return ["type": "string", "pattern": .string(list(colorItem, count: count))]
        case .choice(let options):
            return ["type": "string", "enum": .array(options.map(JSONValue.string))]
        case .flag:
            return ["type": "string", "enum": ["0", "1", "true", "false"]]
        case .url(let maxLength):
            // Empty or none means no document; a URL is visible ASCII (anything else must be percent-encoded).
            // No `format: uri`: it would call the empty value invalid, which ringd (rightly) accepts.
            return ["type": "string", "maxLength": .integer(min(maxLength, QueryString.maxValueBytes)),
                    "pattern": "^(|none|[Hh][Tt][Tt][Pp][Ss]?://[!-~]*)$"]
        case .jsonPath(let maxLength):
            return ["type": "string", "maxLength": .integer(maxLength), "pattern": #"^(|none|\$.*)$"#]
        case .text(let maxLength, let label):
            // JSON Schema counts code points, not grapheme clusters: a label's bound there is its byte limit
            // (never fewer bytes than code points). Which scripts are covered depends on the fonts installed.
            guard label else {
                return [
                    "type": "string", "maxLength": .integer(maxLength),
                    "pattern": #"^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$"#,
                ]
            }
            return [
                "type": "string", "maxLength": .integer(RingLimits.labelBytes),
                "pattern": #"^[^\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]*$"#,
            ]
        }
    }

    /// The activity presets (`move`, `exercise`, `stand`).
    static var presets: JSONValue {
        ["enum": .array(NamedColors.gradientPresetNames.map(JSONValue.string))]
    }

    /// `text` as a JSON value of the type `kind`'s schema gives it: a number where the schema has a number
    /// branch and the text is a plain decimal, else a string.
    static func value(_ text: String, for kind: ParameterKind) -> JSONValue {
        switch kind {
        case .integer:
            if let n = Int(text) { return .integer(n) }
        case .number, .progress, .length:
            if let x = ValueSyntax.decimal(text) { return x == x.rounded() && abs(x) < 1e15 ? .integer(Int(x)) : .number(x) }
        default:
            break
        }
        return .string(text)
    }
}
