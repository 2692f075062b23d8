/// A strict check of writer output, small enough to run on every fuzz input (xmllint is too slow to call per
/// execution; the test suite runs it on the gallery).
///
/// The writer emits a narrow XML dialect: no prolog, comments, CDATA, processing instructions or single
/// quotes; attributes always in double quotes. This parses exactly that and rejects anything else, so a
/// user string that escapes its attribute or element shows up as a parse error. On top of well-formedness it
/// checks the security rules of docs/design.md §Errors and §Rendering: only the writer's vocabulary of elements, no event handlers,
/// no links or external references, no script or foreign content, unique ids and every `url(#id)` defined.
public struct SVGCheck {
    /// Every element the writer may emit (the same list as Tests/RingSVGTests/SVGStructure.swift).
    static let elements: Set<String> = [
        "svg", "title", "style", "defs", "linearGradient", "radialGradient", "stop", "clipPath", "mask", "g", "path",
        "circle", "line", "rect", "use",
    ]
    /// Elements whose content may be text; everywhere else only child elements are allowed.
    static let textElements: Set<String> = ["title", "style"]
    /// The XML entities the escaper produces besides numeric references.
    static let entities: Set<String> = ["amp", "lt", "gt", "quot", "apos"]

    let text: [UInt8]
    var index = 0
    var ids: [String] = []
    var references: [String] = []

    /// Checks `svg`; returns a description of the first problem, or nil.
    public static func problem(in svg: String) -> String? {
        var checker = SVGCheck(text: Array(svg.utf8))
        do {
            try checker.document()
        } catch {
            let at = checker.index
            let context = String(decoding: checker.text[max(0, at - 60)..<min(checker.text.count, at + 60)], as: UTF8.self)
            return "\(error.message) at byte \(at): …\(context)…"
        }
        return nil
    }

    struct Failure: Error {
        let message: String
    }

    mutating func document() throws(Failure) {
        guard text.starts(with: Array("<svg ".utf8)) else { throw Failure(message: "does not start with <svg") }
        guard text.count >= 7, text.suffix(7).elementsEqual("</svg>\n".utf8) else {
            throw Failure(message: "does not end with </svg> and a newline")
        }
        try element(parent: nil)
        guard index == text.count - 1 else { throw Failure(message: "content after the root element") }
        guard Set(ids).count == ids.count else { throw Failure(message: "duplicate id") }
        let defined = Set(ids)
        for reference in references where !defined.contains(reference) {
            throw Failure(message: "url(#\(reference)) is not defined")
        }
    }

    /// One element at `index` (which is at its `<`), its attributes and content, through its end tag.
    mutating func element(parent: String?) throws(Failure) {
        try expect(UInt8(ascii: "<"))
        let name = try xmlName()
        guard Self.elements.contains(name) else { throw Failure(message: "element <\(name)> is not in the writer's vocabulary") }
        if (name == "svg") != (parent == nil) { throw Failure(message: "<svg> is not the one root element") }
        while true {
            guard index < text.count else { throw Failure(message: "unterminated start tag <\(name)") }
            if text[index] == UInt8(ascii: "/") {
                index += 1
                try expect(UInt8(ascii: ">"))
                return
            }
            if text[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            try expect(UInt8(ascii: " "))
            try attribute(of: name)
        }
        let contentStart = index
        while true {
            guard index < text.count else { throw Failure(message: "<\(name)> is not closed") }
            let b = text[index]
            if b == UInt8(ascii: "<") {
                if index + 1 < text.count && text[index + 1] == UInt8(ascii: "/") {
                    try textContent(of: name, contentStart..<index)
                    index += 2
                    let closing = try xmlName()
                    guard closing == name else { throw Failure(message: "</\(closing)> closes <\(name)>") }
                    try expect(UInt8(ascii: ">"))
                    return
                }
                if Self.textElements.contains(name) { throw Failure(message: "an element inside <\(name)>") }
                try element(parent: name)
                continue
            }
            if !Self.textElements.contains(name) { throw Failure(message: "text inside <\(name)>") }
            if b == UInt8(ascii: "&") { try entity() } else { index += 1 }
        }
    }

    /// `name="value"`; the value may hold no `<` and no raw `&`.
    mutating func attribute(of element: String) throws(Failure) {
        let nameStart = index
        let name = try xmlName()
        let nameBytes = text[nameStart..<index]
        try expect(UInt8(ascii: "="))
        try expect(UInt8(ascii: "\""))
        let start = index
        while index < text.count, text[index] != UInt8(ascii: "\"") {
            switch text[index] {
            case UInt8(ascii: "<"): throw Failure(message: "< inside attribute \(name)")
            case UInt8(ascii: "&"): try entity()
            default: index += 1
            }
        }
        guard index < text.count else { throw Failure(message: "unterminated attribute \(name)") }
        let value = text[start..<index]
        index += 1
        // `<use href="#id">` places an outline defined in the document: exactly that, and a defined id.
        if element == "use", Self.equal(nameBytes, "href") {
            guard value.first == UInt8(ascii: "#"), value.count > 1,
                value.dropFirst().allSatisfy({ Self.isIDByte($0) })
            else { throw Failure(message: "href=\"\(String(decoding: value, as: UTF8.self))\" is not a local #id") }
            references.append(String(decoding: value.dropFirst(), as: UTF8.self))
            return
        }
        if Self.hasPrefix(nameBytes, "on") || Self.find(nameBytes, "href") != nil || Self.equal(nameBytes, "style")
            || Self.hasPrefix(nameBytes, "xmlns:")
        {
            throw Failure(message: "attribute \(name) is not allowed")
        }
        if Self.equal(nameBytes, "xmlns") {
            if !Self.equal(value, "http://www.w3.org/2000/svg") { throw Failure(message: "foreign namespace") }
            return
        }
        // The accessible name is escaped user text and may say anything; the rest is written by the writer.
        if Self.equal(nameBytes, "aria-label") { return }
        if let problem = Self.forbiddenWord(in: value, css: false) {
            throw Failure(message: "\(problem) in \(name)=\"\(String(decoding: value, as: UTF8.self))\"")
        }
        if Self.equal(nameBytes, "id") { ids.append(String(decoding: value, as: UTF8.self)) }
        collectLocalReferences(value)
    }

    /// Element text: the title is any escaped text; the style sheet may not load or run anything.
    mutating func textContent(of element: String, _ range: Range<Int>) throws(Failure) {
        guard element == "style" else { return }
        let css = text[range]
        if let problem = Self.forbiddenWord(in: css, css: true) { throw Failure(message: "\(problem) in the style sheet") }
        collectLocalReferences(css)
    }

    /// The first thing in writer-produced text (an attribute value or the style sheet) that could load or run
    /// something, or a non-finite number (NumberFormatting never prints nan or inf); nil when clean. One pass,
    /// ignoring ASCII case. `url(` is allowed only as `url(#id)`.
    static func forbiddenWord(in bytes: ArraySlice<UInt8>, css: Bool) -> String? {
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let rest = bytes[i...]
            switch lowercased(bytes[i]) {
            case UInt8(ascii: "u"):
                if hasPrefix(rest, "url("), !hasPrefix(rest, "url(#") { return "external url(" }
            case UInt8(ascii: "j"):
                if hasPrefix(rest, "javascript:") { return "javascript:" }
            case UInt8(ascii: "d"):
                if hasPrefix(rest, "data:") { return "data:" }
            case UInt8(ascii: "h"):
                if hasPrefix(rest, "http:") || hasPrefix(rest, "https:") { return "an http(s) URL" }
            case UInt8(ascii: "f"):
                if hasPrefix(rest, "file:") { return "file:" }
            case UInt8(ascii: "n"):
                if hasPrefix(rest, "nan") { return "nan" }
            case UInt8(ascii: "i"):
                // CSS has the keyword `infinite` (a spinning animation); numbers there are never inf either.
                if hasPrefix(rest, "inf") && !(css && hasPrefix(rest, "infinite")) { return "inf" }
            case UInt8(ascii: "@"):
                if css && hasPrefix(rest, "@import") { return "@import" }
            case UInt8(ascii: "e"):
                if css && hasPrefix(rest, "expression(") { return "expression(" }
            case UInt8(ascii: "b"):
                if css && hasPrefix(rest, "behavior") { return "behavior" }
            case UInt8(ascii: "-"):
                if css && hasPrefix(rest, "-moz-binding") { return "-moz-binding" }
            case UInt8(ascii: "&"):
                if css { return "&" }
            default:
                break
            }
            i += 1
        }
        return nil
    }

    /// Records the ids named by `url(#id)` in `value`.
    /// The bytes of the writer's ids: ASCII letters, digits and `-`.
    static func isIDByte(_ b: UInt8) -> Bool {
        (b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z")) || (b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z"))
            || (b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9")) || b == UInt8(ascii: "-")
    }

    mutating func collectLocalReferences(_ value: ArraySlice<UInt8>) {
        var rest = value
        while let at = Self.find(rest, "url(#") {
            var end = at + 5
            while end < rest.endIndex, rest[end] != UInt8(ascii: ")") { end += 1 }
            references.append(String(decoding: rest[(at + 5)..<end], as: UTF8.self))
            rest = rest[end...]
        }
    }

    // Byte searches: the checker runs on every fuzz input, and String searching costs more than the render.

    /// Index of the first occurrence of the ASCII `needle` in `bytes`, ignoring ASCII case.
    static func find(_ bytes: ArraySlice<UInt8>, _ needle: StaticString) -> Int? {
        let n = needle.utf8CodeUnitCount
        guard n > 0, bytes.count >= n else { return nil }
        let p = needle.utf8Start
        var i = bytes.startIndex
        while i <= bytes.endIndex - n {
            var k = 0
            while k < n, lowercased(bytes[i + k]) == lowercased(p[k]) { k += 1 }
            if k == n { return i }
            i += 1
        }
        return nil
    }

    static func hasPrefix(_ bytes: ArraySlice<UInt8>, _ prefix: StaticString) -> Bool {
        let n = prefix.utf8CodeUnitCount
        guard bytes.count >= n else { return false }
        let p = prefix.utf8Start
        var k = 0
        while k < n, lowercased(bytes[bytes.startIndex + k]) == lowercased(p[k]) { k += 1 }
        return k == n
    }

    static func equal(_ bytes: ArraySlice<UInt8>, _ word: StaticString) -> Bool {
        bytes.count == word.utf8CodeUnitCount && hasPrefix(bytes, word)
    }

    static func lowercased(_ b: UInt8) -> UInt8 { b >= 0x41 && b <= 0x5A ? b + 32 : b }

    /// `&name;` or `&#digits;` at `index`.
    mutating func entity() throws(Failure) {
        let start = index
        index += 1
        while index < text.count, text[index] != UInt8(ascii: ";"), index - start < 12 { index += 1 }
        guard index < text.count, text[index] == UInt8(ascii: ";") else { throw Failure(message: "raw & in text") }
        let body = String(decoding: text[(start + 1)..<index], as: UTF8.self)
        index += 1
        if Self.entities.contains(body) { return }
        // Numeric references must name a character XML 1.0 allows.
        guard body.hasPrefix("#"), let code = UInt32(body.dropFirst()), Unicode.Scalar(code) != nil,
            code == 0x9 || code == 0xA || code == 0xD || code >= 0x20
        else { throw Failure(message: "bad entity &\(body);") }
    }

    /// An element or attribute name: a letter, then letters, digits, `-` or `:`.
    mutating func xmlName() throws(Failure) -> String {
        let start = index
        while index < text.count {
            let b = text[index]
            let isLetter = (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
            let isOther = (b >= 0x30 && b <= 0x39) || b == UInt8(ascii: "-") || b == UInt8(ascii: ":")
            guard isLetter || (index > start && isOther) else { break }
            index += 1
        }
        guard index > start else { throw Failure(message: "expected a name") }
        return String(decoding: text[start..<index], as: UTF8.self)
    }

    mutating func expect(_ byte: UInt8) throws(Failure) {
        guard index < text.count, text[index] == byte else {
            throw Failure(message: "expected \(Character(Unicode.Scalar(byte)))")
        }
        index += 1
    }
}
