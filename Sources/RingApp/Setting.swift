/// One row of the settings table (``Setting/all``): a flag of `ringd serve`, the environment variables read when it
/// is absent, what it accepts, its default and its help.
///
/// The table is the only place these are written: the argument parser's options take their names and help from it,
/// the process environment is read through its variable names, ``Settings`` reads and checks values through it, and
/// `ringd docs --settings` prints the README's table from it.
public struct Setting: Sendable {
    /// The long flag without its dashes: `cache-mb`.
    public let flag: String
    /// Variables read when the flag is absent, the first one set winning: `RINGD_PORT`, then `PORT`.
    public let variables: [String]
    public let kind: Kind
    public let defaultValue: Default
    /// One line for people: the README's table, and the start of the flag's `--help`.
    public let help: String
    /// What `--help` says beyond ``help`` (empty when nothing).
    public let details: String
    /// A value the setting accepts other than its default, as the flag's or a variable's text (`json`, `9090`).
    public let example: String

    /// What a setting accepts.
    public enum Kind: Sendable, Equatable {
        /// A whole number within the range; `unit` names it in messages (`MiB`, `seconds`), nil for none.
        case integer(ClosedRange<Int>, unit: String?)
        /// Free text that must not be empty (an address, a path).
        case text
        /// One of the words (any case).
        case choice([String])
        /// `on` or `off` (also `1`/`0`, `true`/`false`, `yes`/`no`).
        case onOff
        /// A flag that takes no value; its variable is `1` or `0` (also `true`/`false`, `on`/`off`, `yes`/`no`).
        case `switch`
        /// Comma-separated entries; the flag may be repeated.
        case list
    }

    /// A setting's value when neither its flag nor its variables are given.
    public enum Default: Sendable, Equatable {
        /// Unset (no font folder, no extra CA file, an empty list); a switch is off.
        case none
        /// Text in the setting's own syntax, read as if it were given: `--help` and the README print it as it is.
        case value(String)
        /// A value worked out at start (from the machine's CPUs), read as if it were given; people read `words`.
        case computed(String, words: String)
        /// Unset, and the part that uses it does what `words` say (search the system's font folders).
        case described(String)

        /// The text read when nothing is given, or nil.
        var text: String? {
            switch self {
            case .none, .described: nil
            case .value(let text), .computed(let text, _): text
            }
        }
    }

    init(
        _ flag: String, example: String, _ variables: [String], _ kind: Kind, default defaultValue: Default = .none,
        help: String, details: String = ""
    ) {
        self.flag = flag
        self.example = example
        self.variables = variables
        self.kind = kind
        self.defaultValue = defaultValue
        self.help = help
        self.details = details
    }

    /// The default as people read it (`64`, `number of CPUs`, `off`), or nil when there is none to state.
    public var defaultWords: String? {
        switch defaultValue {
        case .value(let text): text
        case .computed(_, let words), .described(let words): words
        case .none: kind == .switch ? "off" : nil
        }
    }

    /// What the value must be, in words, for messages and docs (`a whole number of MiB in 0…65536`).
    public var expectation: String {
        switch kind {
        case .integer(let range, let unit):
            "a whole number\(unit.map { " of " + $0 } ?? "") in \(range.lowerBound)…\(range.upperBound)"
        case .text: "not empty"
        case .choice(let words): "one of " + words.joined(separator: ", ")
        case .onOff: "on or off"
        case .switch: "1 or 0 (true or false)"
        case .list: "comma-separated entries"
        }
    }

    /// ``help`` with the range of a number: the README's line (`MiB of rendered images kept; 0 keeps none (0…65536)`).
    public var summary: String {
        guard case .integer(let range, _) = kind else { return help }
        return help + " (\(range.lowerBound)…\(range.upperBound))"
    }

    /// The flag's `--help` text: ``summary``, ``details``, the variables and the default.
    public var helpText: String {
        // The README's code spans read as plain text in a terminal.
        let plain = summary.filter { $0 != "`" }
        var text = plain.prefix(1).uppercased() + plain.dropFirst() + "."
        if !details.isEmpty { text += " " + details }
        let names = variables.map { kind == .switch ? $0 + "=1" : $0 }.joined(separator: ", ")
        text += " [env: \(names)]"
        if kind != .switch, let words = defaultWords { text += " (default: \(words))" }
        return text
    }

    /// `--cache-mb (RINGD_CACHE_MB)`: how messages name the setting.
    var names: String { "--\(flag) (\(variables.joined(separator: ", ")))" }
}

extension Setting {
    /// The text given for this setting and where it came from: the flag's (`flag`, already text), else the first
    /// of its variables set in `environment`, else the default's; nil when none of them has one.
    func given(_ flag: String?, _ environment: [String: String]) -> (text: String, variable: String?)? {
        if let flag { return (flag, nil) }
        for variable in variables {
            if let text = environment[variable] { return (text, variable) }
        }
        return defaultValue.text.map { ($0, nil) }
    }

    /// A whole number within the row's range: the flag's, else a variable's, else the default.
    func integer(_ flag: Int?, _ environment: [String: String]) throws(Settings.Invalid) -> Int? {
        guard case .integer(let range, _) = kind else { preconditionFailure("--\(self.flag) is not a number") }
        guard let (text, variable) = given(flag.map(String.init), environment) else { return nil }
        guard let value = Int(text.trimmingCharacters(in: " \t")) else {
            throw Settings.Invalid(message: "\(names) must be \(expectation), got \(variable.map { $0 + "=" } ?? "")\(text)")
        }
        guard range.contains(value) else {
            throw Settings.Invalid(message: "\(names) must be \(expectation); \(value) is out of range")
        }
        return value
    }

    /// Non-empty text: the flag's, else a variable's, else the default.
    public func text(_ flag: String?, _ environment: [String: String]) throws(Settings.Invalid) -> String? {
        guard let (text, _) = given(flag, environment) else { return nil }
        guard !text.isEmpty else { throw Settings.Invalid(message: "\(names) must not be empty") }
        return text
    }

    /// One of the row's words (compared in lower case), as `T`.
    func choice<T: RawRepresentable>(_ flag: String?, _ environment: [String: String], as type: T.Type)
        throws(Settings.Invalid) -> T? where T.RawValue == String
    {
        guard case .choice = kind, let (text, _) = given(flag, environment) else { return nil }
        guard let value = T(rawValue: text.lowercased()) else {
            throw Settings.Invalid(message: "\(names) must be \(expectation), got \(text)")
        }
        return value
    }

    /// On or off: the flag's word, a switch given as a flag, else a variable, else the default.
    func isOn(_ flag: String?, _ environment: [String: String]) throws(Settings.Invalid) -> Bool {
        guard let (text, _) = given(flag, environment) else { return false }
        switch text.lowercased() {
        case "on", "1", "true", "yes": return true
        case "off", "0", "false", "no": return false
        // An empty variable is unset for a switch (`RINGD_ACCESS_LOG=` in a compose file).
        case "" where kind == .switch: return false
        default: throw Settings.Invalid(message: "\(names) must be \(expectation), got \(text)")
        }
    }

    /// The entries: the flags' (each may hold several, comma-separated), else a variable's, else none.
    func list(_ flags: [String], _ environment: [String: String]) -> [String] {
        flags.isEmpty ? given(nil, environment).map { [$0.text] } ?? [] : flags
    }
}
