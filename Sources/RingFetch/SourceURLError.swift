/// Why a `src=` URL (or a redirect's `Location`) was refused. The reason is for the client: short, lowercase, and
/// saying what to do when there is something to do.
public struct SourceURLError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, e.g. `"ftp" is not http or https`.
    public let reason: String

    /// An error with `reason`.
    public init(_ reason: String) { self.reason = reason }

    /// The reason.
    public var description: String { reason }
}

extension SourceURLError {
    /// The URL, as given or as printed (percent-encoded), is over ``SourceURL/maxLength`` bytes.
    public static let tooLong = SourceURLError("is longer than \(SourceURL.maxLength) bytes")
    static let notAbsolute = SourceURLError("is not an absolute URL; it must start with https:// or http://")
    static let spaceOrControl = SourceURLError(
        "contains a space or control character; percent-encode it (a space is %20)")
    static let backslash = SourceURLError("contains a backslash; use / or percent-encode it as %5C")
    static let nonASCII = SourceURLError("contains a non-ASCII character; percent-encode it as UTF-8")
    static let noHost = SourceURLError("has no host")
    static let userInfo = SourceURLError("has user information (user@); put credentials elsewhere")
    static let nonASCIIHost = SourceURLError(
        "has a non-ASCII host name; use its punycode form (xn--…), which is accepted")
    static let percentInHost = SourceURLError("has % in the host; percent-encoding is not allowed in host names")
    static let emptyLabel = SourceURLError("has an empty label in the host name (two dots in a row?)")
    static let longLabel = SourceURLError(
        "has a host name label longer than \(HostParser.maxLabelLength) characters")
    static let longHost = SourceURLError("has a host name longer than \(HostParser.maxNameLength) characters")
}
