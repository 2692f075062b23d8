import RingHTTP
/// What a response's `Cache-Control` (RFC 9111 §5.2) tells the fetcher, which caches documents for its own
/// use only: a private cache in RFC 9111's sense.
///
/// Parsing is lenient about syntax and conservative about meaning: an upstream's mistakes must never make us
/// cache longer than it asked.
/// - Directive names are case-insensitive; unknown directives, and malformed list elements, are ignored.
/// - `max-age=N` and `max-age="N"` are both accepted (RFC 9111 §5.2: recipients ought to accept both forms).
///   A value too large is clamped to ``maxDeltaSeconds`` (RFC 9111 §1.2.2). A negative, fractional, empty or
///   otherwise invalid value is ignored, as if the directive were absent.
/// - `max-age` given more than once: equal values count once; differing values make the response stale,
///   `maxAge == 0` (RFC 9111 §4.2.1 allows "first occurrence" or "stale"; stale is the safer reading, and a
///   hostile upstream cannot lengthen caching by adding a second value).
/// - `no-cache` and `no-store` count with or without an argument: `no-cache="Set-Cookie"` is treated as plain
///   `no-cache` (RFC 9111 §5.2.2.4 allows that), which is the more restrictive reading.
/// - `s-maxage`, `public`, `private`, `proxy-revalidate` apply to shared caches and are ignored; so is
///   everything else (`must-revalidate`, `immutable`, `stale-while-revalidate`, …).
public struct CacheDirectives: Sendable, Equatable {
    /// The freshness lifetime in seconds from `max-age`, 0…``maxDeltaSeconds``; nil when absent or invalid.
    public let maxAge: Int?
    /// `no-store`: keep no copy of the response.
    public let noStore: Bool
    /// `no-cache`: a stored copy may not be used without revalidating it first.
    public let noCache: Bool

    /// The largest delta-seconds kept: 2^31, the value RFC 9111 §1.2.2 prescribes for anything larger.
    public static let maxDeltaSeconds = 2_147_483_648

    /// Creates directives directly.
    public init(maxAge: Int? = nil, noStore: Bool = false, noCache: Bool = false) {
        self.maxAge = maxAge
        self.noStore = noStore
        self.noCache = noCache
    }

    /// Parses a `Cache-Control` value; nil (no field) gives no directives. Several fields are combined by
    /// joining their values with "," first (see ``ClientResponse/headers(_:)``).
    public init(_ value: String?) {
        var maxAges: [Int] = []
        var noStore = false
        var noCache = false
        for directive in Self.directives(Array((value ?? "").utf8)) {
            switch directive.name {
            case "max-age":
                if let argument = directive.argument, let seconds = Self.deltaSeconds(argument) {
                    maxAges.append(seconds)
                }
            case "no-store":
                noStore = true
            case "no-cache":
                noCache = true
            default:
                break
            }
        }
        let maxAge: Int? =
            if let first = maxAges.first {
                maxAges.allSatisfy { $0 == first } ? first : 0
            } else {
                nil
            }
        self.init(maxAge: maxAge, noStore: noStore, noCache: noCache)
    }

    /// `1*DIGIT` as a number, clamped to ``maxDeltaSeconds``; nil for anything else.
    static func deltaSeconds(_ digits: [UInt8]) -> Int? {
        guard !digits.isEmpty, digits.allSatisfy(HTTPByte.isDigit) else { return nil }
        var value = 0
        for digit in digits {
            // Never above maxDeltaSeconds before the multiply, so no overflow whatever the length.
            value = min(value * 10 + Int(digit - 0x30), maxDeltaSeconds)
        }
        return value
    }

    /// One well-formed list element: the lowercased name and the argument (quoted-string unescaped), if any.
    struct Directive: Equatable {
        var name: String
        var argument: [UInt8]?
    }

    /// The well-formed elements of a `Cache-Control` list: `token [ "=" ( token / quoted-string ) ]`, with
    /// OWS tolerated around the "=". A malformed element is skipped up to the next comma outside quotes.
    static func directives(_ b: [UInt8]) -> [Directive] {
        var result: [Directive] = []
        var i = 0
        func skipWhitespace() { while i < b.count, HTTPByte.isWhitespace(b[i]) { i += 1 } }
        while i < b.count {
            while i < b.count, HTTPByte.isWhitespace(b[i]) || b[i] == HTTPByte.comma { i += 1 }
            guard i < b.count else { break }
            let nameStart = i
            while i < b.count, HTTPByte.isToken(b[i]) { i += 1 }
            let name = String(decoding: b[nameStart..<i].lazy.map(HTTPByte.lowercased), as: UTF8.self)
            var argument: [UInt8]?
            var wellFormed = !name.isEmpty
            skipWhitespace()
            if wellFormed, i < b.count, b[i] == HTTPByte.equals {
                i += 1
                skipWhitespace()
                if i < b.count, b[i] == HTTPByte.quote {
                    let quoted = quotedString(b, &i)
                    argument = quoted
                    wellFormed = quoted != nil
                } else {
                    let start = i
                    while i < b.count, HTTPByte.isToken(b[i]) { i += 1 }
                    argument = Array(b[start..<i])
                }
                skipWhitespace()
            }
            if wellFormed && (i == b.count || b[i] == HTTPByte.comma) {
                result.append(Directive(name: name, argument: argument))
            } else {
                skipToComma(b, &i)
            }
        }
        return result
    }

    /// Reads the quoted-string starting at `b[i]` (a DQUOTE), unescaping quoted-pairs (RFC 9110 §5.6.4);
    /// nil when it is not closed. Leaves `i` after the closing quote, or at the end.
    static func quotedString(_ b: [UInt8], _ i: inout Int) -> [UInt8]? {
        var text: [UInt8] = []
        i += 1
        while i < b.count {
            switch b[i] {
            case HTTPByte.quote:
                i += 1
                return text
            case HTTPByte.backslash where i + 1 < b.count:
                text.append(b[i + 1])
                i += 2
            default:
                text.append(b[i])
                i += 1
            }
        }
        return nil
    }

    /// Moves `i` to the next comma that is not inside a quoted-string, or to the end.
    static func skipToComma(_ b: [UInt8], _ i: inout Int) {
        while i < b.count, b[i] != HTTPByte.comma {
            if b[i] == HTTPByte.quote {
                _ = quotedString(b, &i)
            } else {
                i += 1
            }
        }
    }
}
