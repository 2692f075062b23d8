import RingCore

/// The identity of a response body: SHA-256 (libcrypto) of what determines its bytes.
///
/// For an image that is ``CanonicalSpec``: renderer version, format and the validated spec, so every
/// spelling of one picture (`p=.7`, `p=0.70`, `p=70%`, `p=7/10`, any parameter order, ignored unknown
/// parameters) is one key and any visible change is another. Never Swift's `hashValue`, which is seeded
/// per process.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// Lowercase hex SHA-256 (64 characters).
    public let digest: String
    public let format: OutputFormat
    /// The digest's first 16 hex digits as a number: hashing them is enough for a dictionary (the digest
    /// is already uniformly distributed) and much cheaper than hashing 64 characters per lookup.
    private let hashPrefix: UInt64

    /// The key of the picture `spec` describes, in `format`, drawn with `typeface`.
    public init(spec: RingSpec, format: OutputFormat, typeface: Typeface = .system, codec: String = CanonicalSpec.codecVersion) {
        self.init(digest: CanonicalSpec(spec, format: format, typeface: typeface, codec: codec).sha256, format: format)
    }

    private init(digest: String, format: OutputFormat) {
        self.digest = digest
        self.format = format
        self.hashPrefix = UInt64(digest.prefix(16), radix: 16) ?? 0
    }

    /// The key of an error image (a separate namespace: its text can never equal a spec's).
    /// `badge`, when set, is the badge that shows the error instead of the card.
    public init(
        errorMessage: String, size: Double, format: OutputFormat, typeface: Typeface = .system, badge: ErrorBadge? = nil
    ) {
        let version = CanonicalSpec.rendererVersion + "+" + typeface.version + "+" + CanonicalSpec.codecVersion
        var text = "\(version)\nerror\n\(format.rawValue)\n\(size)\n\(errorMessage)"
        if let badge {
            // Lengths first, so no label and problem can be cut and joined into another pair.
            text += "\nbadge\n\(badge.look.rawValue)\n\(badge.label.utf8.count):\(badge.label)\n\(badge.problem)"
        }
        self.init(digest: ContentHash.hex(Array(text.utf8)), format: format)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(hashPrefix)
    }

    public static func == (a: CacheKey, b: CacheKey) -> Bool {
        a.hashPrefix == b.hashPrefix && a.format == b.format && a.digest == b.digest
    }

    /// The strong entity tag of the identity-coded body: the first 128 bits of the digest, quoted.
    public var etag: String { "\"\(digest.prefix(32))\"" }

    /// The strong entity tag of the gzip-coded body: another representation, so another tag
    /// (RFC 9110 §8.8.3: a strong validator changes with the bytes).
    public var gzipETag: String { "\"\(digest.prefix(32))-gz\"" }

    public var description: String { "\(format.rawValue):\(digest)" }
}
