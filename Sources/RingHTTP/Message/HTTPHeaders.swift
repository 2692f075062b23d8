/// An ordered list of header fields. Names compare case-insensitively; order and duplicates are kept.
public struct HTTPHeaders: Sendable, Hashable, Sequence {
    /// One field as received or to be sent. `name` keeps its original spelling.
    public struct Field: Sendable, Hashable {
        public var name: String
        public var value: String
        public init(name: String, value: String) {
            self.name = name
            self.value = value
        }
    }

    public private(set) var fields: [Field]

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { Field(name: $0.0, value: $0.1) }
    }

    public var count: Int { fields.count }

    public func makeIterator() -> IndexingIterator<[Field]> { fields.makeIterator() }

    /// Makes room for `count` fields, so appending that many allocates once.
    mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        fields.append(Field(name: name, value: value))
    }

    /// Replaces every field named `name` with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    public mutating func remove(name: String) {
        fields.removeAll { Self.equalNames($0.name, name) }
    }

    /// The first value for `name`, if any.
    public subscript(name: String) -> String? {
        let nameCount = name.utf8.count
        for field in fields where field.name.utf8.count == nameCount && Self.equalNames(field.name, name) {
            return field.value
        }
        return nil
    }

    /// Every value for `name`, in order; allocates nothing when no field has that name.
    ///
    /// Asked on every cache hit (`Accept-Encoding`, `If-None-Match`), so names of other lengths are passed over
    /// before `equalNames` is called, as in ``containsToken(_:in:)``.
    public func values(for name: String) -> [String] {
        let nameCount = name.utf8.count
        var values: [String] = []
        for field in fields where field.name.utf8.count == nameCount && Self.equalNames(field.name, name) {
            values.append(field.value)
        }
        return values
    }

    /// True when a comma-separated list header `name` contains `token` (case-insensitive), e.g. `Connection: close`.
    ///
    /// Asked twice for every response (the request's and the response's `Connection`), so it compares bytes in
    /// place rather than splitting and lowercasing into new strings.
    public func containsToken(_ token: String, in name: String) -> Bool {
        let nameCount = name.utf8.count
        return fields.withUnsafeBufferPointer { fields in
            // Lengths here, before the call: ruling a field out inside `equalNames` still retained and released
            // both names (about 900 more instructions per cache hit, callgrind).
            for field in fields where field.name.utf8.count == nameCount && Self.equalNames(field.name, name) {
                if Self.list(field.value, containsToken: token) { return true }
            }
            return false
        }
    }

    /// Whether two field names are equal ignoring ASCII case.
    package static func equalNames(_ a: String, _ b: String) -> Bool {
        // Lengths first: most fields are ruled out without touching their bytes.
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a, b = b
        return a.withUTF8 { a in b.withUTF8 { b in equalIgnoringCase(a, b) } }
    }

    /// Whether the comma-separated list `value` has an element equal to `token` ignoring ASCII case and the
    /// spaces and tabs (HTTP's OWS) around it.
    static func list(_ value: String, containsToken token: String) -> Bool {
        var value = value, token = token
        return value.withUTF8 { list in
            token.withUTF8 { token in
                var start = 0
                while start <= list.count {
                    var end = start
                    while end < list.count && list[end] != HTTPByte.comma { end += 1 }
                    let element = HTTPByte.trimmingWhitespace(list, start..<end)
                    // Empty elements are no elements (RFC 9110 §5.6.1): they match nothing, not even "".
                    if !element.isEmpty, equalIgnoringCase(UnsafeBufferPointer(rebasing: list[element]), token) {
                        return true
                    }
                    start = end + 1
                }
                return false
            }
        }
    }

    /// ASCII case-insensitive equality (header names and tokens are ASCII).
    static func equalIgnoringCase(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        guard a.count == b.count else { return false }
        for index in 0..<a.count where HTTPByte.lowercased(a[index]) != HTTPByte.lowercased(b[index]) { return false }
        return true
    }
}

extension StringProtocol {
    /// ASCII-only lowercasing: header names and tokens are ASCII, and this avoids Unicode tables on the hot path.
    func lowercasedASCII() -> String {
        String(decoding: utf8.map { ($0 >= 65 && $0 <= 90) ? $0 + 32 : $0 }, as: UTF8.self)
    }

    /// Trims spaces and horizontal tabs (HTTP's OWS) from both ends.
    func trimmingASCIIWhitespace() -> Substring {
        var s = Substring(self)
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
