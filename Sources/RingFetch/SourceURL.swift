/// An absolute `http` or `https` URL a client asked us to fetch (`src=`), parsed so that the host we check is the
/// host we connect to.
///
/// The parser is deliberately narrower than a browser's: every spelling on which URL parsers disagree (backslashes,
/// user information, percent-encoded or non-ASCII hosts, missing `//`) is refused rather than guessed at, while
/// numeric hosts are read exactly as browsers and curl read them (see `HostParser`).
public struct SourceURL: Hashable, Sendable, CustomStringConvertible {
    /// The schemes we fetch.
    public enum Scheme: String, Sendable {
        case http, https

        /// 80 or 443.
        public var defaultPort: Int { self == .http ? 80 : 443 }
    }

    /// Where the URL points.
    public enum Host: Hashable, Sendable, CustomStringConvertible {
        /// A DNS name: lowercased ASCII (punycode for IDNs), without a trailing dot; checked after resolution.
        case name(String)
        /// A literal address, from any IPv4 spelling or a bracketed IPv6 address.
        case address(IPAddress)

        /// As in a URL: the name, a dotted quad, or IPv6 in brackets (`[::1]`).
        public var description: String {
            switch self {
            case .name(let name): return name
            case .address(.v4(let value)): return IPAddress.v4(value).description
            case .address(let address): return "[\(address)]"
            }
        }
    }

    /// Longest URL accepted, in UTF-8 bytes, both as written and as printed (`description`): what browsers and
    /// CDNs have long guaranteed to work, and far more than a JSON document's address needs.
    public static let maxLength = 2048

    /// `http` or `https`.
    public let scheme: Scheme
    /// The host to resolve (or the literal address) to connect to.
    public let host: Host
    /// The TCP port, 1…65535; the scheme's default when the URL names none.
    public let port: Int
    /// The request target: path (dot segments removed) and `?query`; `/` when the URL has no path. The fragment
    /// is dropped, and the printable characters RFC 3986 forbids there (`"`, `<`, `>`, `[`, `]`, `^`, backquote, `{`,
    /// `|`, `}`) are percent-encoded so the request line is valid.
    public let target: String

    /// Parses an absolute `http` or `https` URL (scheme case-insensitive), or throws a reason fit for the client.
    public init(parsing text: some StringProtocol) throws(SourceURLError) {
        guard text.utf8.count <= Self.maxLength else { throw .tooLong }
        let bytes = Array(text.utf8)[...]
        if bytes.contains(where: ASCII.isSpaceOrControl) { throw .spaceOrControl }
        // WHATWG reads `\` as `/` in http URLs and RFC 3986 parsers do not: `http://a\@b/` has two hosts.
        if bytes.contains(ASCII.backslash) { throw .backslash }
        guard let colon = Self.schemeEnd(bytes) else { throw .notAbsolute }
        let schemeName = String(decoding: bytes[..<colon].map(ASCII.lowercased), as: UTF8.self)
        guard let scheme = Scheme(rawValue: schemeName) else {
            throw SourceURLError("\"\(schemeName)\" is not http or https")
        }
        // Browsers accept `http:host` and `http:///host`; other parsers do not. Require the one common spelling.
        guard bytes[(colon + 1)...].starts(with: [ASCII.slash, ASCII.slash]) else {
            throw SourceURLError("needs // after \(schemeName):, as in \(schemeName)://example.org/")
        }
        let authorityStart = colon + 3
        let authorityEnd =
            bytes[authorityStart...].firstIndex { $0 == ASCII.slash || $0 == ASCII.question || $0 == ASCII.hash }
            ?? bytes.endIndex
        let (host, portText) = try Self.splitAuthority(bytes[authorityStart..<authorityEnd])
        let rest = bytes[authorityEnd...]
        if rest.contains(where: { $0 >= ASCII.firstNonASCII }) { throw .nonASCII }
        self.scheme = scheme
        self.host = host
        self.port = try Self.port(portText, scheme: scheme)
        self.target = Self.target(rest)
        // Printing can lengthen a URL (`"` becomes `%22`, `http://1/` becomes `http://0.0.0.1/`); a URL we accept
        // must print as one we accept, or a redirect to it or its use as a key would be refused later.
        guard description.utf8.count <= Self.maxLength else { throw .tooLong }
    }

    /// The `Host` header value: the host, with `:port` only when it is not the scheme's default.
    public var hostHeader: String { port == scheme.defaultPort ? host.description : "\(host):\(port)" }

    /// The normalized URL, `https://example.org/a?b`: lowercase scheme and host, port only when not the default,
    /// no fragment. Equal URLs print equally, so this serves as a cache key.
    public var description: String { "\(scheme.rawValue)://\(hostHeader)\(target)" }

    /// Index of the `:` ending an RFC 3986 scheme (`ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`), or nil when the
    /// text does not start with one.
    static func schemeEnd(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard let colon = bytes.firstIndex(of: ASCII.colon), colon > bytes.startIndex,
            ASCII.isLetter(bytes[bytes.startIndex]),
            bytes[..<colon].allSatisfy({
                ASCII.isLetter($0) || ASCII.isDigit($0) || $0 == ASCII.plus || $0 == ASCII.hyphen || $0 == ASCII.dot
            })
        else { return nil }
        return colon
    }

    /// The host and the port text (empty when absent) of `host[:port]` or `[v6][:port]`.
    private static func splitAuthority(
        _ authority: ArraySlice<UInt8>
    ) throws(SourceURLError) -> (Host, ArraySlice<UInt8>) {
        // `http://127.0.0.1:80@evil.example/`: parsers disagree on which side is the host; nobody needs it.
        if authority.contains(ASCII.at) { throw .userInfo }
        if authority.first == ASCII.leftBracket {
            guard let close = authority.firstIndex(of: ASCII.rightBracket) else {
                throw SourceURLError("has [ without ] in the host")
            }
            let after = authority[(close + 1)...]
            guard after.isEmpty || after.first == ASCII.colon else {
                throw SourceURLError("has characters after ] in the host")
            }
            return (try HostParser.bracketed(authority[(authority.startIndex + 1)..<close]), after.dropFirst())
        }
        guard let colon = authority.firstIndex(of: ASCII.colon) else { return (try HostParser.host(authority), []) }
        let portText = authority[(colon + 1)...]
        if portText.contains(ASCII.colon) {
            throw SourceURLError("has more than one : in the host; write IPv6 addresses in brackets, as in [::1]")
        }
        return (try HostParser.host(authority[..<colon]), portText)
    }

    /// 1…65535 in decimal; empty means the default (`http://host:/` is valid RFC 3986 and WHATWG).
    private static func port(_ text: ArraySlice<UInt8>, scheme: Scheme) throws(SourceURLError) -> Int {
        if text.isEmpty { return scheme.defaultPort }
        let shown = String(decoding: text, as: UTF8.self)
        guard text.allSatisfy(ASCII.isDigit) else {
            throw SourceURLError("has a bad port \"\(shown)\"; a port is a number, as in :8080")
        }
        var value = 0
        for digit in text {
            value = value * 10 + Int(digit - ASCII.zero)
            if value > Int(UInt16.max) { break }
        }
        guard (1...Int(UInt16.max)).contains(value) else {
            throw SourceURLError("has port \(shown), outside 1 to 65535")
        }
        return value
    }

    /// Path and query of what follows the authority, fragment dropped; see `target`.
    static func target(_ rest: ArraySlice<UInt8>) -> String {
        let beforeFragment = rest.prefix { $0 != ASCII.hash }
        let queryStart = beforeFragment.firstIndex(of: ASCII.question)
        let path = String(decoding: beforeFragment[..<(queryStart ?? beforeFragment.endIndex)], as: UTF8.self)
        var target = percentEncodeUnsafe(removeDotSegments(path))
        if let queryStart {
            target += "?" + percentEncodeUnsafe(String(decoding: beforeFragment[(queryStart + 1)...], as: UTF8.self))
        }
        return target
    }

    /// Printable ASCII that RFC 3986 allows in neither path nor query. Browsers send most of these raw; strict
    /// servers reject them, and one spelling makes equal URLs print equally.
    private static let unsafeTargetBytes: Set<UInt8> = Set("\"<>[]^`{|}".utf8)

    private static func percentEncodeUnsafe(_ text: String) -> String {
        guard text.utf8.contains(where: unsafeTargetBytes.contains) else { return text }
        var bytes: [UInt8] = []
        for byte in text.utf8 {
            if unsafeTargetBytes.contains(byte) {
                let hex = Array("0123456789ABCDEF".utf8)
                bytes += [ASCII.percent, hex[Int(byte >> 4)], hex[Int(byte & 0xF)]]
            } else {
                bytes.append(byte)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
