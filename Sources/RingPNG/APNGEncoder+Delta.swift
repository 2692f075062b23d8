import RingRaster

extension APNGEncoder {
    /// Turns full-canvas frames into delta frames: each frame after the first stores only the
    /// smallest rectangle that differs from the frame before it (dispose NONE, blend SOURCE).
    ///
    /// The first frame is stored whole at (0, 0): the canvas starts transparent, so a sub-rectangle
    /// would also be correct, but a full first frame is what every decoder handles and costs little
    /// (mostly transparent early in a fill animation). A frame identical to its predecessor becomes
    /// a 1×1 rectangle at (0, 0) repeating that pixel, because `fcTL` sizes must be positive and
    /// keeping the frame keeps its delay without re-timing its neighbours.
    ///
    /// - Parameters:
    ///   - frames: full frames, all the same size.
    ///   - delays: one delay per frame.
    public static func deltaFrames(_ frames: [Bitmap], delays: [APNGDelay]) -> [APNGFrame] {
        precondition(frames.count == delays.count, "one delay per frame")
        guard let first = frames.first else { return [] }
        var result = [APNGFrame(image: first, delay: delays[0])]
        for k in frames.indices.dropFirst() {
            let (before, after) = (frames[k - 1], frames[k])
            precondition(after.width == first.width && after.height == first.height, "frames must share one size")
            let rect = changedRectangle(from: before, to: after) ?? (x: 0, y: 0, width: 1, height: 1)
            result.append(
                APNGFrame(
                    x: rect.x, y: rect.y,
                    image: after.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                    delay: delays[k]))
        }
        return result
    }

    /// The bounding box of pixels whose premultiplied bytes differ, or nil if none do.
    static func changedRectangle(from a: Bitmap, to b: Bitmap) -> (x: Int, y: Int, width: Int, height: Int)? {
        precondition(a.width == b.width && a.height == b.height)
        var minX = Int.max, maxX = -1, minY = Int.max, maxY = -1
        a.pixels.withUnsafeBytes { pa in
            b.pixels.withUnsafeBytes { pb in
                // Compare whole pixels as 32-bit words.
                let wa = pa.bindMemory(to: UInt32.self)
                let wb = pb.bindMemory(to: UInt32.self)
                for y in 0..<a.height {
                    let row = y * a.width
                    var first = -1
                    for x in 0..<a.width where wa[row + x] != wb[row + x] {
                        first = x
                        break
                    }
                    guard first >= 0 else { continue }
                    var last = first
                    for x in stride(from: a.width - 1, to: first, by: -1) where wa[row + x] != wb[row + x] {
                        last = x
                        break
                    }
                    minX = min(minX, first)
                    maxX = max(maxX, last)
                    if minY == Int.max { minY = y }
                    maxY = y
                }
            }
        }
        guard maxY >= 0 else { return nil }
        return (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }
}

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
