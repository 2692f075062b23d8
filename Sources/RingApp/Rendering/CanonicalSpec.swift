import RingCore
import RingDeflate

/// The canonical text of a validated spec and its SHA-256: the identity of an image.
///
/// The decoder has already rounded every number to a canonical value and applied every default, so two queries
/// that mean the same picture produce equal specs, and equal specs print identically. Printing goes through the
/// model's synthesised `Encodable` conformance (``CanonicalEncoder``), which lists every stored property; a field
/// added to the model is therefore part of the key without anyone remembering to add it. The renderer version is
/// mixed in so a change to the pictures invalidates old keys.
public struct CanonicalSpec: Sendable, Hashable {
    /// Bump when the pictures change for the same spec.
    public static let rendererVersion = "ringd-render-19"
    /// The compressor behind PNG and gzip bytes: libdeflate, whose output may change between its versions, so
    /// its version is part of every key (as the fonts' digest is).
    public static let codecVersion = "libdeflate-" + WholeDeflate.version

    public let text: String
    /// Lowercase hex SHA-256 of `text`.
    public let sha256: String

    /// The identity of `spec` drawn in `format` with `typeface`'s fonts (their digest is part of the version) and
    /// the compressor `codec` (tests pin keys with a fixed one; the server uses the library it runs with).
    public init(_ spec: RingSpec, format: OutputFormat, typeface: Typeface = .system, codec: String = CanonicalSpec.codecVersion) {
        text = "\(Self.rendererVersion)+\(typeface.version)+\(codec)\n\(format.rawValue)\n" + CanonicalEncoder.text(of: spec)
        sha256 = ContentHash.hex(Array(text.utf8))
    }
}
