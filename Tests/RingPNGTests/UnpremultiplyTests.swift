import RingRaster
import Testing
@testable import RingPNG

@Suite struct UnpremultiplyTests {
    /// (premultiplied channel, alpha, expected straight channel).
    static let known: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (200, 0, 0),  // alpha 0 → 0, even for (invalid) nonzero colour
        (1, 2, 128),  // 127.5 rounds up
        (64, 128, 128),  // 127.5 rounds up
        (1, 3, 85), (2, 3, 170),  // 85, 170 exactly
        (3, 7, 109),  // 109.28
        (4, 7, 146),  // 145.71
        (50, 51, 250),  // exact
        (128, 255, 128), (1, 255, 1), (255, 255, 255),
        (200, 100, 255),  // invalid c > a clamps
    ]

    @Test(arguments: known)
    func knownValues(c: UInt8, a: UInt8, expected: UInt8) {
        var bitmap = Bitmap(width: 1, height: 1)
        bitmap.pixels = [c, c, c, a]
        let straight = bitmap.unpremultipliedRGBA()
        let alphaZero: [UInt8] = [0, 0, 0, 0]
        #expect(straight == (a == 0 ? alphaZero : [expected, expected, expected, a]))
    }

    /// Every (c, a) pair against round-half-up of 255·c/a computed in floating point.
    @Test func tableMatchesExactRounding() {
        for a in 1...255 {
            for c in 0...255 {
                let exact = (Double(c) * 255 / Double(a)).rounded(.toNearestOrAwayFromZero)
                #expect(Unpremultiply.table[a << 8 | c] == UInt8(min(255, exact)), "c \(c) a \(a)")
            }
        }
    }

    @Test func transparentPixelsBecomeTransparentBlack() {
        var bitmap = Bitmap(width: 2, height: 1)
        bitmap.pixels = [9, 8, 7, 0, 10, 20, 30, 40]
        #expect(bitmap.unpremultipliedRGBA() == [0, 0, 0, 0, 64, 128, 191, 40])
    }

    /// The word-at-a-time conversion (opaque and transparent pixels skip the table) equals the table applied to
    /// every channel, over pixels of every alpha, including invalid ones (colour above alpha).
    @Test func fastPathsEqualTheTable() {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: state >> 33)
        }
        var bitmap = Bitmap(width: 97, height: 13)
        for p in 0..<(bitmap.width * bitmap.height) {
            // A third opaque, a third transparent (some with colour bytes left in), a third anything.
            let kind = p % 3
            let a: UInt8 = kind == 0 ? 255 : (kind == 1 ? 0 : next())
            for c in 0..<3 { bitmap.pixels[p * 4 + c] = kind == 1 && p % 2 == 0 ? 0 : next() }
            bitmap.pixels[p * 4 + 3] = a
        }
        let straight = bitmap.unpremultipliedRGBA()
        for p in 0..<(bitmap.width * bitmap.height) {
            let a = Int(bitmap.pixels[p * 4 + 3])
            for c in 0..<3 {
                let expected = a == 0 ? 0 : Unpremultiply.table[a << 8 | Int(bitmap.pixels[p * 4 + c])]
                #expect(straight[p * 4 + c] == expected, "pixel \(p) channel \(c)")
            }
            #expect(straight[p * 4 + 3] == UInt8(a))
        }
    }
}
