/// The decoded `name=value` pairs of a URL query, in order.
///
/// `+` means space (HTML forms), `%XX` is decoded as UTF-8, and a `%` not followed by two hex digits stays a
/// literal `%` (as WHATWG URL percent-decoding does), so `p=70%` typed into a URL works. Bytes that do not form
/// UTF-8 are an error naming the parameter. A name given twice is an error rather than
/// "first wins" or "last wins": either choice would silently draw a picture the author did not ask for.
public struct QueryString: Sendable, Hashable {
    /// Longest accepted value, in bytes; labels and titles are far shorter, so this only stops abuse early.
    public static let maxValueBytes = 1024

    public private(set) var items: [(name: String, value: String)] = []

    public init(parsing raw: String?) throws(QueryError) {
        guard let raw, !raw.isEmpty else { return }
        var seen = Set<String>()
        for piece in raw.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = piece.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let rawName = parts[0]
            let rawValue = parts.count > 1 ? parts[1] : ""
            guard let name = Self.percentDecode(rawName) else {
                throw QueryError(parameter: String(rawName.prefix(40)), given: String(rawName.prefix(40)),
                                 expected: "a parameter name in UTF-8")
            }
            // A piece without a name (`=x`) is skipped before its value is looked at: it names nothing, so
            // it cannot be an error about a parameter (an invalid value here used to give one naming "").
            if name.isEmpty { continue }
            guard let value = Self.percentDecode(rawValue) else {
                throw QueryError(parameter: name, given: String(rawValue.prefix(40)),
                                 expected: "UTF-8 text (percent-encoded bytes must form UTF-8)")
            }
            guard value.utf8.count <= Self.maxValueBytes else {
                throw QueryError(parameter: name, given: "a value of \(value.utf8.count) bytes",
                                 expected: "at most \(Self.maxValueBytes) bytes")
            }
            guard seen.insert(name).inserted else {
                throw QueryError(parameter: name, given: "more than one value",
                                 expected: "the parameter once")
            }
            items.append((name, value))
        }
    }

    /// A query of these pairs (names unique: the caller merged them), as if parsed.
    init(items: [(name: String, value: String)]) {
        self.items = items
    }

    public static func == (a: QueryString, b: QueryString) -> Bool {
        a.items.elementsEqual(b.items) { $0.name == $1.name && $0.value == $1.value }
    }

    public func hash(into hasher: inout Hasher) {
        for item in items {
            hasher.combine(item.name)
            hasher.combine(item.value)
        }
    }

    /// The value for `name`, if given.
    public subscript(name: String) -> String? {
        items.first { $0.name == name }?.value
    }

    /// Decodes `+` and `%XX` (a `%` without two hex digits after it is kept); nil when the bytes are not UTF-8.
    static func percentDecode(_ s: Substring) -> String? {
        let input = Array(s.utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(input.count)
        var i = 0
        while i < input.count {
            let b = input[i]
            if b == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if b == UInt8(ascii: "%"), i + 2 < input.count, let h = hexValue(input[i + 1]), let l = hexValue(input[i + 2]) {
                bytes.append(h << 4 | l)
                i += 2
            } else {
                bytes.append(b)
            }
            i += 1
        }
        return String(validating: bytes, as: UTF8.self)
    }

    private static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): b - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): b - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): b - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
