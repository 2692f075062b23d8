import RingCore

/// The canonical text of a validated spec and its SHA-256: the identity of an image.
///
/// The decoder has already rounded every number to a canonical value and applied every default, so two queries
/// that mean the same picture produce equal specs, and equal specs print identically. Printing uses Swift's
/// structural description of the value, which lists every stored property; a field added to the model is
/// therefore part of the key without anyone remembering to add it. The renderer version is mixed in so a change
/// to the pictures invalidates old keys.
public struct CanonicalSpec: Sendable, Hashable {
    /// Bump when the pictures change for the same spec.
    public static let rendererVersion = "ringd-render-8"

    public let text: String
    /// Lowercase hex SHA-256 of `text`.
    public let sha256: String

    /// The identity of `spec` drawn in `format` with `typeface`'s fonts (their digest is part of the version).
    public init(_ spec: RingSpec, format: OutputFormat, typeface: Typeface = .system) {
        text = "\(Self.rendererVersion)+\(typeface.version)\n\(format.rawValue)\n\(spec)"
        sha256 = ContentHash.hex(Array(text.utf8))
    }
}
