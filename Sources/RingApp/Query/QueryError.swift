/// A query that cannot become a picture: names the parameter, what was given and what is accepted.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter at fault (as the user spelled it).
    public var parameter: String
    /// What was given, shortened for display.
    public var given: String
    /// What the parameter accepts, quoted from the parameter table.
    public var expected: String
    /// A problem that is not "got X, expected Y" (a `src` document that could not be fetched): when set, the
    /// message is `parameter: problem`.
    public var problem: String?

    /// Longest excerpt of user input repeated back in a message.
    public static let maxEchoCharacters = 40

    public init(parameter: String, given: String, expected: String) {
        self.parameter = parameter
        self.given = Self.excerpt(given)
        self.expected = expected
        self.problem = nil
    }

    /// An error stated as a problem with `parameter` (`src: timed out after 2.5 s`).
    public init(parameter: String, problem: String) {
        self.parameter = parameter
        self.given = ""
        self.expected = problem
        self.problem = problem
    }

    /// One line for people: `size: got "99999"; expected a number 16…2048`.
    ///
    /// The parameter is usually a name from the table, but a malformed query reports the name as the user
    /// typed it, so it is shortened and its control characters escaped like the given value (a `%0A` in a
    /// name would otherwise split the message, and a log line that quotes it, in two).
    public var message: String {
        if let problem { return "\(Self.escapingControls(Self.excerpt(parameter))): \(Self.escapingControls(problem))" }
        return "\(Self.escapingControls(Self.excerpt(parameter))): got \(Self.quoted(given)); expected \(expected)"
    }

    /// Most code points echoed: one "character" can hold a thousand combining marks.
    public static let maxEchoScalars = 80

    /// `s`, cut to ``maxEchoCharacters`` characters and ``maxEchoScalars`` code points, with an ellipsis when longer.
    static func excerpt(_ s: String) -> String {
        var cut = s.count > maxEchoCharacters ? String(s.prefix(maxEchoCharacters)) : s
        if cut.unicodeScalars.count > maxEchoScalars {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: cut.unicodeScalars.prefix(maxEchoScalars))
            cut = String(scalars)
        }
        return cut == s ? s : cut + "…"
    }

    /// A shortened, quoted, escaped excerpt of user input for use inside `expected`.
    static func echo(_ s: some StringProtocol) -> String {
        quoted(excerpt(String(s)))
    }

    public var description: String { message }

    /// Quotes user input with control characters escaped, so a message stays one printable line.
    ///
    /// The decoder's own phrases ("nothing", "a value of N bytes", "more than one value") are left unquoted.
    /// They are recognised by their text, so a value typed to look like one is left unquoted too, but its
    /// control characters are still escaped.
    static func quoted(_ s: String) -> String {
        if s.hasPrefix("a value of ") || s == "more than one value" || s == "nothing" { return escapingControls(s) }
        return "\"" + escapingControls(s, quote: true) + "\""
    }

    /// `s` with C0 and C1 controls, DEL, line separators and bidi controls (which would reorder the rest of the
    /// line as displayed) written as `\u{…}` (and `"` as `\"` when `quote`).
    static func escapingControls(_ s: String, quote: Bool = false) -> String {
        var out = ""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F...0x9F, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069:
                out += "\\u{\(String(scalar.value, radix: 16))}"
            case 0x22 where quote: out += "\\\""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
