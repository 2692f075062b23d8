import RingRaster
import Testing
@testable import RingPNG

/// A still PNG is encoded from rows as they are drawn (no bitmap of the whole image); it must be the very
/// bytes the bitmap encoder writes, whichever colour type the pixels call for and whether or not the caller
/// knew in advance that they are opaque.
@Suite struct RowStreamEncodingTests {
    static func streamed(_ bitmap: Bitmap, opaque: Bool, options: PNGEncoder.Options = .init()) -> [UInt8] {
        var asked = 0
        let png = bitmap.pixels.withUnsafeBufferPointer { pixels in
            PNGEncoder.encode(width: bitmap.width, height: bitmap.height, opaque: opaque, options: options) { y, buffer in
                asked += 1
                // Drawn into the encoder's buffer, as the rasterizer does.
                buffer.update(from: pixels.baseAddress! + y * bitmap.width * 4, count: bitmap.width * 4)
                return UnsafePointer(buffer)
            }
        }
        #expect(asked == bitmap.height || asked == 2 * bitmap.height)
        return png
    }

    /// Every pixel made opaque (its premultiplied colour kept, which stays valid under alpha 255).
    static func opaque(_ bitmap: Bitmap) -> Bitmap {
        var out = bitmap
        for p in 0..<(bitmap.width * bitmap.height) { out.pixels[p * 4 + 3] = 255 }
        return out
    }

    @Test(arguments: [(48, 48, 1 as UInt64), (37, 23, 2), (1, 9, 3)])
    func streamedEqualsBitmapEncoding(width: Int, height: Int, seed: UInt64) {
        let images = [TestImages.ring(size: width), TestImages.noise(width: width, height: height, seed: seed)]
        for image in images {
            #expect(Self.streamed(image, opaque: false) == PNGEncoder.encode(image))
            let solid = Self.opaque(image)
            // Known opaque (RGB at once) and found opaque (RGBA first, then RGB): both as the bitmap encoder.
            #expect(Self.streamed(solid, opaque: true) == PNGEncoder.encode(solid))
            #expect(Self.streamed(solid, opaque: false) == PNGEncoder.encode(solid))
            let noRGB = PNGEncoder.Options(allowsRGB: false)
            #expect(Self.streamed(solid, opaque: true, options: noRGB) == PNGEncoder.encode(solid, options: noRGB))
        }
    }
}
