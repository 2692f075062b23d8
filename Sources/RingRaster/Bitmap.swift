/// A premultiplied RGBA image, row-major, top row first.
///
/// Channels are 8-bit premultiplied sRGB; the PNG encoder un-premultiplies them.
public struct Bitmap: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes, premultiplied RGBA.
    public var pixels: [UInt8]

    /// A transparent bitmap. Both sides must be positive.
    public init(width: Int, height: Int) {
        precondition(width > 0 && height > 0, "bitmap sides must be positive")
        self.width = width
        self.height = height
        self.pixels = [UInt8](repeating: 0, count: width * height * 4)
    }

    /// A bitmap whose rows `fill(y, row)` writes one after another, all `width × 4` bytes of each: the image
    /// is written row by row while each row is in cache, rather than cleared whole first and then drawn over.
    init(width: Int, height: Int, rows fill: (_ y: Int, _ row: UnsafeMutablePointer<UInt8>) -> Void) {
        precondition(width > 0 && height > 0, "bitmap sides must be positive")
        self.width = width
        self.height = height
        let rowBytes = width * 4
        self.pixels = [UInt8](unsafeUninitializedCapacity: rowBytes * height) { buffer, count in
            guard let base = buffer.baseAddress else { return }
            for y in 0..<height {
                fill(y, base + y * rowBytes)
            }
            count = rowBytes * height
        }
    }

    /// The premultiplied RGBA bytes of pixel (x, y).
    public func pixel(x: Int, y: Int) -> (r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
        let i = (y * width + x) * 4
        return (pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3])
    }
}
