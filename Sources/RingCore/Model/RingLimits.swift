/// Every limit of the URL contract (docs/design.md §Limits), named once. Validation, error messages and docs quote these.
public enum RingLimits {
    /// Progress: laps above 1 overlap; 10 laps is far past anything meaningful and keeps geometry bounded.
    public static let progress: ClosedRange<Double> = 0...10
    /// Image side in CSS pixels.
    public static let size: ClosedRange<Double> = 16...2048
    /// PNG pixel density multiplier.
    public static let scale: ClosedRange<Int> = 1...4
    /// Largest PNG side in device pixels (size × scale).
    public static let maxPixelSide = 4096
    /// Stops in a gradient.
    public static let gradientStops: ClosedRange<Int> = 2...8
    /// Rings in an activity image.
    public static let rings: ClosedRange<Int> = 1...8
    /// Petals in a petal spinner.
    public static let petals: ClosedRange<Int> = 4...24
    /// Characters (grapheme clusters) in a label.
    public static let labelLength = 24
    /// Bytes of UTF-8 in a label: 24 clusters of a few code points each, while a cluster of a thousand combining
    /// marks (one "character") is refused before it reaches the shaper.
    public static let labelBytes = 256
    /// Characters in a title (accessible name).
    public static let titleLength = 200
    /// Animation duration in seconds.
    public static let duration: ClosedRange<Double> = 0.1...10
    /// Check size relative to its container.
    public static let checkRatio: ClosedRange<Double> = 0.1...0.9
    /// Start angle in degrees (any angle is normalised; this bounds the input).
    public static let startDegrees: ClosedRange<Double> = -360...360
}
