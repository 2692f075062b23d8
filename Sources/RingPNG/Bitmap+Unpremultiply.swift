import RingRaster

extension Bitmap {
    /// The pixels as straight (un-premultiplied) RGBA8, the form PNG stores.
    ///
    /// Each colour channel becomes `round(255 · c / a)` (halves round up), clamped to 255 for
    /// invalid input with `c > a`; pixels with `a = 0` become (0, 0, 0, 0) whatever their colour
    /// bytes say, which is both what the design asks and what compresses best.
    public func unpremultipliedRGBA() -> [UInt8] {
        precondition(pixels.count == width * height * 4, "bitmap pixel count does not match its size")
        var out = [UInt8](repeating: 0, count: pixels.count)
        pixels.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer { dst in
                _ = Unpremultiply.convert(UnsafeBufferPointer(rebasing: src[...]), into: dst, channels: 4)
            }
        }
        return out
    }
}

/// Premultiplied → straight conversion through a lookup table.
enum Unpremultiply {
    /// `table[a << 8 | c]` = straight value of premultiplied channel `c` at alpha `a`.
    ///
    /// 64 KiB, built once (Swift globals initialise lazily and thread-safely); a load per channel
    /// is several times cheaper than the integer division it replaces.
    static let table: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 256 * 256)
        for a in 1..<256 {
            for c in 0..<256 {
                table[a << 8 | c] = UInt8(min(255, (c * 255 + a / 2) / a))
            }
        }
        return table
    }()

    /// Converts premultiplied RGBA pixels in `src` to straight pixels in `dst`: RGBA when
    /// `channels` is 4, RGB (alpha dropped; caller has checked it is 255) when 3. Returns whether
    /// every pixel was opaque (RGBA only; true for RGB).
    @discardableResult
    static func convert(_ src: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<UInt8>, channels: Int) -> Bool {
        let count = src.count / 4
        precondition(dst.count >= count * channels && (channels == 3 || channels == 4))
        return table.withUnsafeBufferPointer { table in
            var opaque = true
            if channels == 4 {
                // Most pixels of a ring image are opaque (straight equals premultiplied) or transparent (all
                // zero): a word each, the table only for the anti-aliased rest.
                let source = UnsafeRawPointer(src.baseAddress!), target = UnsafeMutableRawPointer(dst.baseAddress!)
                for p in 0..<count {
                    let word = source.loadUnaligned(fromByteOffset: p &* 4, as: UInt32.self)
                    let a = Int(word >> 24)
                    if a == 255 {
                        target.storeBytes(of: word, toByteOffset: p &* 4, as: UInt32.self)
                    } else if a == 0 {
                        opaque = false
                        target.storeBytes(of: 0, toByteOffset: p &* 4, as: UInt32.self)
                    } else {
                        opaque = false
                        let row = a << 8
                        let r = UInt32(table[row | Int(word & 0xFF)])
                        let g = UInt32(table[row | Int(word >> 8 & 0xFF)])
                        let b = UInt32(table[row | Int(word >> 16 & 0xFF)])
                        target.storeBytes(of: r | g << 8 | b << 16 | UInt32(a) << 24, toByteOffset: p &* 4, as: UInt32.self)
                    }
                }
            } else {
                // Opaque: straight equals premultiplied, just drop alpha.
                for p in 0..<count {
                    dst[p * 3] = src[p * 4]
                    dst[p * 3 + 1] = src[p * 4 + 1]
                    dst[p * 3 + 2] = src[p * 4 + 2]
                }
            }
            return opaque
        }
    }
}
