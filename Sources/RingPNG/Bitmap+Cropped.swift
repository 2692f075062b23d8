import RingRaster

extension Bitmap {
    /// A copy of the given rectangle, which must lie inside the bitmap.
    func cropped(x: Int, y: Int, width: Int, height: Int) -> Bitmap {
        precondition(x >= 0 && y >= 0 && x + width <= self.width && y + height <= self.height)
        var out = Bitmap(width: width, height: height)
        for row in 0..<height {
            let src = ((y + row) * self.width + x) * 4
            out.pixels.replaceSubrange((row * width * 4)..<((row + 1) * width * 4), with: pixels[src..<(src + width * 4)])
        }
        return out
    }
}
