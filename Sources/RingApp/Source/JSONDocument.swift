/// A JSON document read from another server (`src=`): the value tree as it was written, kept for reading only.
///
/// Not `JSONValue`, which is the tree ringd *writes* (`/openapi.json`); this one keeps what a reader needs and a
/// writer does not: each number's literal text, and every member of an object in order, duplicates included.
/// Build one with ``init(parsing:)``.
indirect enum JSONDocument: Equatable, Sendable {
    case null
    case bool(Bool)
    case number(JSONNumber)
    case string(String)
    case array([JSONDocument])
    /// Members in document order. A key may appear more than once: all are kept, and ``subscript(member:)``
    /// takes the last.
    case object([JSONMember])

    /// The value of the last member named `key`, or `nil` when there is none or this is not an object.
    ///
    /// The last, not the first, because that is what JavaScript's `JSON.parse` keeps, and shields.io (whose
    /// endpoint schema ringd reads) runs on it: a document with `"message"` twice shows the same value in both.
    /// Keys are compared as Swift strings (canonical equivalence), so `"é"` written precomposed or decomposed
    /// is one key, where JavaScript would see two; such a document is not seen in practice.
    subscript(member key: String) -> JSONDocument? {
        guard case .object(let members) = self else { return nil }
        // Backwards: the last match is the one wanted, and the first one met this way.
        for member in members.reversed() where member.key == key {
            return member.value
        }
        return nil
    }

    /// The value of a number; `nil` for anything else, a string of digits such as `"91"` included (a caller
    /// that accepts those says so itself).
    var number: Double? {
        guard case .number(let n) = self else { return nil }
        return n.value
    }

    /// What this is, for a message: "an object", "an array", "a string", "a number", "true", "false" or "null"
    /// (`"$.total is a string"`).
    var typeName: String {
        switch self {
        case .null: "null"
        case .bool(let b): b ? "true" : "false"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// One `"key": value` pair of an object, in document order.
struct JSONMember: Equatable, Sendable {
    let key: String
    let value: JSONDocument
}

/// A JSON number: its literal as written and its nearest `Double`.
///
/// The text is kept because the document's author chose it: `"0.70"` is shown as written, not as `0.7`, and an
/// integer wider than a `Double` holds (`12345678901234567890`) is not silently rounded where it is shown.
struct JSONNumber: Equatable, Sendable {
    /// The literal exactly as in the document, e.g. `"0.70"`, `"1e2"`, `"-0"`.
    let text: String
    /// The nearest `Double` to ``text``; always finite (the parser refuses `1e400`).
    var value: Double
}
