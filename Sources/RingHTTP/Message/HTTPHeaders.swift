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
        fields.first { Self.equalNames($0.name, name) }?.value
    }

    /// Every value for `name`, in order.
    public func values(for name: String) -> [String] {
        fields.filter { Self.equalNames($0.name, name) }.map(\.value)
    }

    /// True when a comma-separated list header `name` contains `token` (case-insensitive), e.g. `Connection: close`.
    public func containsToken(_ token: String, in name: String) -> Bool {
        values(for: name).contains { value in
            value.split(separator: ",").contains {
                $0.trimmingASCIIWhitespace().lowercasedASCII() == token.lowercasedASCII()
            }
        }
    }

    static func equalNames(_ a: String, _ b: String) -> Bool {
        a.utf8.count == b.utf8.count && a.lowercasedASCII() == b.lowercasedASCII()
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
