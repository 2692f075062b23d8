/// Why the fetcher will not reach a URL or address, for the client: `10.0.0.5 is a private address`,
/// `http is not allowed; use https`.
public struct SourceRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was refused and why, lowercase, without a final period.
    public let reason: String

    /// A refusal with `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}
