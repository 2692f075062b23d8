import RingHTTP

/// An `If-None-Match` precondition (RFC 9110 §13.1.2): `*`, or a list of entity tags compared weakly.
struct EntityTagCondition: Sendable, Equatable {
    /// `*`: any current representation matches.
    var matchesAny = false
    /// The opaque tags listed, quotes included and any `W/` removed (weak comparison ignores it).
    var tags: [Substring] = []

    /// The condition in `headers`, or nil when there is no `If-None-Match`. Several header lines form
    /// one list. Members that are not entity tags are skipped.
    init?(_ headers: HTTPHeaders) {
        let values = headers.values(for: "If-None-Match")
        guard !values.isEmpty else { return nil }
        for value in values {
            for member in Self.members(of: value[...]) {
                if member == "*" {
                    matchesAny = true
                } else {
                    let opaque = member.hasPrefix("W/") ? member.dropFirst(2) : member
                    if opaque.count >= 2, opaque.first == "\"", opaque.last == "\"" { tags.append(opaque) }
                }
            }
        }
    }

    /// Whether `etag` (a quoted opaque tag, e.g. `"abc"`) is listed, by weak comparison.
    func lists(_ etag: String) -> Bool {
        tags.contains { $0 == etag[...] }
    }

    /// Splits a list at commas that are not inside a quoted tag (an `etagc` may not be a quote, but a
    /// comma is allowed inside one).
    private static func members(of value: Substring) -> [Substring] {
        var members: [Substring] = []
        var start = value.startIndex
        var inQuotes = false
        var i = value.startIndex
        while i < value.endIndex {
            let c = value[i]
            if c == "\"" {
                inQuotes.toggle()
            } else if c == ",", !inQuotes {
                members.append(value[start..<i])
                start = value.index(after: i)
            }
            i = value.index(after: i)
        }
        members.append(value[start...])
        return members.map { $0.trimmingASCIIWhitespace() }.filter { !$0.isEmpty }
    }
}

extension Substring {
    fileprivate func trimmingASCIIWhitespace() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}
