import RingRaster

/// Writes an APNG one full-canvas frame at a time, keeping only the previous frame and compressed bytes.
///
/// Same stream as ``APNGEncoder/encode(frames:defaultImage:plays:options:)`` over
/// ``APNGEncoder/deltaFrames(_:delays:)``: each frame after the first stores only the rectangle that changed
/// (dispose NONE, blend SOURCE). Frames are compressed as they arrive, so memory stays at two canvases however
/// many frames there are — sixty 4096² canvases would be 4 GiB held at once.
///
/// The colour type is fixed by the default image, which comes first: RGB when it is opaque (and the options
/// allow it). A later frame with transparency cannot be stored then, and ``append(_:delay:)`` says so; start
/// again with `allowsRGB = false`. (An opaque final frame with transparent earlier frames does not happen with
/// ringd's scenes, whose background covers every frame.)
public struct APNGStreamEncoder {
    private var writer = PNGChunkWriter()
    private let options: PNGEncoder.Options
    private let colorType: PNGColorType
    private let frameCount: Int
    private let width: Int
    private let height: Int
    private var previous: Bitmap?
    private var sequence: UInt32 = 0
    /// Frames appended so far.
    public private(set) var framesWritten = 0

    /// Starts a stream of `frameCount` (1…``APNGEncoder/maximumFrameCount``) frames on a canvas the size of
    /// `defaultImage`, which non-animating viewers show.
    public init(defaultImage: Bitmap, frameCount: Int, plays: Int = 1, options: PNGEncoder.Options = .init()) {
        precondition((1...APNGEncoder.maximumFrameCount).contains(frameCount), "1…\(APNGEncoder.maximumFrameCount) frames")
        precondition(plays >= 0 && plays <= Int(UInt32.max), "plays must fit in 32 bits")
        self.options = options
        self.frameCount = frameCount
        colorType = PNGEncoder.colorType(for: [defaultImage], options: options)
        writer.appendHeader(width: defaultImage.width, height: defaultImage.height, colorType: colorType)
        var control: [UInt8] = []
        control.appendBigEndian(UInt32(frameCount))
        control.appendBigEndian(UInt32(plays))
        writer.append("acTL", control)
        writer.append("IDAT", PNGEncoder.imageData(defaultImage, colorType: colorType, options: options))
        width = defaultImage.width
        height = defaultImage.height
    }

    /// Adds the next frame (the whole canvas). Returns false, writing nothing, when the frame has transparency
    /// but the stream is RGB.
    @discardableResult
    public mutating func append(_ frame: Bitmap, delay: APNGDelay) -> Bool {
        precondition(framesWritten < frameCount, "more frames than announced")
        precondition(frame.width == width && frame.height == height, "frames must fill the canvas")
        if colorType == .rgb && !frame.isOpaque { return false }
        let region: APNGFrame
        if let previous {
            let rect = APNGEncoder.changedRectangle(from: previous, to: frame) ?? (x: 0, y: 0, width: 1, height: 1)
            region = APNGFrame(
                x: rect.x, y: rect.y, image: frame.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
                delay: delay)
        } else {
            region = APNGFrame(image: frame, delay: delay)
        }
        let fcTL = APNGFrameControl(
            sequenceNumber: sequence, width: region.image.width, height: region.image.height,
            x: region.x, y: region.y, delay: region.delay, dispose: region.dispose, blend: region.blend)
        writer.append("fcTL", fcTL.bytes)
        var fdAT: [UInt8] = []
        fdAT.appendBigEndian(sequence + 1)
        fdAT.append(contentsOf: PNGEncoder.imageData(region.image, colorType: colorType, options: options))
        writer.append("fdAT", fdAT)
        sequence += 2
        framesWritten += 1
        previous = frame
        return true
    }

    /// The finished APNG; every announced frame must have been appended.
    public mutating func finish() -> [UInt8] {
        precondition(framesWritten == frameCount, "announced \(frameCount) frames, got \(framesWritten)")
        writer.appendEnd()
        return writer.bytes
    }
}
