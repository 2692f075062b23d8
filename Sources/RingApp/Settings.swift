import Logging

/// Flags merged with their environment twins and validated: a flag wins over the environment, which wins
/// over the default. Invalid values refuse to start with a message naming the flag and its variable.
public struct Settings: Sendable, Equatable {
    public var host: String = "127.0.0.1"
    public var port: Int = 8080
    public var logLevel: Logger.Level = .info

    /// A value that cannot be used; `message` names the flag and its environment variable.
    public struct Invalid: Error, Equatable {
        public let message: String
    }

    /// Merges flag values (nil when absent) with `environment` (the process environment's relevant variables).
    public init(host: String?, port: Int?, logLevel: String?, environment: [String: String]) throws(Invalid) {
        if let h = host ?? environment["RINGD_HOST"] {
            guard !h.isEmpty else { throw Invalid(message: "--host (RINGD_HOST) must not be empty") }
            self.host = h
        }
        if let p = port {
            self.port = p
        } else if let (name, text) = [("RINGD_PORT", environment["RINGD_PORT"]), ("PORT", environment["PORT"])]
            .first(where: { $0.1 != nil }).map({ ($0.0, $0.1!) }) {
            guard let p = Int(text) else { throw Invalid(message: "\(name)=\(text) is not a port number (0…65535)") }
            self.port = p
        }
        guard (0...65_535).contains(self.port) else {
            throw Invalid(message: "--port (RINGD_PORT, PORT) must be 0…65535, got \(self.port)")
        }
        if let l = logLevel ?? environment["RINGD_LOG_LEVEL"] {
            guard let level = Logger.Level(rawValue: l.lowercased()) else {
                throw Invalid(message: "--log-level (RINGD_LOG_LEVEL) must be one of "
                    + Logger.Level.allCases.map(\.rawValue).joined(separator: ", ") + ", got \(l)")
            }
            self.logLevel = level
        }
    }
}
