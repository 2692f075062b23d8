import RingRaster

/// One animation frame of an APNG (``APNGStreamEncoder`` writes one per appended canvas): a sub-rectangle of the canvas plus its timing and ops.
public struct APNGFrame: Sendable, Hashable {
    /// Left edge of the region on the canvas.
    public var x: Int
    /// Top edge of the region on the canvas.
    public var y: Int
    /// The region's pixels (premultiplied, like every `Bitmap`); its size is the region's size.
    public var image: Bitmap
    /// How long the frame is shown.
    public var delay: APNGDelay
    /// What happens to the region after it is shown.
    public var dispose: APNGDisposeOp
    /// How the region combines with the canvas.
    public var blend: APNGBlendOp

    /// A frame placing `image` at (`x`, `y`). Defaults suit delta frames: keep the canvas, overwrite the region.
    public init(
        x: Int = 0, y: Int = 0, image: Bitmap, delay: APNGDelay,
        dispose: APNGDisposeOp = .none, blend: APNGBlendOp = .source
    ) {
        self.x = x
        self.y = y
        self.image = image
        self.delay = delay
        self.dispose = dispose
        self.blend = blend
    }
}
