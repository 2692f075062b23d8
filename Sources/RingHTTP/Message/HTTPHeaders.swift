/// An ordered list of header fields. Names compare case-insensitively; order and duplicates are kept.
///
/// The fields live as bytes in one buffer, not as a pair of `String`s each: a request's fields are looked up a
/// few times and mostly never read as text, while making two `String`s per received field (UTF-8 validation,
/// a heap copy for values over 15 bytes) and growing an array of them was much of the cost of parsing a
/// browser's request (callgrind, docs/performance.md, "What a hit costs in user space"). A field becomes a ``Field`` only when
/// one is asked for.
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

    /// Every field in order: a ``FieldHeader`` (unaligned), then the field's bytes, its name first and its
    /// value ``FieldHeader/valueOffset`` bytes after the name's start. The parser copies a received line from
    /// the name to the end of the value as it stands (`Name: value`), in one piece; ``add(name:value:)`` writes
    /// the name and the value back to back.
    private var storage: [UInt8] = []
    /// Fields in `storage`.
    public private(set) var count = 0

    /// Where a field's name and value lie in the bytes after this header.
    private struct FieldHeader {
        var nameCount: UInt32
        var valueOffset: UInt32
        var valueCount: UInt32
    }

    public init(_ fields: [(String, String)] = []) {
        for (name, value) in fields { add(name: name, value: value) }
    }

    /// The fields as `String` pairs, in order (bytes that are not UTF-8 are replaced, never trusted).
    public var fields: [Field] { Array(self) }

    public func makeIterator() -> Iterator { Iterator(storage: storage) }

    /// Walks the fields in order, making each one's `String`s as it is reached.
    public struct Iterator: IteratorProtocol {
        let storage: [UInt8]
        var offset = 0

        public mutating func next() -> Field? {
            guard offset < storage.count else { return nil }
            return storage.withUnsafeBufferPointer { bytes in
                let (name, value, next) = HTTPHeaders.field(at: offset, in: bytes)
                offset = next
                return Field(name: HTTPByte.string(bytes, name), value: HTTPByte.string(bytes, value))
            }
        }
    }

    /// Makes room for fields of about `bytes` bytes in all, so appending them allocates once.
    mutating func reserveCapacity(bytes: Int) {
        storage.reserveCapacity(bytes)
    }

    /// Appends a field, keeping any existing field of the same name.
    public mutating func add(name: String, value: String) {
        var name = name, value = value
        name.withUTF8 { name in
            value.withUTF8 { value in
                appendHeader(nameCount: name.count, valueOffset: name.count, valueCount: value.count)
                storage.append(contentsOf: name)
                storage.append(contentsOf: value)
            }
        }
    }

    /// Appends the field received as `bytes[name.lowerBound..<value.upperBound]`, whose name is `bytes[name]`
    /// and value `bytes[value]`: the parser's way in, one copy of the line and no `String` made.
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, name: Range<Int>, value: Range<Int>) {
        precondition(value.lowerBound >= name.upperBound, "a field's value lies after its name")
        appendHeader(nameCount: name.count, valueOffset: value.lowerBound - name.lowerBound, valueCount: value.count)
        storage.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[name.lowerBound..<value.upperBound]))
    }

    private mutating func appendHeader(nameCount: Int, valueOffset: Int, valueCount: Int) {
        precondition(valueOffset + valueCount <= Int(UInt32.max), "a header field longer than 4 GiB")
        let header = FieldHeader(nameCount: UInt32(nameCount), valueOffset: UInt32(valueOffset), valueCount: UInt32(valueCount))
        withUnsafeBytes(of: header) { storage.append(contentsOf: $0) }
        count += 1
    }

    /// Replaces every field named `name` with one field.
    public mutating func replaceOrAdd(name: String, value: String) {
        remove(name: name)
        add(name: name, value: value)
    }

    public mutating func remove(name: String) {
        var kept = HTTPHeaders()
        var name = name
        name.withUTF8 { name in
            forEachField { bytes, fieldName, value in
                if !Self.isNamed(bytes, fieldName, name) { kept.add(bytes, name: fieldName, value: value) }
            }
        }
        self = kept
    }

    /// The first value for `name`, if any.
    public subscript(name: String) -> String? {
        var found: String?
        forEachValue(named: name) { value in
            found = HTTPByte.string(value)
            return false
        }
        return found
    }

    /// Every value for `name`, in order; allocates nothing when no field has that name.
    public func values(for name: String) -> [String] {
        var values: [String] = []
        forEachValue(named: name) { value in
            values.append(HTTPByte.string(value))
            return true
        }
        return values
    }

    /// Calls `body` with the bytes of each value of a field named `name` (ASCII case ignored), in order, until it
    /// returns false: for readers of a field's syntax, which need no `String` of it. The bytes are the value
    /// as received (obs-text included) and valid only during the call.
    public func forEachValue(named name: String, _ body: (_ value: UnsafeBufferPointer<UInt8>) -> Bool) {
        guard count > 0 else { return }
        var name = name
        name.withUTF8 { name in
            storage.withUnsafeBufferPointer { bytes in
                var offset = 0
                while offset < bytes.count {
                    let (fieldName, value, next) = Self.field(at: offset, in: bytes)
                    offset = next
                    guard Self.isNamed(bytes, fieldName, name) else { continue }
                    guard body(UnsafeBufferPointer(rebasing: bytes[value])) else { return }
                }
            }
        }
    }

    /// True when a comma-separated list header `name` contains `token` (case-insensitive), e.g. `Connection: close`.
    ///
    /// Asked twice for every response (the request's and the response's `Connection`), so it compares bytes in
    /// place rather than splitting and lowercasing into new strings.
    public func containsToken(_ token: String, in name: String) -> Bool {
        var found = false
        forEachValue(named: name) { value in
            var token = token
            found = token.withUTF8 { Self.list(value, containsToken: $0) }
            return !found
        }
        return found
    }

    /// Equal when the fields are, in order, as ``fields`` reads them (however each was stored; bytes that are
    /// not UTF-8 compare as the replacement character they read as, as when fields were kept as `String`s).
    public static func == (a: HTTPHeaders, b: HTTPHeaders) -> Bool {
        a.count == b.count && (a.storage == b.storage || a.fields == b.fields)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(fields)
    }

    /// Calls `body` with the buffer and each field's name and value ranges in it, in order.
    private func forEachField(_ body: (_ bytes: UnsafeBufferPointer<UInt8>, _ name: Range<Int>, _ value: Range<Int>) -> Void) {
        storage.withUnsafeBufferPointer { bytes in
            var offset = 0
            while offset < bytes.count {
                let (name, value, next) = Self.field(at: offset, in: bytes)
                body(bytes, name, value)
                offset = next
            }
        }
    }

    /// The name and value ranges of the field whose header starts at `offset`, and where the next one starts.
    @inline(__always)
    private static func field(
        at offset: Int, in bytes: UnsafeBufferPointer<UInt8>
    ) -> (name: Range<Int>, value: Range<Int>, next: Int) {
        let header = UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: FieldHeader.self)
        let nameStart = offset + MemoryLayout<FieldHeader>.size
        let valueStart = nameStart + Int(header.valueOffset)
        let valueEnd = valueStart + Int(header.valueCount)
        return (nameStart..<(nameStart + Int(header.nameCount)), valueStart..<valueEnd, valueEnd)
    }

    /// Whether the field name `bytes[fieldName]` is `name`, ignoring ASCII case. Lengths first: most fields are
    /// ruled out without touching their bytes.
    @inline(__always)
    private static func isNamed(
        _ bytes: UnsafeBufferPointer<UInt8>, _ fieldName: Range<Int>, _ name: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        fieldName.count == name.count && equalIgnoringCase(UnsafeBufferPointer(rebasing: bytes[fieldName]), name)
    }

    /// Whether the comma-separated list `list` has an element equal to `token` ignoring ASCII case and the
    /// spaces and tabs (HTTP's OWS) around it.
    static func list(_ list: UnsafeBufferPointer<UInt8>, containsToken token: UnsafeBufferPointer<UInt8>) -> Bool {
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
