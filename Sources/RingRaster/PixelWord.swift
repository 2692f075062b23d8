/// Rounding premultiplied float colours to the bitmap's 8-bit premultiplied RGBA, one 32-bit word per pixel
/// (R in the lowest byte, so a little-endian store writes R, G, B, A).
enum PixelWord {
    /// 1.5·2²³: adding it to a float in [0, 2²²) leaves the rounded integer in the low mantissa bits (floats in
    /// [2²³, 2²⁴) are integers). A rounding conversion without the generic SIMD integer conversion, which is an
    /// order of magnitude slower.
    static let roundingBias: Float = 12_582_912

    /// The word of `color` (premultiplied, channels in 0…1).
    @inline(__always)
    static func word(_ color: SIMD4<Float>) -> UInt32 {
        let bits = unsafeBitCast(color * 255 + SIMD4(repeating: roundingBias), to: SIMD4<UInt32>.self) & 0xFF
        return bits.x | bits.y &<< 8 | bits.z &<< 16 | bits.w &<< 24
    }

    /// Stores `word` as pixel `x` of the row at `row`.
    @inline(__always)
    static func store(_ word: UInt32, at x: Int, in row: UnsafeMutableRawPointer) {
        row.storeBytes(of: word, toByteOffset: x &* 4, as: UInt32.self)
    }
}
