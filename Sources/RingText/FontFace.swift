import CHarfBuzz
import Glibc
import RingCore

/// One font file, memory-mapped once and opened by HarfBuzz: its coverage, metrics and glyph outlines.
///
/// The mapping and the HarfBuzz objects live as long as the face; HarfBuzz reads a font it never modifies
/// from any thread, so a loaded face is shared by every render.
public final class FontFace: @unchecked Sendable {
    /// Where the file was found.
    public let path: String
    /// The file's bytes (the mapping), for the digest that goes into the cache key's renderer version.
    public let bytes: UnsafeRawBufferPointer
    /// Font units per em: outlines are divided by it, so every face is measured in em.
    public let unitsPerEm: Double
    /// Capital height in em (OS/2 `sCapHeight`; 0.7 em when the font does not say).
    public let capHeight: Double
    /// Which face of a collection file this is (0 for a plain font file).
    public let faceIndex: Int
    /// Ink height in em of the catalogue's reference character for this face (``FontCatalog/Entry/reference``),
    /// nil when there is none or the face lacks it: what ``FontSet`` scales to the primary's capital height.
    public let referenceHeight: Double?

    let font: OpaquePointer
    private let face: OpaquePointer
    private let blob: OpaquePointer
    /// Outlines drawn so far, per glyph id: a CJK face has tens of thousands; labels use a few hundred.
    private let outlines = BoundedCache<UInt32, GlyphOutline>(capacity: 4096)

    /// Maps and opens face `faceIndex` of the font at `path`, measuring `reference` for its size; nil when the file
    /// cannot be read, is not a font HarfBuzz can use, or has no such face.
    public init?(path: String, faceIndex: Int = 0, reference: Unicode.Scalar? = nil) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_size > 0, info.st_size <= FontFace.maxFileSize else { return nil }
        let length = Int(info.st_size)
        guard let base = mmap(nil, length, PROT_READ, MAP_PRIVATE, fd, 0), base != MAP_FAILED else { return nil }
        let blob = hb_blob_create(
            base.assumingMemoryBound(to: CChar.self), UInt32(length), HB_MEMORY_MODE_READONLY, nil, nil)!
        let face = hb_face_create(blob, UInt32(max(0, faceIndex)))!
        let upem = hb_face_get_upem(face)
        guard hb_face_get_glyph_count(face) > 0, upem > 0 else {
            hb_face_destroy(face)
            hb_blob_destroy(blob)
            munmap(base, length)
            return nil
        }
        let font = hb_font_create(face)!
        hb_font_set_scale(font, Int32(upem), Int32(upem))
        hb_font_make_immutable(font)
        var cap: hb_position_t = 0
        let hasCap = hb_ot_metrics_get_position(font, HB_OT_METRICS_TAG_CAP_HEIGHT, &cap) != 0 && cap > 0
        self.path = path
        self.bytes = UnsafeRawBufferPointer(start: base, count: length)
        self.unitsPerEm = Double(upem)
        self.capHeight = hasCap ? Double(cap) / Double(upem) : 0.7
        self.faceIndex = faceIndex
        self.blob = blob
        self.face = face
        self.font = font
        var glyph: hb_codepoint_t = 0
        if let reference, hb_font_get_nominal_glyph(font, reference.value, &glyph) != 0, glyph != 0,
            let ink = GlyphOutline(font: font, glyph: glyph, unitsPerEm: Double(upem)).ink, ink.maxY > ink.minY
        {
            referenceHeight = ink.maxY - ink.minY
        } else {
            referenceHeight = nil
        }
    }

    deinit {
        hb_font_destroy(font)
        hb_face_destroy(face)
        hb_blob_destroy(blob)
        munmap(UnsafeMutableRawPointer(mutating: bytes.baseAddress), bytes.count)
    }

    /// Largest font file loaded (the CJK faces are 4–20 MB): a bigger file is not a font we want to map.
    public static let maxFileSize = 64 << 20

    /// The file name without its folder, for logs.
    public var name: String { String(path.split(separator: "/").last ?? Substring(path)) }

    /// Whether the face has a glyph for `scalar` in its character map.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(font, scalar.value, &glyph) != 0 && glyph != 0
    }

    /// The outline of glyph `id` in em units, y down (cached: a label draws the same glyphs again and again).
    func outline(_ id: UInt32) -> GlyphOutline {
        if let cached = outlines.value(for: id) { return cached }
        let outline = GlyphOutline(font: font, glyph: id, unitsPerEm: unitsPerEm)
        outlines.store(outline, for: id)
        return outline
    }
}
