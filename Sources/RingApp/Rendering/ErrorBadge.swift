import RingCore

/// What a `/badge` request with a mistake shows (docs/design.md §Errors): the badge's label, if that much of the query is
/// valid, and "invalid <parameter>" on red, in the asked style; the full message travels in `X-Ring-Error`.
public struct ErrorBadge: Sendable, Hashable {
    /// The query's label when it is valid; empty otherwise (the badge is then the problem alone).
    public let label: String
    /// "invalid p", or "invalid query" when the fault is not one parameter of the table, or "src unavailable" when a
    /// `src` document could not be used (the URL may be right: the upstream failed, or the address is refused).
    public let problem: String
    public let look: BadgeLook

    public init(label: String, problem: String, look: BadgeLook) {
        self.label = label
        self.problem = problem
        self.look = look
    }

    /// The error badge for `error` on a request whose query is `query` (nil when it could not be parsed). Only
    /// parameters that pass the table's own checks are shown, so the badge never draws text a valid badge could not.
    init(_ error: QueryError, query: QueryString?, typeface: Typeface, table: ParameterTable = .standard) {
        let reader = query.map { QueryReader(route: .badge, query: $0, table: table, typeface: typeface) }
        var label = ""
        if let reader, error.parameter != "label", let text = try? reader.text("label"), text.lowercased() != "none" {
            label = text
        }
        let look = error.parameter == "style" ? nil : (try? reader?.choice("style", as: BadgeLook.self)) ?? nil
        let known = table.parameter(error.parameter, in: .badge) != nil
        // A problem-form error ("src: timed out after 2.5 s") is not a malformed value: "invalid src" would send the
        // author looking for a typo in a URL that may be fine.
        let problem = error.problem != nil && known ? "\(error.parameter) unavailable"
            : known ? "invalid \(error.parameter)" : "invalid query"
        self.init(label: label, problem: problem, look: look ?? .flat)
    }
}
