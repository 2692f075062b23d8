/// A decoded APNG: the default image plus every animation frame composited as a viewer shows it.
public struct APNGAnimation: Sendable, Hashable {
    /// One frame of the animation.
    public struct Frame: Sendable, Hashable {
        /// The frame's `fcTL` fields.
        public var control: APNGFrameControl
        /// The frame's own pixels (its sub-rectangle), straight RGBA8.
        public var region: PNGImage
        /// The whole canvas as displayed while this frame is shown (after blending, before disposal).
        public var canvas: PNGImage
    }

    /// What viewers without APNG support show (the `IDAT` image).
    public var defaultImage: PNGImage
    /// Whether the default image is also frame 0 (an `fcTL` precedes `IDAT`).
    public var defaultImageIsFirstFrame: Bool
    /// `acTL` `num_plays`; 0 means forever.
    public var plays: Int
    /// Frames in display order, as many as `acTL` `num_frames`.
    public var frames: [Frame]
}
