import RingRaster
@testable import RingPNG

/// The whole-animation APNG writer the tests hold ``APNGStreamEncoder`` to: every frame given at once, so a test can
/// build streams the server never writes (frames placed anywhere, disposals and blends of its choosing).
///
/// Writes an animated PNG whose default image (what non-APNG viewers show) is *not* a frame.
///
/// Layout: signature, `IHDR`, `acTL`, `IDAT` (the default image, with no `fcTL` before it, so it
/// is not part of the animation), then per frame `fcTL` + one `fdAT`, then `IEND`. Sequence
/// numbers start at 0 on the first `fcTL` and run through fcTL/fdAT without gaps. We make the
/// default image the final frame, so static viewers and the end of the animation agree.
enum APNGEncoder {
    /// The APNG bytes for `frames` over a canvas the size of `defaultImage`.
    ///
    /// - Parameters:
    ///   - frames: 1…``APNGStreamEncoder/maximumFrameCount`` frames, each inside the canvas. With no frames the
    ///     result is a plain PNG of `defaultImage` (an `acTL` with zero frames is invalid).
    ///   - defaultImage: the image non-animating viewers show; also fixes the canvas size.
    ///   - plays: how many times the animation runs; 0 means forever.
    ///   - options: as for `PNGEncoder`; every frame uses the same colour type (RGB only if all
    ///     frames and the default image are opaque).
    static func encode(
        frames: [APNGFrame], defaultImage: Bitmap, plays: Int = 1, options: PNGEncoder.Options = .init()
    ) -> [UInt8] {
        guard !frames.isEmpty else { return PNGEncoder.encode(defaultImage, options: options) }
        precondition(frames.count <= APNGStreamEncoder.maximumFrameCount, "at most \(APNGStreamEncoder.maximumFrameCount) APNG frames")
        for frame in frames {
            precondition(
                frame.x >= 0 && frame.y >= 0 && frame.x + frame.image.width <= defaultImage.width
                    && frame.y + frame.image.height <= defaultImage.height,
                "APNG frame must lie inside the canvas")
        }
        let colorType = PNGEncoder.colorType(for: [defaultImage] + frames.map(\.image), options: options)
        var writer = PNGChunkWriter()
        writer.appendAnimationStart(
            defaultImage: defaultImage, frameCount: frames.count, plays: plays, colorType: colorType, options: options)
        for (k, frame) in frames.enumerated() {
            writer.appendFrame(frame, sequence: UInt32(2 * k), colorType: colorType, options: options)
        }
        writer.appendEnd()
        return writer.bytes
    }
}

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
    static func deltaFrames(_ frames: [Bitmap], delays: [APNGDelay]) -> [APNGFrame] {
        precondition(frames.count == delays.count, "one delay per frame")
        return frames.indices.map { k in
            precondition(frames[k].width == frames[0].width && frames[k].height == frames[0].height, "frames must share one size")
            return APNGStreamEncoder.region(of: frames[k], after: k > 0 ? frames[k - 1] : nil, delay: delays[k])
        }
    }
}
