import RingRaster

/// Writes an animated PNG whose default image (what non-APNG viewers show) is *not* a frame.
///
/// Layout: signature, `IHDR`, `acTL`, `IDAT` (the default image, with no `fcTL` before it, so it
/// is not part of the animation), then per frame `fcTL` + one `fdAT`, then `IEND`. Sequence
/// numbers start at 0 on the first `fcTL` and run through fcTL/fdAT without gaps. We make the
/// default image the final frame, so static viewers and the end of the animation agree.
public enum APNGEncoder {
    /// Most animation frames one APNG may carry (docs/design.md §Limits; keeps render time and size bounded).
    public static let maximumFrameCount = 60

    /// The APNG bytes for `frames` over a canvas the size of `defaultImage`.
    ///
    /// - Parameters:
    ///   - frames: 1…`maximumFrameCount` frames, each inside the canvas. With no frames the
    ///     result is a plain PNG of `defaultImage` (an `acTL` with zero frames is invalid).
    ///   - defaultImage: the image non-animating viewers show; also fixes the canvas size.
    ///   - plays: how many times the animation runs; 0 means forever.
    ///   - options: as for `PNGEncoder`; every frame uses the same colour type (RGB only if all
    ///     frames and the default image are opaque).
    public static func encode(
        frames: [APNGFrame], defaultImage: Bitmap, plays: Int = 1, options: PNGEncoder.Options = .init()
    ) -> [UInt8] {
        guard !frames.isEmpty else { return PNGEncoder.encode(defaultImage, options: options) }
        precondition(frames.count <= maximumFrameCount, "at most \(maximumFrameCount) APNG frames")
        precondition(plays >= 0 && plays <= Int(UInt32.max), "plays must fit in 32 bits")
        for frame in frames {
            precondition(
                frame.x >= 0 && frame.y >= 0 && frame.x + frame.image.width <= defaultImage.width
                    && frame.y + frame.image.height <= defaultImage.height,
                "APNG frame must lie inside the canvas")
        }
        let colorType = PNGEncoder.colorType(for: [defaultImage] + frames.map(\.image), options: options)

        var writer = PNGChunkWriter()
        writer.appendHeader(width: defaultImage.width, height: defaultImage.height, colorType: colorType)
        var control: [UInt8] = []
        control.appendBigEndian(UInt32(frames.count))
        control.appendBigEndian(UInt32(plays))
        writer.append("acTL", control)
        writer.append("IDAT", PNGEncoder.imageData(defaultImage, colorType: colorType, options: options))

        var sequence: UInt32 = 0
        for frame in frames {
            let fcTL = APNGFrameControl(
                sequenceNumber: sequence, width: frame.image.width, height: frame.image.height,
                x: frame.x, y: frame.y, delay: frame.delay, dispose: frame.dispose, blend: frame.blend)
            writer.append("fcTL", fcTL.bytes)
            var fdAT: [UInt8] = []
            fdAT.appendBigEndian(sequence + 1)
            fdAT.append(contentsOf: PNGEncoder.imageData(frame.image, colorType: colorType, options: options))
            writer.append("fdAT", fdAT)
            sequence += 2
        }
        writer.appendEnd()
        return writer.bytes
    }
}
