/// Why a request could not be accepted. The server answers `status` with `reason` as the body and closes.
public struct HTTPParseError: Error, Sendable, Hashable, CustomStringConvertible {
    public var status: HTTPStatus
    /// A short, client-facing explanation, e.g. "space before colon in header field".
    public var reason: String

    public init(_ status: HTTPStatus, _ reason: String) {
        self.status = status
        self.reason = reason
    }

    public var description: String { "\(status.code): \(reason)" }
}
