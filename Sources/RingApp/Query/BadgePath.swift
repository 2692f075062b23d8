/// shields.io's path form of a static badge: `/badge/<label>-<message>-<color>` or `/badge/<message>-<color>`,
/// optionally ending in `.svg` or `.png`, read with shields' escaping: `--` is a dash, `__` an underscore, `_` a
/// space, and anything else percent-encoded (`%25` for `%`). The texts become the `label`, `message` and `color`
/// parameters, validated like any query's.
enum BadgePath {
    /// The route prefix of the path form.
    static let prefix = "/badge/"

    /// What the path form accepts, for the error a malformed one gets.
    static let expectation = "/badge/<label>-<message>-<color> or /badge/<message>-<color> (-- is a dash, __ an underscore, _ a space)"

    /// The parameters `path` (after ``prefix``, without a format extension, still percent-encoded) names.
    static func parameters(_ path: String) throws(QueryError) -> [(name: String, value: String)] {
        var parts: [String] = [""]
        var bytes = Array(path.utf8)[...]
        while let byte = bytes.first {
            bytes = bytes.dropFirst()
            switch byte {
            case UInt8(ascii: "-") where bytes.first == UInt8(ascii: "-"):
                bytes = bytes.dropFirst()
                parts[parts.count - 1] += "-"
            case UInt8(ascii: "-"):
                parts.append("")
            case UInt8(ascii: "_") where bytes.first == UInt8(ascii: "_"):
                bytes = bytes.dropFirst()
                parts[parts.count - 1] += "%5F"
            case UInt8(ascii: "_"):
                parts[parts.count - 1] += " "
            case UInt8(ascii: "+"):
                // A path's + is a plus (a query's would be a space).
                parts[parts.count - 1] += "%2B"
            default:
                parts[parts.count - 1] += String(decoding: [byte], as: UTF8.self)
            }
        }
        let names = parts.count == 3 ? ["label", "message", "color"] : ["message", "color"]
        guard parts.count == 2 || parts.count == 3 else {
            throw QueryError(parameter: "path", given: path, expected: expectation)
        }
        var items: [(name: String, value: String)] = []
        for (name, part) in zip(names, parts) {
            guard let value = QueryString.percentDecode(Substring(part)) else {
                throw QueryError(parameter: name, given: part, expected: "UTF-8 text (percent-encoded bytes must form UTF-8)")
            }
            items.append((name, value))
        }
        return items
    }

    /// `query` with the path's parameters first; a parameter given in both is refused, as one given twice is.
    static func merged(_ path: String, into query: QueryString) throws(QueryError) -> QueryString {
        let fromPath = try parameters(path)
        for item in fromPath where query[item.name] != nil {
            throw QueryError(parameter: item.name, given: "more than one value", expected: "the parameter once (the path gives it)")
        }
        return QueryString(items: fromPath + query.items)
    }
}
