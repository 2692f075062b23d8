import RingRaster

/// Writes an APNG one full-canvas frame at a time, keeping only the previous frame and compressed bytes.
///
/// Each frame after the first stores only the rectangle that changed (dispose NONE, blend SOURCE); the first is
/// stored whole at (0, 0), and a frame identical to its predecessor becomes a 1×1 rectangle at (0, 0) repeating
/// that pixel (`fcTL` sizes must be positive, and keeping the frame keeps its delay). Frames are compressed as they arrive, so memory stays at two canvases however
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

    /// Most animation frames one APNG may carry (docs/design.md §Limits; keeps render time and size bounded).
    public static let maximumFrameCount = 60

    /// Starts a stream of `frameCount` (1…``maximumFrameCount``) frames on a canvas the size of
    /// `defaultImage`, which non-animating viewers show.
    public init(defaultImage: Bitmap, frameCount: Int, plays: Int = 1, options: PNGEncoder.Options = .init()) {
        precondition((1...Self.maximumFrameCount).contains(frameCount), "1…\(Self.maximumFrameCount) frames")
        self.options = options
        self.frameCount = frameCount
        colorType = PNGEncoder.colorType(for: [defaultImage], options: options)
        writer.appendAnimationStart(
            defaultImage: defaultImage, frameCount: frameCount, plays: plays, colorType: colorType, options: options)
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
        writer.appendFrame(
            Self.region(of: frame, after: previous, delay: delay), sequence: sequence, colorType: colorType,
            options: options)
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

    /// What the stream stores of `frame`: all of it when it comes first, else the rectangle that changed since
    /// `previous` (a 1×1 rectangle at (0, 0) when nothing did).
    static func region(of frame: Bitmap, after previous: Bitmap?, delay: APNGDelay) -> APNGFrame {
        guard let previous else { return APNGFrame(image: frame, delay: delay) }
        let rect = changedRectangle(from: previous, to: frame) ?? (x: 0, y: 0, width: 1, height: 1)
        return APNGFrame(
            x: rect.x, y: rect.y, image: frame.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height),
            delay: delay)
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
