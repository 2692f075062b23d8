/// A `--source-allow` or `--source-deny` entry that is not a host name, address or network; names the entry, so
/// the operator can fix the flag.
public struct AddressPolicyError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, naming the flag and the entry.
    public let reason: String

    /// An error with `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
