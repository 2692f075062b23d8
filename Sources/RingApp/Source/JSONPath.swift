/// Why a `query=` is not a path ringd can follow, and where.
struct JSONPathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Index of the UTF-8 byte at fault, counted from 0 at the `$`.
    let offset: Int
    /// What is wrong, as a phrase: `only $.name, ['name'] and [index] steps are supported; got ".."`.
    let problem: String

    /// One line for people: `query: only $.name, ['name'] and [index] steps are supported; got ".." at 7`.
    var description: String { "query: \(problem) at \(offset)" }
}

/// What following a ``JSONPath`` through a document came to.
enum JSONPathResult: Equatable, Sendable {
    /// The value at the path, of whatever type: the caller decides what it accepts.
    case found(JSONDocument)
    /// The path stops short. `at` is the canonical path of the deepest place looked at, and `found` what is there:
    /// a ``JSONDocument/typeName`` when the next step cannot apply to it (`$.total` is "a string", so `.pct`
    /// cannot be read), or "nothing" when that place itself does not exist (no member `total`, index 5 of 3).
    case missing(at: String, found: String)
}

/// The subset of JSONPath (RFC 9535) that names one place in a document: `$` then steps, each `.name`,
/// `['name']` / `["name"]`, or `[index]`.
///
/// A badge shows one number, so only singular queries are accepted: wildcards, `..`, filters, slices and unions
/// select lists, and are refused with a message naming the subset rather than half-supported. Within the subset
/// the syntax and meaning are RFC 9535's, with three additions for the keys CI and coverage tools write
/// (`total-lines`, `$schema`): `-` and `$` are name characters after `.`, and both `\'` and `\"` are accepted in
/// either kind of quote. Blank space is allowed inside brackets, as RFC 9535 allows, and nowhere else.
struct JSONPath: Equatable, Sendable, CustomStringConvertible {
    /// One step from a value to a value inside it.
    enum Step: Equatable, Sendable {
        /// The object member with this name (the last one, when a key is repeated).
        case member(String)
        /// The array element at this index; negative counts from the end (`-1` is the last).
        case index(Int)
    }

    /// Longest query text accepted, in UTF-8 bytes. Real paths are a few dozen bytes; the cap keeps a
    /// query's cost, and the message that repeats it back, small.
    static let maxLength = 256

    /// Most steps in a path. Deeper than any badge source needs, and below ``JSONParser/maxDepth`` as any useful
    /// path is.
    static let maxComponents = 32

    /// Largest index magnitude: RFC 9535's limit (the I-JSON exact-integer range, 2⁵³ − 1). It also keeps
    /// `count + index` far from overflowing `Int`.
    static let maxIndex = 9_007_199_254_740_991

    /// The steps from the root, in order; empty for `$` itself.
    let steps: [Step]

    init(steps: [Step]) {
        self.steps = steps
    }

    /// The canonical form: `$.a['b c'][0][-1]`. A name is written after a dot when it would read back as the
    /// same name that way, and otherwise in single quotes with `\` and `'` escaped (double quotes, `"` escaped,
    /// when the name holds more `'` than `"`: `$["it's"]`). Parsing the result gives this path back, and it is
    /// never longer than the query text it was parsed from.
    var description: String {
        var text = "$"
        for step in steps { Self.append(step, to: &text) }
        return text
    }

    /// Follows the path through `document`.
    func evaluate(_ document: JSONDocument) -> JSONPathResult {
        var current = document
        // The canonical path of `current`, built as the steps are taken.
        var place = "$"
        for step in steps {
            switch (step, current) {
            case (.member(let name), .object):
                Self.append(step, to: &place)
                guard let next = current[member: name] else { return .missing(at: place, found: "nothing") }
                current = next
            case (.index(let index), .array(let elements)):
                Self.append(step, to: &place)
                let position = index < 0 ? elements.count + index : index
                guard elements.indices.contains(position) else { return .missing(at: place, found: "nothing") }
                current = elements[position]
            default:
                // A name asked of an array, an index of an object, either of a scalar: the step cannot apply.
                return .missing(at: place, found: current.typeName)
            }
        }
        return .found(current)
    }

    private static func append(_ step: Step, to text: inout String) {
        switch step {
        case .index(let index):
            text += "[\(index)]"
        case .member(let name) where isDotName(name):
            text += "." + name
        case .member(let name):
            // Single quotes, unless the name holds more of them than of double quotes: the query that gave the
            // name had to escape one of the two, so the canonical form is never longer than it and always fits
            // under ``maxLength`` again.
            let apostrophes = name.unicodeScalars.count(where: { $0 == "'" })
            let quotes = name.unicodeScalars.count(where: { $0 == "\"" })
            let quote: Unicode.Scalar = apostrophes > quotes ? "\"" : "'"
            text += "["
            text.unicodeScalars.append(quote)
            for scalar in name.unicodeScalars {
                if scalar == "\\" || scalar == quote { text += "\\" }
                text.unicodeScalars.append(scalar)
            }
            text.unicodeScalars.append(quote)
            text += "]"
        }
    }

    /// Whether `name` can be written `.name`: non-empty, made of name characters, not starting with a digit or `-`.
    private static func isDotName(_ name: String) -> Bool {
        guard let first = name.utf8.first, isNameStart(first) else { return false }
        return name.utf8.allSatisfy(isNameByte)
    }

    /// Bytes that may start a dot name: ASCII letters, `_`, `$`, and any byte of a non-ASCII scalar.
    ///
    /// Not a digit, so `$.data.0` is refused with a pointer to `[0]` instead of looking up a member named "0"
    /// that jsonpath-plus users expect to be an index. Not `-`, so `$.-1` cannot be taken for an index either.
    private static func isNameStart(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "_"), UInt8(ascii: "$"), 0x80...0xFF:
            true
        default:
            false
        }
    }

    /// Bytes that may follow in a dot name: the start bytes, ASCII digits and `-`.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        isNameStart(byte) || isDigit(byte) || byte == UInt8(ascii: "-")
    }

    fileprivate static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Parses a query such as `$.totals.coverage`, `$['data'][0].pct` or `$.runs[-1].conclusion`.
    init(parsing text: String) throws(JSONPathError) {
        var parser = Parser(bytes: Array(text.utf8))
        steps = try parser.parse()
    }

    /// The query grammar, read byte by byte: once through, so time is linear in the (capped) length.
    private struct Parser {
        let bytes: [UInt8]
        var position = 0

        /// The message for syntax outside the subset, naming what is accepted.
        static let subset = "only $.name, ['name'] and [index] steps are supported"

        mutating func parse() throws(JSONPathError) -> [Step] {
            guard bytes.count <= JSONPath.maxLength else {
                throw JSONPathError(
                    offset: JSONPath.maxLength,
                    problem: "is \(bytes.count) bytes long; at most \(JSONPath.maxLength) are accepted")
            }
            guard peek == UInt8(ascii: "$") else {
                throw failure("must start with \"$\" (the whole document); got \(describe(position))")
            }
            position += 1
            var steps: [Step] = []
            while let byte = peek {
                let stepStart = position
                let step: Step
                switch byte {
                case UInt8(ascii: "."):
                    step = try parseDotStep()
                case UInt8(ascii: "["):
                    step = try parseBracketStep()
                default:
                    throw failure("expected \".\" or \"[\" after \(steps.isEmpty ? "\"$\"" : "a step"); got \(describe(position))")
                }
                guard steps.count < JSONPath.maxComponents else {
                    throw failure("has more than \(JSONPath.maxComponents) steps", at: stepStart)
                }
                steps.append(step)
            }
            return steps
        }

        /// `.name`, from the dot.
        private mutating func parseDotStep() throws(JSONPathError) -> Step {
            let dot = position
            position += 1
            guard let first = peek else { throw failure("expected a name after \".\"; got \(describe(position))") }
            switch first {
            case UInt8(ascii: "."):
                throw refusal("..", at: dot)
            case UInt8(ascii: "*"):
                throw refusal("*", at: position)
            case _ where JSONPath.isDigit(first):
                throw failure("a name after \".\" cannot start with a digit; write [0] for an index or ['0'] for a member")
            case _ where !JSONPath.isNameStart(first):
                throw failure("expected a name after \".\"; got \(describe(position))")
            default:
                break
            }
            let start = position
            while let byte = peek, JSONPath.isNameByte(byte) { position += 1 }
            // Whole scalars: name bytes include every byte ≥ 0x80, and the text was valid UTF-8.
            return .member(String(decoding: bytes[start..<position], as: UTF8.self))
        }

        /// `['name']`, `["name"]` or `[index]`, from the opening bracket.
        private mutating func parseBracketStep() throws(JSONPathError) -> Step {
            position += 1
            skipBlank()
            let step: Step
            guard let first = peek else {
                throw failure("expected a quoted name or an index after \"[\"; got \(describe(position))")
            }
            switch first {
            case UInt8(ascii: "'"), UInt8(ascii: "\""):
                step = .member(try parseQuotedName())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                step = .index(try parseIndex())
            case UInt8(ascii: "*"):
                throw refusal("*", at: position)
            case UInt8(ascii: "?"):
                throw refusal("?", at: position)
            case UInt8(ascii: ":"):
                throw refusal(":", at: position)
            default:
                throw failure("expected a quoted name or an index after \"[\"; got \(describe(position))")
            }
            skipBlank()
            switch peek {
            case UInt8(ascii: "]"):
                position += 1
                return step
            case UInt8(ascii: ","):
                throw refusal(",", at: position)
            case UInt8(ascii: ":"):
                throw refusal(":", at: position)
            default:
                throw failure("expected \"]\"; got \(describe(position))")
            }
        }

        /// A name in single or double quotes, from the opening quote; `\\`, `\'` and `\"` are its escapes.
        private mutating func parseQuotedName() throws(JSONPathError) -> String {
            let quote = bytes[position]
            let opening = position
            position += 1
            var name: [UInt8] = []
            while let byte = peek {
                switch byte {
                case quote:
                    position += 1
                    return String(decoding: name, as: UTF8.self)
                case UInt8(ascii: "\\"):
                    position += 1
                    guard let escaped = peek,
                          escaped == UInt8(ascii: "\\") || escaped == UInt8(ascii: "'") || escaped == UInt8(ascii: "\"")
                    else {
                        throw failure("only \\\\, \\' and \\\" escapes are supported in a quoted name; got \(describe(position))", at: position - 1)
                    }
                    name.append(escaped)
                    position += 1
                case 0..<0x20, 0x7F:
                    // As RFC 9535: a control character in a name is almost surely a decoding mistake (`%0A`).
                    throw failure("control character in a quoted name")
                default:
                    name.append(byte)
                    position += 1
                }
            }
            throw failure("quoted name never ends", at: opening)
        }

        /// `0`, or an optional `-` and digits not starting with 0.
        private mutating func parseIndex() throws(JSONPathError) -> Int {
            let start = position
            let negative = peek == UInt8(ascii: "-")
            if negative { position += 1 }
            guard let first = peek, JSONPath.isDigit(first) else {
                throw failure("expected a digit after \"-\"; got \(describe(position))")
            }
            if first == UInt8(ascii: "0"), position + 1 < bytes.count, JSONPath.isDigit(bytes[position + 1]) {
                throw failure("an index cannot have a leading zero", at: start)
            }
            if first == UInt8(ascii: "0") && negative {
                throw failure("-0 is not an index (write [0] for the first element, [-1] for the last)", at: start)
            }
            var magnitude = 0
            while let byte = peek, JSONPath.isDigit(byte) {
                // Checked per digit, so the arithmetic never overflows however many digits follow.
                magnitude = magnitude * 10 + Int(byte - UInt8(ascii: "0"))
                guard magnitude <= JSONPath.maxIndex else {
                    throw failure("index out of range (at most \(JSONPath.maxIndex) either way)", at: start)
                }
                position += 1
            }
            return negative ? -magnitude : magnitude
        }

        private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

        /// Blank space as RFC 9535 has it: space, tab, LF, CR.
        private mutating func skipBlank() {
            while let byte = peek,
                  byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                position += 1
            }
        }

        /// The character at `offset` for a message, without repeating arbitrary user text: printable ASCII in
        /// quotes, anything else by code point.
        private func describe(_ offset: Int) -> String {
            guard offset < bytes.count else { return "the end" }
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""): return "'\"'"
            case 0x21..<0x7F: return "\"\(Character(Unicode.Scalar(byte)))\""
            case 0x20: return "a space"
            default:
                // Decode the whole scalar: the text came from a String, so it is valid UTF-8.
                var end = offset + 1
                while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
                let scalar = String(decoding: bytes[offset..<end], as: UTF8.self).unicodeScalars.first ?? "\u{FFFD}"
                let hex = String(scalar.value, radix: 16, uppercase: true)
                return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            }
        }

        private func failure(_ problem: String, at offset: Int? = nil) -> JSONPathError {
            JSONPathError(offset: offset ?? position, problem: problem)
        }

        private func refusal(_ token: String, at offset: Int) -> JSONPathError {
            JSONPathError(offset: offset, problem: "\(Self.subset); got \"\(token)\"")
        }
    }
}
