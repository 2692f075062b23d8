/// Writes the Prometheus text exposition format (version 0.0.4).
struct PrometheusText {
    /// The `Content-Type` of the exposition.
    static let contentType = "text/plain; version=0.0.4; charset=utf-8"

    private(set) var text = ""

    /// `# HELP` and `# TYPE` lines for a metric family.
    mutating func family(_ name: String, _ type: String, _ help: String) {
        text += "# HELP \(name) \(help)\n# TYPE \(name) \(type)\n"
    }

    /// One sample line.
    mutating func sample(_ name: String, _ labels: [(String, String)] = [], _ value: Double) {
        text += name
        if !labels.isEmpty {
            text += "{" + labels.map { "\($0.0)=\"\(Self.escape($0.1))\"" }.joined(separator: ",") + "}"
        }
        text += " " + Self.number(value) + "\n"
    }

    mutating func sample(_ name: String, _ value: Int) {
        sample(name, [], Double(value))
    }

    mutating func sample(_ name: String, _ labels: [(String, String)], _ value: Int) {
        sample(name, labels, Double(value))
    }

    /// Integers without a fraction, others in Swift's shortest round-trip form.
    static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// Label values escape backslash, quote and newline.
    static func escape(_ value: String) -> String {
        var out = ""
        for c in value {
            switch c {
            case "\\": out += "\\\\"
            case "\"": out += "\\\""
            case "\n": out += "\\n"
            default: out.append(c)
            }
        }
        return out
    }
}
