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

    let url: SourceURL
    /// Where the number is (`query=`), or nil for shields' endpoint schema.
    let path: JSONPath?
    /// p = number / max.
    let max: Double

    /// The source a query names, nil when it has no `src` (then `query` and `max` are errors: they would do
    /// nothing).
    static func parse(_ query: QueryString) throws(SourceProblem) -> SourceQuery? {
        guard let src = query["src"], !src.isEmpty, src.lowercased() != "none" else {
            for name in ["query", "max"] where query[name] != nil {
                throw SourceProblem(name, "only with src (the URL of the JSON document)", status: .badRequest, result: "refused")
            }
            return nil
        }
        let url: SourceURL
        do {
            url = try SourceURL(parsing: src)
        } catch {
            throw SourceProblem("src", "\(QueryError.quoted(QueryError.excerpt(src))) \(error)", status: .badRequest, result: "refused")
        }
        var path: JSONPath?
        if let text = query["query"], !text.isEmpty, text.lowercased() != "none" {
            do {
                path = try JSONPath(parsing: text)
            } catch {
                throw SourceProblem("query", "\(error.problem) at \(error.offset)", status: .badRequest, result: "refused")
            }
        }
        var max = 1.0
        if let text = query["max"] {
            guard let value = ValueSyntax.decimal(text), maxRange.contains(value) else {
                throw SourceProblem("max", "got \(QueryError.quoted(QueryError.excerpt(text))); expected a number above 0 up to 1e12",
                                    status: .badRequest, result: "refused")
            }
            guard path != nil else {
                throw SourceProblem("max", "only with query (the number it scales)", status: .badRequest, result: "refused")
            }
            max = value
        }
        return SourceQuery(url: url, path: path, max: max)
    }
}
