/// Why a document is not JSON, and where.
struct JSONSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Index of the byte at fault, counted from 0 at the first byte given (a skipped BOM counts).
    let offset: Int
    /// What is wrong, as a phrase: `"expected ',' or '}', found '1'"`.
    let problem: String

    /// One line for people: `invalid JSON at byte 17: expected ',' or '}', found '1'`.
    var description: String { "invalid JSON at byte \(offset): \(problem)" }
}

extension JSONDocument {
    /// Parses `bytes` as one strict RFC 8259 JSON text (see ``JSONParser``).
    init(parsing bytes: [UInt8]) throws(JSONSyntaxError) {
        self = try JSONParser.parse(bytes)
    }
}

/// A strict RFC 8259 parser for documents from servers ringd does not trust.
///
/// Accepted: exactly one value with optional whitespace (space, tab, CR, LF) around it, and a leading UTF-8
/// byte order mark. Refused: comments, trailing commas, single quotes, unquoted keys, `NaN`/`Infinity`, leading
/// zeros, `+1`, `.5`, `1.`, numbers beyond `Double` (`1e400`), invalid UTF-8 (overlong forms and encoded
/// surrogates included), raw control characters in strings, lone surrogate escapes, and nesting deeper than
/// ``maxDepth``. What is refused is never guessed at: a document that a lenient parser would read one way and
/// shields.io another must not show a number neither meant.
///
/// Hostile input is bounded: the parser keeps its own stack of open containers (no recursion, so 100 000 `[`
/// is an error, not a stack overflow), and every byte is looked at a fixed number of times, so time is linear
/// in the input. Building the tree is the only recursion, in `Equatable` and deinit, at most ``maxDepth`` deep.
struct JSONParser {
    /// Most arrays and objects open at once. Badge data is a few levels deep (shields' endpoint schema is one,
    /// CI and coverage reports four or five); 64 leaves room for any real document while keeping the tree's
    /// recursive deinit and `==` far from the stack's limit.
    static let maxDepth = 64

    /// The UTF-8 byte order mark. RFC 8259 §8.1 forbids sending one but lets a parser ignore it, and files
    /// written by Windows tools (PowerShell's `Out-File`, .NET's default UTF-8 encoder) and served as-is start
    /// with one; refusing them would refuse a document whose every other byte is fine.
    static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

    /// Parses `bytes` as one JSON text.
    static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> JSONDocument {
        var parser = JSONParser(bytes: bytes)
        if bytes.starts(with: byteOrderMark) { parser.position = byteOrderMark.count }
        let value = try parser.parseValue()
        parser.skipWhitespace()
        guard parser.position == bytes.count else {
            throw parser.failure("unexpected \(parser.describe(parser.position)) after the value")
        }
        return value
    }

    private let bytes: [UInt8]
    private var position = 0
    /// Reused for strings with escapes, so each such string costs no allocation beyond its own.
    private var scratch: [UInt8] = []

    private init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// An array or object being read: its elements so far, or its members so far and the key of the one whose
    /// value comes next.
    private struct Frame {
        let isObject: Bool
        var elements: [JSONDocument] = []
        var members: [JSONMember] = []
        var key = ""
    }

    // MARK: Values

    /// Reads one value, containers included, with an explicit stack instead of recursion.
    private mutating func parseValue() throws(JSONSyntaxError) -> JSONDocument {
        var stack: [Frame] = []
        while true {
            // A scalar or an empty container becomes `value`; a non-empty container is pushed and the loop goes
            // round to read its first element.
            skipWhitespace()
            var value: JSONDocument
            guard position < bytes.count else { throw failure("expected a value, found \(describe(position))") }
            switch bytes[position] {
            case UInt8(ascii: "["):
                try checkDepth(stack.count)
                position += 1
                skipWhitespace()
                if peek == UInt8(ascii: "]") {
                    position += 1
                    value = .array([])
                } else {
                    stack.append(Frame(isObject: false))
                    continue
                }
            case UInt8(ascii: "{"):
                try checkDepth(stack.count)
                position += 1
                skipWhitespace()
                if peek == UInt8(ascii: "}") {
                    position += 1
                    value = .object([])
                } else {
                    let key = try parseKey()
                    stack.append(Frame(isObject: true, key: key))
                    continue
                }
            case UInt8(ascii: "\""):
                value = .string(try parseString())
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                value = .number(try parseNumber())
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                value = .bool(true)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                value = .bool(false)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                value = .null
            default:
                throw failure("expected a value, found \(describe(position))")
            }

            // Hand the value to the innermost open container; each ']' or '}' that follows closes one more and
            // makes it the value for the next one out. A ',' means another element: back to the outer loop.
            while let top = stack.indices.last {
                skipWhitespace()
                // Appended in place (`stack[top]`, not a copy of the frame), so each append is amortised O(1).
                if stack[top].isObject {
                    stack[top].members.append(JSONMember(key: stack[top].key, value: value))
                    if peek == UInt8(ascii: ",") {
                        position += 1
                        skipWhitespace()
                        stack[top].key = try parseKey()
                        break
                    } else if peek == UInt8(ascii: "}") {
                        position += 1
                        value = .object(stack.removeLast().members)
                    } else {
                        throw failure("expected ',' or '}', found \(describe(position))")
                    }
                } else {
                    stack[top].elements.append(value)
                    if peek == UInt8(ascii: ",") {
                        position += 1
                        break
                    } else if peek == UInt8(ascii: "]") {
                        position += 1
                        value = .array(stack.removeLast().elements)
                    } else {
                        throw failure("expected ',' or ']', found \(describe(position))")
                    }
                }
            }
            if stack.isEmpty { return value }
        }
    }

    /// Refuses to open a container when `open` are open already.
    private func checkDepth(_ open: Int) throws(JSONSyntaxError) {
        guard open < Self.maxDepth else {
            throw failure("arrays and objects nested more than \(Self.maxDepth) deep")
        }
    }

    /// Reads `"key"` and the `:` after it, leaving the position at the member's value.
    private mutating func parseKey() throws(JSONSyntaxError) -> String {
        guard peek == UInt8(ascii: "\"") else {
            throw failure("expected a member name in double quotes, found \(describe(position))")
        }
        let key = try parseString()
        skipWhitespace()
        guard peek == UInt8(ascii: ":") else {
            throw failure("expected ':' after a member name, found \(describe(position))")
        }
        position += 1
        return key
    }

    private mutating func expectLiteral(_ word: String) throws(JSONSyntaxError) {
        guard bytes[position...].starts(with: word.utf8) else {
            throw failure("expected '\(word)'")
        }
        position += word.utf8.count
    }

    // MARK: Numbers

    /// Reads `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?` and its `Double`.
    ///
    /// The grammar is checked here, byte by byte, before `Double(_:)` sees the text, because `Double(_:)` also
    /// takes forms JSON does not (`inf`, `nan`, `0x1p3`, `+1`, `.5`).
    private mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, Self.isDigit(first) else {
            throw failure("expected a digit after '-', found \(describe(position))")
        }
        position += 1
        if first == UInt8(ascii: "0") {
            // `01` is octal in some languages and decimal in others: JSON refuses to choose, and so does ringd.
            if let next = peek, Self.isDigit(next) {
                throw failure("leading zero in a number", at: start)
            }
        } else {
            skipDigits()
        }
        if peek == UInt8(ascii: ".") {
            position += 1
            guard let next = peek, Self.isDigit(next) else {
                throw failure("expected a digit after '.', found \(describe(position))")
            }
            skipDigits()
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let next = peek, Self.isDigit(next) else {
                throw failure("expected a digit in the exponent, found \(describe(position))")
            }
            skipDigits()
        }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        // Linear in the literal's length (strtod), so a 60 000-digit number costs no more than its bytes.
        // Too small rounds to 0, as everywhere; too large would be infinity, which no badge can show.
        guard let value = Double(text), value.isFinite else {
            throw failure("number out of range", at: start)
        }
        return JSONNumber(text: text, value: value)
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    private mutating func skipDigits() {
        while let byte = peek, Self.isDigit(byte) { position += 1 }
    }

    // MARK: Strings

    /// Reads a string from its opening quote to past its closing one, checking its UTF-8 and decoding escapes.
    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let quote = position
        position += 1
        // Bytes from `runStart` up to `position` are copied unchanged; an escape ends a run.
        var runStart = position
        var escaped = false
        scratch.removeAll(keepingCapacity: true)
        while position < bytes.count {
            let byte = bytes[position]
            switch byte {
            case UInt8(ascii: "\""):
                let text: String
                if escaped {
                    scratch.append(contentsOf: bytes[runStart..<position])
                    text = String(decoding: scratch, as: UTF8.self)
                } else {
                    // No escape: the bytes are the string, and they are valid UTF-8 (checked below).
                    text = String(decoding: bytes[runStart..<position], as: UTF8.self)
                }
                position += 1
                return text
            case UInt8(ascii: "\\"):
                scratch.append(contentsOf: bytes[runStart..<position])
                escaped = true
                try parseEscape()
                runStart = position
            case 0..<0x20:
                throw failure("raw control character \(Self.hex(byte)) in a string (it must be escaped)")
            case 0..<0x80:
                position += 1
            default:
                try skipUTF8Sequence()
            }
        }
        throw failure("string never ends", at: quote)
    }

    /// Decodes the escape at `position` (its backslash) into `scratch`.
    private mutating func parseEscape() throws(JSONSyntaxError) {
        let backslash = position
        position += 1
        guard position < bytes.count else { throw failure("string never ends", at: backslash) }
        let simple: UInt8
        switch bytes[position] {
        case UInt8(ascii: "\""): simple = 0x22
        case UInt8(ascii: "\\"): simple = 0x5C
        case UInt8(ascii: "/"): simple = 0x2F
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            position += 1
            let unit = try readHex4(escapeAt: backslash)
            let scalar: UInt32
            switch unit {
            case 0xD800...0xDBFF:
                // A high surrogate is half a character: only with the low half in the very next escape.
                let low = position
                guard bytes[low...].starts(with: [UInt8(ascii: "\\"), UInt8(ascii: "u")]) else {
                    throw failure("lone surrogate \\u\(Self.hex4(unit)) (not followed by a low surrogate)", at: backslash)
                }
                position += 2
                let second = try readHex4(escapeAt: low)
                guard (0xDC00...0xDFFF).contains(second) else {
                    throw failure("lone surrogate \\u\(Self.hex4(unit)) (not followed by a low surrogate)", at: backslash)
                }
                scalar = 0x10000 + ((unit - 0xD800) << 10) + (second - 0xDC00)
            case 0xDC00...0xDFFF:
                throw failure("lone surrogate \\u\(Self.hex4(unit)) (a low surrogate with no high one before it)", at: backslash)
            default:
                scalar = unit
            }
            appendUTF8(scalar)
            return
        default:
            throw failure("invalid escape \\\(describeBare(position)) (JSON has \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX)", at: backslash)
        }
        scratch.append(simple)
        position += 1
    }

    /// Reads the four hex digits after `\u`.
    private mutating func readHex4(escapeAt backslash: Int) throws(JSONSyntaxError) -> UInt32 {
        var unit: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek, let digit = Self.hexValue(byte) else {
                throw failure("\\u must be followed by four hex digits", at: backslash)
            }
            unit = unit << 4 | digit
            position += 1
        }
        return unit
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Appends `scalar` (a valid scalar: surrogates are handled before) to `scratch` as UTF-8.
    private mutating func appendUTF8(_ scalar: UInt32) {
        switch scalar {
        case 0..<0x80:
            scratch.append(UInt8(scalar))
        case 0x80..<0x800:
            scratch.append(UInt8(0xC0 | scalar >> 6))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            scratch.append(UInt8(0xE0 | scalar >> 12))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        default:
            scratch.append(UInt8(0xF0 | scalar >> 18))
            scratch.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            scratch.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            scratch.append(UInt8(0x80 | scalar & 0x3F))
        }
    }

    /// Steps over one multi-byte UTF-8 sequence, refusing what RFC 3629 does.
    ///
    /// Checked here rather than left to `String(decoding:)`, which would quietly put U+FFFD in its place: the
    /// ranges of the second byte (Unicode Table 3-7) refuse overlong forms (`C0 AF`, `E0 80 AF`), encoded
    /// surrogates (`ED A0 80`) and anything past U+10FFFF (`F4 90`, `F5`…`FF`).
    private mutating func skipUTF8Sequence() throws(JSONSyntaxError) {
        let lead = bytes[position]
        let length: Int
        let secondRange: ClosedRange<UInt8>
        switch lead {
        case 0xC2...0xDF: (length, secondRange) = (2, 0x80...0xBF)
        case 0xE0: (length, secondRange) = (3, 0xA0...0xBF)
        case 0xE1...0xEC, 0xEE...0xEF: (length, secondRange) = (3, 0x80...0xBF)
        case 0xED: (length, secondRange) = (3, 0x80...0x9F)
        case 0xF0: (length, secondRange) = (4, 0x90...0xBF)
        case 0xF1...0xF3: (length, secondRange) = (4, 0x80...0xBF)
        case 0xF4: (length, secondRange) = (4, 0x80...0x8F)
        default: throw failure("invalid UTF-8 (byte \(Self.hex(lead))) in a string")
        }
        guard position + length <= bytes.count,
              secondRange.contains(bytes[position + 1]),
              bytes[(position + 2)..<(position + length)].allSatisfy({ (0x80...0xBF).contains($0) })
        else {
            throw failure("invalid UTF-8 (sequence starting with byte \(Self.hex(lead))) in a string")
        }
        position += length
    }

    // MARK: Bytes and messages

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private mutating func skipWhitespace() {
        while let byte = peek,
              byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
            position += 1
        }
    }

    /// The byte at `offset` for a message: `'x'` when printable ASCII, `byte 0xC0` otherwise.
    private func describe(_ offset: Int) -> String {
        guard offset < bytes.count else { return "the end of the document" }
        let byte = bytes[offset]
        // Printable ASCII only: a document's other bytes must not reach a log line or a badge unescaped.
        if byte > 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
        return "byte \(Self.hex(byte))"
    }

    /// The byte at `offset` written bare after a backslash when printable ASCII, as `describe(_:)` otherwise.
    private func describeBare(_ offset: Int) -> String {
        let byte = bytes[offset]
        if byte > 0x20 && byte < 0x7F { return String(Character(Unicode.Scalar(byte))) }
        return " (\(describe(offset)))"
    }

    private static func hex(_ byte: UInt8) -> String {
        let digits = String(byte, radix: 16, uppercase: true)
        return "0x" + (digits.count < 2 ? "0" + digits : digits)
    }

    private static func hex4(_ unit: UInt32) -> String {
        let digits = String(unit, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    private func failure(_ problem: String, at offset: Int? = nil) -> JSONSyntaxError {
        JSONSyntaxError(offset: offset ?? position, problem: problem)
    }
}
