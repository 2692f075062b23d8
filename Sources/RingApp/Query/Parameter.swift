import RingCore

/// One row of the parameter table: everything the decoder, error messages and docs know about a parameter.
public struct Parameter: Sendable {
    public let name: String
    /// What it accepts (a range, options, a syntax); `var` so a test can build a table with one range changed.
    public var kind: ParameterKind
    /// What leaving the parameter out means: a value the decoder reads as if the query gave it, words for a default
    /// the decoder works out from other parameters, or nothing. `var` so a test can change one default.
    public var omitted: ParameterDefault
    /// One line for people.
    public let doc: String
    /// A value that works, for docs and generated examples.
    public let example: String
    /// The parameter this one is an alternative to (`value` and `total` instead of `p`, `color` instead of
    /// `gradient`), or nil. The decoder refuses both at once; the builder page drops the other when this one is set.
    public let insteadOf: String?

    public init(
        _ name: String, _ kind: ParameterKind, default omitted: ParameterDefault = .none, doc: String, example: String,
        insteadOf: String? = nil
    ) {
        self.name = name
        self.kind = kind
        self.omitted = omitted
        self.doc = doc
        self.example = example
        self.insteadOf = insteadOf
    }

    /// The default as documented (`128`, `derived`), or empty when the parameter has none (a required `p`).
    public var defaultValue: String {
        switch omitted {
        case .none: ""
        case .value(let text), .derived(let text): text
        }
    }
}

/// What a parameter left out of the query means.
public enum ParameterDefault: Sendable, Equatable {
    /// Nothing: the parameter is required, or an alternative to another (`value` instead of `p`).
    case none
    /// A value in the parameter's own syntax (`128`, `12%`, `cw`), which the decoder reads as if the query gave it;
    /// docs, `/openapi.json` and the builder state it as it is.
    case value(String)
    /// Worked out by the decoder from other parameters (the theme, the background, the value), described in words.
    case derived(String)

    /// The value read when the parameter is left out, or nil.
    public var text: String? {
        if case .value(let text) = self { return text }
        return nil
    }
}

extension Parameter {
    /// This row accepting `kind` instead, everything else kept.
    public func with(kind: ParameterKind) -> Parameter {
        var copy = self
        copy.kind = kind
        return copy
    }

    /// This row with `omitted` as its default instead, everything else kept.
    public func with(default omitted: ParameterDefault) -> Parameter {
        var copy = self
        copy.omitted = omitted
        return copy
    }
}

/// What a parameter accepts. Ranges live here, so error messages and docs quote the same numbers the decoder checks.
public enum ParameterKind: Sendable {
    /// `0.7`, `.7`, `70%`, `7/10`, within the range.
    case progress(ClosedRange<Double>)
    /// A comma-separated list of progress values, with the count in `count`.
    case progressList(value: ClosedRange<Double>, count: ClosedRange<Int>)
    /// A plain number with a unit word for messages (`px`, `seconds`, `degrees`).
    case number(ClosedRange<Double>, unit: String)
    case integer(ClosedRange<Int>)
    /// Pixels (`12`, `12px`) or percent of the image size (`12%`).
    case length(pixels: ClosedRange<Double>, percent: ClosedRange<Double>)
    /// A colour; `allowsNone` adds the word `none`.
    case color(allowsNone: Bool)
    /// A colour, an activity preset (`move`), or a gradient of stops joined by commas.
    case paint(stops: ClosedRange<Int>)
    /// An activity preset (`move`) or a gradient of stops joined by commas (a single colour is not a gradient).
    case gradient(stops: ClosedRange<Int>)
    /// Per-ring paints separated by commas; gradient stops within one entry joined by `-`.
    case paintList(count: ClosedRange<Int>)
    /// Per-ring colours (or `none`) separated by commas.
    case colorList(count: ClosedRange<Int>)
    case choice([String])
    /// `0` or `1`.
    case flag
    /// Free text up to `maxLength` characters (grapheme clusters); a `label` is drawn, so it must also be within
    /// ``RingLimits/labelBytes`` and free of bidi controls and emoji, and the label fonts must have its characters.
    case text(maxLength: Int, label: Bool)
    /// An absolute `https` (or, when the server allows it, `http`) URL of at most `maxLength` bytes.
    case url(maxLength: Int)
    /// A JSONPath of the subset ``JSONPath`` reads (`$.a.b[0]['c d']`), at most `maxLength` bytes.
    case jsonPath(maxLength: Int)

    /// What the kind accepts, in words, for error messages and docs.
    public var expectation: String {
        switch self {
        case .progress(let r):
            "a number \(fmt(r.lowerBound))…\(fmt(r.upperBound)) (0.7, .7, 70% or 7/10)"
        case .progressList(let v, let c):
            "\(c.lowerBound)…\(c.upperBound) comma-separated progress values, each \(fmt(v.lowerBound))…\(fmt(v.upperBound))"
        case .number(let r, let unit):
            "a number \(fmt(r.lowerBound))…\(fmt(r.upperBound))\(unit.isEmpty ? "" : " (\(unit))")"
        case .integer(let r):
            "a whole number \(r.lowerBound)…\(r.upperBound)"
        case .length(let px, let pc):
            "pixels \(fmt(px.lowerBound))…\(fmt(px.upperBound)) (e.g. 12) or a percentage of the size \(fmt(pc.lowerBound))…\(fmt(pc.upperBound))% (e.g. 12%)"
        case .color(let allowsNone):
            NamedColors.syntaxDescription
                + (allowsNone ? ", or none" : "")
        case .paint(let stops):
            "a colour, a preset (move, exercise, stand) or a gradient of \(stops.lowerBound)…\(stops.upperBound) comma-separated colours"
        case .gradient(let stops):
            "a preset (move, exercise, stand) or \(stops.lowerBound)…\(stops.upperBound) comma-separated colours"
        case .paintList(let c):
            "\(c.lowerBound)…\(c.upperBound) comma-separated colours or presets, one per ring (gradient stops joined by -)"
        case .colorList(let c):
            "\(c.lowerBound)…\(c.upperBound) comma-separated colours or none, one per ring"
        case .choice(let options):
            "one of " + options.joined(separator: ", ")
        case .flag:
            "0 or 1"
        case .text(let max, let label):
            label
                ? "text of at most \(max) characters and \(RingLimits.labelBytes) bytes in any script the label fonts cover (no control characters, bidi controls or emoji)"
                : "text of at most \(max) characters (no control characters or bidi controls)"
        case .url(let max):
            "an https URL of at most \(max) bytes (percent-encoded)"
        case .jsonPath(let max):
            "a JSONPath of at most \(max) bytes made of $, .name, ['name'] and [index] steps"
        }
    }
}

/// Numbers for messages: integers without a decimal point, others as Swift prints them.
func fmt(_ x: Double) -> String {
    x == x.rounded() && abs(x) < 1e15 ? String(Int(x)) : String(x)
}
