/// Query parameters an image route does not read: shields' parameters ringd does not draw (`logo`,
/// `cacheSeconds`, …) and names that are no parameter at all (`sise`). Without `strict=1` they are ignored and
/// named in the `X-Ring-Ignored` response header; with it, the first is refused by name, with the nearest real
/// parameter suggested for a typo.
enum IgnoredParameters {
    /// The response header that names them.
    static let header = "X-Ring-Ignored"

    /// shields.io parameters ringd does not support (a logo, a link, its cache lifetime).
    static let shieldsOnly: Set<String> = ["logo", "logoColor", "logoSize", "logoWidth", "logoPosition", "link", "cacheSeconds"]

    /// Longest edit distance at which a parameter is suggested for an unknown name.
    static let maxSuggestionDistance = 2

    /// Names in `query` that `route`'s rows of `table` do not have, in query order.
    static func names(in query: QueryString, route: ImageRoute, table: ParameterTable) -> [String] {
        query.items.map(\.name).filter { table.parameter($0, in: route) == nil }
    }

    /// The refusal `strict=1` gives `name` (one of ``names(in:route:table:)``).
    static func refusal(_ name: String, route: ImageRoute, table: ParameterTable) -> QueryError {
        if shieldsOnly.contains(name) {
            return QueryError(parameter: name, problem: "shields' \(name) is not supported by ringd (without strict=1 it is ignored and named in \(header))")
        }
        let hint = suggestion(for: name, route: route, table: table).map { "; did you mean \($0)?" } ?? ""
        return QueryError(parameter: name, problem: "not a parameter of /\(route.rawValue)\(hint) (without strict=1 it is ignored and named in \(header))")
    }

    /// The route's parameter nearest `name` (case-insensitive edit distance, at most ``maxSuggestionDistance``).
    static func suggestion(for name: String, route: ImageRoute, table: ParameterTable) -> String? {
        let typed = Array(name.lowercased().unicodeScalars)
        guard typed.count <= 40 else { return nil }
        var best: (name: String, distance: Int)?
        for row in table.parameters(for: route) {
            let d = distance(typed, Array(row.name.lowercased().unicodeScalars))
            if d <= maxSuggestionDistance, d < (best?.distance ?? .max) { best = (row.name, d) }
        }
        return best?.name
    }

    /// Levenshtein distance (insertions, deletions, substitutions).
    static func distance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + [Int](repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
