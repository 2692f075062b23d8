/// The colours of an image that has at most ``maximumColors`` of them, for colour type 3: one byte per pixel
/// instead of three or four, with `PLTE` (and `tRNS` for the translucent ones) naming the colours.
///
/// Flat pictures have few colours (a check or a pie: one or two fills, their anti-aliased edges and the track:
/// 100–250), and as indices they compress to 0.6–0.9 of their RGBA bytes, in half the time (measured in
/// docs/performance.md, "PNG compression"); `optipng -o2` makes the same reduction. Gradients have more
/// colours and stay RGBA.
///
/// Order is deterministic: translucent colours first, so `tRNS` stops at the last of them, and within each
/// group the order in which the rows first show them.
struct PNGPalette: Equatable {
    /// The most colours a palette of 8-bit indices holds.
    static let maximumColors = 256
    /// Images of up to this many pixels are compressed both ways and the smaller file kept: on them the
    /// palette's 3–4 bytes per colour can outweigh what the indices save (a 64² one-colour ring with 137 anti-aliased
    /// shades: 1.03× its RGBA file; 16² pictures 0.99–1.17×), and compressing twice costs under 60 µs. Every
    /// larger flat picture measured was smaller as a palette image (80²: 0.99, 96²: 0.77–0.95, 128²: 0.64–0.85).
    static let comparedUpToPixels = 64 * 64

    /// The bytes `PLTE` and `tRNS` add to the file, chunk framing included.
    var chunkBytes: Int { 12 + 3 * colors.count + (trns.map { 12 + $0.count } ?? 0) }

    /// Colours as straight RGBA packed big-endian (`0xRRGGBBAA`), in palette order.
    let colors: [UInt32]

    /// The `PLTE` payload: red, green, blue per entry.
    var plte: [UInt8] {
        colors.flatMap { [UInt8($0 >> 24), UInt8(truncatingIfNeeded: $0 >> 16), UInt8(truncatingIfNeeded: $0 >> 8)] }
    }

    /// The `tRNS` payload: the alpha of each entry up to the last translucent one; nil when every entry is opaque.
    var trns: [UInt8]? {
        let alphas = colors.prefix { $0 & 0xFF != 0xFF }.map { UInt8(truncatingIfNeeded: $0) }
        return alphas.isEmpty ? nil : alphas
    }
}

/// Collects the distinct colours of rows as they go by, and gives up after ``PNGPalette/maximumColors``.
///
/// An open-addressing table of packed colours with a one-entry cache in front: neighbouring pixels are mostly
/// equal (transparent runs, flat fills), so most pixels cost a compare.
struct PaletteBuilder {
    /// Slots of the table: four times the colours it may hold, so probes stay short.
    private static let slots = 1024
    private var keys = [UInt32](repeating: 0, count: slots)
    /// Index of first appearance + 1 per slot; 0 marks an empty slot.
    private var values = [UInt16](repeating: 0, count: slots)
    /// Colours in order of first appearance.
    private(set) var colors: [UInt32] = []
    /// Whether more than ``PNGPalette/maximumColors`` colours were seen.
    private(set) var overflowed = false
    private var lastKey: UInt32 = 0
    private var lastIndex: Int = -1

    init() {}

    /// The packed colour of the straight RGB8 (`channels` 3) or RGBA8 (4) pixel at `pixel`.
    @inline(__always)
    static func key(_ pixel: UnsafePointer<UInt8>, channels: Int) -> UInt32 {
        let alpha: UInt32 = channels == 4 ? UInt32(pixel[3]) : 0xFF
        return UInt32(pixel[0]) << 24 | UInt32(pixel[1]) << 16 | UInt32(pixel[2]) << 8 | alpha
    }

    @inline(__always)
    private static func slot(_ key: UInt32) -> Int { Int((key &* 0x9E37_79B1) >> 22) }

    /// Adds the colours of a straight RGB8 or RGBA8 row; a no-op once overflowed.
    mutating func add(_ row: UnsafeBufferPointer<UInt8>, channels: Int) {
        guard !overflowed, let base = row.baseAddress else { return }
        var offset = 0
        while offset < row.count {
            let key = Self.key(base + offset, channels: channels)
            offset += channels
            if key == lastKey && lastIndex >= 0 { continue }
            var slot = Self.slot(key)
            while values[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (Self.slots - 1) }
            if values[slot] == 0 {
                guard colors.count < PNGPalette.maximumColors else {
                    overflowed = true
                    return
                }
                colors.append(key)
                keys[slot] = key
                values[slot] = UInt16(colors.count)
            }
            lastKey = key
            lastIndex = Int(values[slot]) - 1
        }
    }

    /// The palette, and for each colour in order of first appearance its index in the palette; nil if overflowed.
    func finish() -> (palette: PNGPalette, indexOfFirstAppearance: [UInt8])? {
        guard !overflowed else { return nil }
        let order = colors.indices.filter { colors[$0] & 0xFF != 0xFF } + colors.indices.filter { colors[$0] & 0xFF == 0xFF }
        var remap = [UInt8](repeating: 0, count: colors.count)
        for (final, first) in order.enumerated() { remap[first] = UInt8(final) }
        return (PNGPalette(colors: order.map { colors[$0] }), remap)
    }

    /// Rewrites filter None rows of straight pixels (`1 + width × channels` bytes each, type byte first), whose
    /// colours were all added, as filter None rows of palette indices (`1 + width` bytes each) in the same array,
    /// front to back (the write position never passes the read position), and drops the rest.
    func replaceWithIndices(
        _ rows: inout [UInt8], width: Int, height: Int, channels: Int, remap: [UInt8]
    ) {
        precondition(rows.count == height * (1 + width * channels), "rows of another size")
        rows.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var read = 0
            var write = 0
            var lastKey = Self.key(base + 1, channels: channels)
            var lastIndex = remap[firstAppearance(of: lastKey)]
            for _ in 0..<height {
                base[write] = PNGFilter.none.rawValue
                read += 1
                write += 1
                for _ in 0..<width {
                    let key = Self.key(base + read, channels: channels)
                    if key != lastKey {
                        lastKey = key
                        lastIndex = remap[firstAppearance(of: key)]
                    }
                    base[write] = lastIndex
                    read += channels
                    write += 1
                }
            }
        }
        rows.removeLast(rows.count - height * (width + 1))
    }

    /// The index, in order of first appearance, of a colour that was added.
    @inline(__always)
    func firstAppearance(of key: UInt32) -> Int {
        var slot = Self.slot(key)
        while values[slot] != 0 && keys[slot] != key { slot = (slot + 1) & (Self.slots - 1) }
        return Int(values[slot]) - 1
    }
}
