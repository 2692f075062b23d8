/// The canonical text of an `Encodable` value: every stored property, through the conformance the compiler
/// synthesises, written as compact text that two different values can never share.
///
/// ``CanonicalSpec`` hashes this text. It replaces Swift's structural description (`"\(spec)"`), which walked the
/// value through reflection: 80 µs of every miss, twice (docs/performance.md, "Misses: where the time goes"). A
/// synthesised conformance keeps that description's virtue — a field added to the model is part of the key without
/// anyone remembering to add it — at a tenth of the cost.
///
/// The grammar: a keyed container writes `name=value;` per field, an unkeyed one `value;` per element; a nested
/// value is written inside `(` `)` by the container that holds it (the only place that knows where it ends), so
/// nesting is unambiguous; an enum case with values opens its payload with `name:` (the synthesised encoding's
/// nested container), which the enclosing parentheses close. Strings carry their UTF-8 length (`5'label`), so no
/// text can imitate structure; numbers print as Swift prints them (shortest round-trip decimals), booleans as
/// `t`/`f`, nil as `~`.
struct CanonicalEncoder {
    /// The canonical text of `value`.
    static func text(of value: some Encodable) -> String {
        let sink = Sink()
        sink.nested(value)
        return sink.text
    }

    /// Where the text grows; shared by every container of one encoding.
    final class Sink: Encoder {
        var text = ""
        var codingPath: [any CodingKey] { [] }
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        init() { text.reserveCapacity(512) }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Keyed<Key>(sink: self))
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { Unkeyed(sink: self) }
        func singleValueContainer() -> any SingleValueEncodingContainer { Single(sink: self) }

        /// A value of any type, delimited.
        func nested(_ value: some Encodable) {
            switch value {
            case let string as String: write(string)
            case let number as Double: text += number.description
            case let number as Int: text += String(number)
            case let number as UInt8: text += String(number)
            case let flag as Bool: text += flag ? "t" : "f"
            default:
                text += "("
                // The synthesised conformances never throw; a hand-written one that did would be a bug here.
                do { try value.encode(to: self) } catch { preconditionFailure("canonical encoding failed: \(error)") }
                text += ")"
            }
        }

        func write(_ string: String) {
            text += String(string.utf8.count)
            text += "'"
            text += string
        }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil(forKey key: Key) throws { field(key, "~") }
        mutating func encode(_ value: Bool, forKey key: Key) throws { field(key, value ? "t" : "f") }
        mutating func encode(_ value: String, forKey key: Key) throws {
            sink.text += key.stringValue + "="
            sink.write(value)
            sink.text += ";"
        }
        mutating func encode(_ value: Double, forKey key: Key) throws { field(key, value.description) }
        mutating func encode(_ value: Int, forKey key: Key) throws { field(key, String(value)) }
        mutating func encode(_ value: UInt8, forKey key: Key) throws { field(key, String(value)) }
        mutating func encode(_ value: some Encodable, forKey key: Key) throws {
            sink.text += key.stringValue + "="
            sink.nested(value)
            sink.text += ";"
        }
        mutating func nestedContainer<NestedKey: CodingKey>(
            keyedBy keyType: NestedKey.Type, forKey key: Key
        ) -> KeyedEncodingContainer<NestedKey> {
            sink.text += key.stringValue + ":"
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            sink.text += key.stringValue + ":"
            return Unkeyed(sink: sink)
        }
        mutating func superEncoder() -> any Encoder { sink }
        mutating func superEncoder(forKey key: Key) -> any Encoder {
            sink.text += key.stringValue + ":"
            return sink
        }

        private func field(_ key: Key, _ value: String) {
            sink.text += key.stringValue + "=" + value + ";"
        }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }
        var count = 0

        mutating func encodeNil() throws { element("~") }
        mutating func encode(_ value: Bool) throws { element(value ? "t" : "f") }
        mutating func encode(_ value: String) throws {
            sink.write(value)
            sink.text += ";"
            count += 1
        }
        mutating func encode(_ value: Double) throws { element(value.description) }
        mutating func encode(_ value: Int) throws { element(String(value)) }
        mutating func encode(_ value: UInt8) throws { element(String(value)) }
        mutating func encode(_ value: some Encodable) throws {
            sink.nested(value)
            sink.text += ";"
            count += 1
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            count += 1
            sink.text += ":"
            return KeyedEncodingContainer(Keyed<NestedKey>(sink: sink))
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
            count += 1
            sink.text += ":"
            return Unkeyed(sink: sink)
        }
        mutating func superEncoder() -> any Encoder { sink }

        private mutating func element(_ value: String) {
            sink.text += value + ";"
            count += 1
        }
    }

    struct Single: SingleValueEncodingContainer {
        let sink: Sink
        var codingPath: [any CodingKey] { [] }

        mutating func encodeNil() throws { sink.text += "~" }
        mutating func encode(_ value: Bool) throws { sink.text += value ? "t" : "f" }
        mutating func encode(_ value: String) throws { sink.write(value) }
        mutating func encode(_ value: Double) throws { sink.text += value.description }
        mutating func encode(_ value: Int) throws { sink.text += String(value) }
        mutating func encode(_ value: UInt8) throws { sink.text += String(value) }
        mutating func encode(_ value: some Encodable) throws { sink.nested(value) }
    }
}
