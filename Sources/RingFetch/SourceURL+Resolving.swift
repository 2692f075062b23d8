extension SourceURL {
    /// The URL a redirect's `Location` names, relative to this one (RFC 3986 §5.2): an absolute URL, `//host/path`,
    /// `/path`, `path` (merged with this URL's directory), `?query`, or empty. The result is parsed and checked
    /// exactly like a first URL, so a redirect can reach nothing a client could not ask for directly.
    public func resolving(_ reference: some StringProtocol) throws(SourceURLError) -> SourceURL {
        guard reference.utf8.count <= Self.maxLength else { throw .tooLong }
        let text = String(reference)
        if Self.schemeEnd(Array(text.utf8)[...]) != nil { return try SourceURL(parsing: text) }
        if text.utf8.starts(with: [ASCII.slash, ASCII.slash]) {
            return try SourceURL(parsing: scheme.rawValue + ":" + text)
        }
        // Split on bytes, not Characters: `#` followed by a combining mark is one Character but still a delimiter.
        let fragmentStart = text.utf8.firstIndex(of: ASCII.hash) ?? text.endIndex
        let beforeFragment = text[..<fragmentStart]
        let (referencePath, referenceQuery) = Self.splitQuery(beforeFragment)
        let (basePath, baseQuery) = Self.splitQuery(Substring(target))
        let query = referencePath.isEmpty ? referenceQuery ?? baseQuery : referenceQuery
        let path: Substring
        if referencePath.isEmpty {
            path = basePath
        } else if referencePath.utf8.first == ASCII.slash {
            path = referencePath
        } else {
            // §5.2.3: everything up to the base path's last `/`, then the reference. Our paths always start with `/`.
            path = basePath[...(basePath.lastIndex(of: "/") ?? basePath.startIndex)] + referencePath
        }
        // Parsing the joined text removes dot segments, and the fragment is kept until then so that its characters
        // are checked as in a first URL: one code path for both.
        let queryPart = query.map { "?" + $0 } ?? ""
        return try SourceURL(parsing: "\(scheme.rawValue)://\(hostHeader)\(path)\(queryPart)\(text[fragmentStart...])")
    }

    private static func splitQuery(_ text: Substring) -> (path: Substring, query: Substring?) {
        guard let question = text.utf8.firstIndex(of: ASCII.question) else { return (text, nil) }
        return (text[..<question], text[text.utf8.index(after: question)...])
    }

    /// RFC 3986 §5.2.4 on an absolute path: `.` segments go, `..` removes the segment before it (never above the
    /// root), and a trailing `.` or `..` leaves a trailing `/`. An empty path becomes `/`.
    static func removeDotSegments(_ path: String) -> String {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        var output: [Substring] = []
        for (offset, segment) in segments.enumerated() {
            let isLast = offset == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if !output.isEmpty { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        return "/" + output.joined(separator: "/")
    }
}
