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
                Unpremultiply.convert(UnsafeBufferPointer(rebasing: src[...]), into: dst, channels: 4)
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
    /// `channels` is 4, RGB (alpha dropped; caller has checked it is 255) when 3.
    static func convert(_ src: UnsafeBufferPointer<UInt8>, into dst: UnsafeMutableBufferPointer<UInt8>, channels: Int) {
        let count = src.count / 4
        precondition(dst.count >= count * channels && (channels == 3 || channels == 4))
        table.withUnsafeBufferPointer { table in
            if channels == 4 {
                for p in 0..<count {
                    let s = p * 4
                    let a = Int(src[s + 3])
                    let row = a << 8
                    dst[s] = table[row | Int(src[s])]
                    dst[s + 1] = table[row | Int(src[s + 1])]
                    dst[s + 2] = table[row | Int(src[s + 2])]
                    dst[s + 3] = UInt8(a)
                }
            } else {
                // Opaque: straight equals premultiplied, just drop alpha.
                for p in 0..<count {
                    dst[p * 3] = src[p * 4]
                    dst[p * 3 + 1] = src[p * 4 + 1]
                    dst[p * 3 + 2] = src[p * 4 + 2]
                }
            }
        }
    }
}
