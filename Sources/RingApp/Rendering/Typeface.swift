import CCrypto
import RingCore
import RingText

/// The fonts labels and error messages are set in, as loaded at start-up, and what they mean for validation
/// and for the cache key.
///
/// With fonts, labels take any text the faces cover, shaped by HarfBuzz; without (none installed), the built-in
/// stroke font draws printable ASCII only, and the log and `/healthz` say so.
public struct Typeface: Sendable {
    /// The loaded faces, nil when none was found.
    public let fonts: FontSet?
    /// Badge texts' faces: ``FontCatalog/badgeFace`` (DejaVu Sans) and then `fonts`' faces for what it lacks; nil
    /// without it or without label fonts (badges are then set as labels are).
    public let badgeFonts: FontSet?
    /// Part of every cache key: the SHA-256 of the font files (16 hex digits), or `stroke` without fonts, so two
    /// replicas with different font files never share an ETag for different pictures.
    public let version: String

    /// Loads the catalogue's faces from `directories` (nil: the system's font folders).
    public init(directories: [String]? = nil) {
        let directories = directories ?? FontCatalog.systemDirectories
        self.init(
            fonts: FontSet.load(directories: directories),
            badgeFace: FontCatalog.locateBadgeFace(in: directories).flatMap { FontFace(path: $0) })
    }

    init(fonts: FontSet?, badgeFace: FontFace? = nil) {
        self.fonts = fonts
        guard let fonts else {
            badgeFonts = nil
            version = "stroke"
            return
        }
        // The label faces' objects are shared, so the badge set maps no file twice.
        badgeFonts = badgeFace.flatMap { FontSet(faces: [$0] + fonts.faces) }
        var digests: [UInt8] = []
        // Every chain: a changed regular face changes the petals label, a changed badge face the badges.
        for face in fonts.faces + (fonts.regular?.faces ?? []) + (badgeFace.map { [$0] } ?? []) {
            var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_LENGTH))
            digest.withUnsafeMutableBufferPointer { out in
                _ = SHA256(face.bytes.baseAddress?.assumingMemoryBound(to: UInt8.self), face.bytes.count, out.baseAddress)
            }
            digests += digest
        }
        version = "fonts-" + String(ContentHash.hex(digests).prefix(16))
    }

    /// The system's fonts, loaded once per process on first use (the server loads its own from its configuration).
    public static let system = Typeface()

    /// No fonts: the stroke font only (tests of the fallback).
    public static let strokeOnly = Typeface(fonts: nil)

    /// What the layouts draw text with.
    public var setter: (any TextSetter)? {
        guard let fonts else { return nil }
        guard let badgeFonts else { return fonts }
        return TypefaceSetter(labels: fonts, badges: badgeFonts)
    }

    /// One line for the log and `/healthz`: which faces were loaded, or that labels fall back to ASCII.
    public var summary: String {
        guard let fonts else {
            return "no label fonts found: labels and error messages use the built-in stroke font (printable ASCII only)"
        }
        let names = fonts.faces.map(\.name)
        let shown = names.count > 4 ? names.prefix(3).joined(separator: ", ") + " and \(names.count - 3) more" : names.joined(separator: ", ")
        let regular = fonts.regular.map { ", \($0.faces.count) at regular weight for the petals label" } ?? ""
        let badges = badgeFonts.map { "; badges in \($0.faces[0].name)" } ?? ""
        return "label fonts: \(names.count) faces (\(shown))\(regular)\(badges), \(version)"
    }
}
