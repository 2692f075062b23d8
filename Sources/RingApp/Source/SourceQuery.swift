import RingFetch
import RingHTTP

/// A request's `src`, `query` and `max`, checked: the document's URL, where the number is, and what it is
/// out of. Parsed before anything is fetched, so a malformed URL or path is a 400 without a packet sent.
struct SourceQuery: Sendable {
    /// `max` accepts any positive number up to a trillion (counts of lines, downloads, stars).
    static let maxRange: ClosedRange<Double> = 1e-9...1e12
    /// Parameters the document may not set: they say where the values come from and how the answer is shaped,
    /// so a document naming another `src` cannot make ringd fetch elsewhere.
    static let reservedNames: Set<String> = ["src", "query", "max", "format", "strict"]
    /// Longest `src` accepted, in bytes as given: a query value's limit (``QueryString/maxValueBytes``) is the
    /// shorter of the two, so it is the one a client can meet.
    static let maxURLBytes = min(SourceURL.maxLength, QueryString.maxValueBytes)

    let url: SourceURL
    /// Where the number is (`query=`), or nil for shields' endpoint schema.
    let path: JSONPath?
    /// p = number / max.
    let max: Double

    /// The source a query names, nil when it has no `src` (then `query` and `max` are errors: they would do
    /// nothing). Errors are worded like every other parameter's (`src: got "…"; expected …`).
    static func parse(_ query: QueryString) throws(QueryError) -> SourceQuery? {
        func given(_ name: String) -> String? {
            guard let value = query[name], !value.isEmpty, value.lowercased() != "none" else { return nil }
            return value
        }
        guard let src = given("src") else {
            for name in ["query", "max"] where query[name] != nil {
                throw QueryError(parameter: name, given: query[name] ?? "", expected: "src as well (the URL of the JSON document)")
            }
            return nil
        }
        let url: SourceURL
        do {
            url = try SourceURL(parsing: src)
        } catch {
            // The URL parser's own length limit applies to the URL as it prints (percent-encoded), which only a URL
            // of characters that need encoding can pass: say so rather than quote a limit of another length.
            let problem = error == .tooLong ? "is too long once percent-encoded" : error.reason
            throw QueryError(parameter: "src", given: src, expected: "an http(s) URL of at most \(maxURLBytes) bytes (this one \(problem))")
        }
        var path: JSONPath?
        if let text = given("query") {
            do {
                path = try JSONPath(parsing: text)
            } catch {
                throw QueryError(parameter: "query", given: text,
                                 expected: "a JSONPath of $, .name, ['name'] and [index] steps (\(error.problem) at \(error.offset))")
            }
        }
        let max: Double
        if let text = query["max"] {
            guard let value = ValueSyntax.decimal(text), maxRange.contains(value) else {
                throw QueryError(parameter: "max", given: text, expected: "a number above 0 up to 1e12")
            }
            guard path != nil else { throw QueryError(parameter: "max", given: text, expected: "query as well (max scales its number)") }
            max = value
        } else {
            // Left out: the parameter table's default, read as the decoder reads every default (`max` is common).
            let reader = QueryReader(route: .ring, query: query, table: .standard)
            max = try reader.need(reader.number("max"), "max")
        }
        return SourceQuery(url: url, path: path, max: max)
    }
}
