/// The query a picture drawn from a `src` document is decoded from: the URL's own parameters, and the
/// document's values where the URL gives none (docs/design.md §Sources: parameters in the URL win).
///
/// The document is either shields' endpoint schema (`{"schemaVersion": 1, "label", "message", "color"}`) with
/// any of the route's parameters as extra fields, or, with `query=`, the number at a JSONPath scaled by `max`
/// into `p`. Either way its values go through the same decoder as the URL's, so a picture from a document is
/// the very picture (same bytes, same ETag) of the same values typed into the URL.
enum SourceValues {
    /// The merged query and the names whose values came from the document (to say so in an error).
    static func merged(
        _ query: QueryString, document: JSONDocument, source: SourceQuery, route: ImageRoute
    ) throws(SourceProblem) -> (query: QueryString, fromDocument: Set<String>) {
        let fields = try documentFields(document, source: source, route: route)
        // A URL parameter overrides the document's whole group: `p` in the URL replaces the document's `value`
        // and `total` too, `gradient` its `color` (rows say which they stand instead of).
        func group(_ name: String) -> String { route.parameter(name)?.insteadOf ?? name }
        let given = Set(query.items.map { group($0.name) })
        var items = query.items
        var fromDocument = Set<String>()
        for (name, value) in fields where !given.contains(group(name)) {
            items.append((name, value))
            fromDocument.insert(name)
        }
        return (QueryString(items: items), fromDocument)
    }

    /// The document's parameters for `route`, in document order.
    static func documentFields(
        _ document: JSONDocument, source: SourceQuery, route: ImageRoute
    ) throws(SourceProblem) -> [(String, String)] {
        if let path = source.path {
            let number = try number(at: path, in: document)
            let p = ValueSyntax.canonical(number / source.max)
            guard p.isFinite else { throw SourceProblem("query", "the number at \(path) divided by max is not finite") }
            return [("p", "\(p)")]
        }
        guard case .object(let members) = document else {
            throw SourceProblem("src", "the document is \(document.typeName), not an object; give query= to pick a number from it")
        }
        if let version = document[member: "schemaVersion"], version.number != 1 {
            throw SourceProblem("src", "the document's schemaVersion is not 1")
        }
        // Duplicate keys: the last one counts, as in JavaScript's JSON.parse (what shields.io reads them with).
        var order: [String] = []
        var values: [String: JSONDocument] = [:]
        for member in members where !SourceQuery.reservedNames.contains(member.key) && route.parameter(member.key) != nil {
            if values.updateValue(member.value, forKey: member.key) == nil { order.append(member.key) }
        }
        var fields: [(String, String)] = []
        for name in order {
            guard let text = try text(values[name]!, name: name) else { continue }
            guard text.utf8.count <= QueryString.maxValueBytes else {
                throw SourceProblem("src", "the document's \(name) is over \(QueryString.maxValueBytes) bytes")
            }
            fields.append((name, text))
        }
        // shields' endpoint documents carry the value only as text ("87%"); when no progress field is given,
        // the message is the progress if it reads as one.
        let progressNames = ["p", "value", "total", "move", "exercise", "stand"]
        if route.parameter("p") != nil, !fields.contains(where: { progressNames.contains($0.0) }),
           case .string(let message)? = values["message"] ?? document[member: "message"],
           ValueSyntax.progress(message.trimmingCharacters(in: " ")) != nil {
            fields.append(("p", message.trimmingCharacters(in: " ")))
        }
        return fields
    }

    /// The number at `path`: a JSON number, or a string holding a plain decimal (`"91.5"`, as some APIs send).
    static func number(at path: JSONPath, in document: JSONDocument) throws(SourceProblem) -> Double {
        switch path.evaluate(document) {
        case .found(let value):
            if let number = value.number { return number }
            if case .string(let s) = value, let number = ValueSyntax.decimal(s.trimmingCharacters(in: " ")) { return number }
            throw SourceProblem("src", "no number at \(path): it is \(value.typeName)")
        case .missing(let at, let found):
            throw SourceProblem("src", "no number at \(path) (\(at) is \(found))")
        }
    }

    /// A document value as query text; nil for `null` (as if absent).
    static func text(_ value: JSONDocument, name: String) throws(SourceProblem) -> String? {
        switch value {
        case .null: return nil
        case .bool(let b): return b ? "1" : "0"
        case .number(let n): return n.text
        case .string(let s): return s
        case .array(let items):
            var parts: [String] = []
            for item in items {
                switch item {
                case .number(let n): parts.append(n.text)
                case .string(let s): parts.append(s)
                default: throw SourceProblem("src", "the document's \(name) holds \(item.typeName); expected numbers or text")
                }
            }
            return parts.joined(separator: ",")
        case .object:
            throw SourceProblem("src", "the document's \(name) is an object; expected text or a number")
        }
    }
}
