/// A query that cannot become a picture: names the parameter, what was given and what is accepted.
public struct QueryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The parameter at fault (as the user spelled it).
    public var parameter: String
    /// What was given, shortened for display.
    public var given: String
    /// What the parameter accepts, quoted from the parameter table.
    public var expected: String

    /// Longest excerpt of user input repeated back in a message.
    public static let maxEchoCharacters = 40

    public init(parameter: String, given: String, expected: String) {
        self.parameter = parameter
        self.given = given.count > Self.maxEchoCharacters
            ? String(given.prefix(Self.maxEchoCharacters)) + "…" : given
        self.expected = expected
    }

    /// One line for people: `size: got "99999"; expected a number 16…2048`.
    public var message: String {
        "\(parameter): got \(Self.quoted(given)); expected \(expected)"
    }

    public var description: String { message }

    /// Quotes user input with control characters escaped, so a message stays one printable line.
    static func quoted(_ s: String) -> String {
        if s.hasPrefix("a value of ") || s == "more than one value" || s == "nothing" { return s }
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar.value {
            case 0..<0x20, 0x7F: out += "\\u{\(String(scalar.value, radix: 16))}"
            case 0x22: out += "\\\""
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
