/// How long an APNG frame stays on screen: `numerator / denominator` seconds.
public struct APNGDelay: Sendable, Hashable {
    /// Seconds numerator.
    public var numerator: UInt16
    /// Seconds denominator; 0 is stored as is and means 100 (APNG spec), see `seconds`.
    public var denominator: UInt16

    /// A delay of `numerator / denominator` seconds.
    public init(numerator: UInt16, denominator: UInt16) {
        self.numerator = numerator
        self.denominator = denominator
    }

    /// A delay in whole milliseconds (clamped to what 16 bits hold).
    public static func milliseconds(_ ms: Int) -> APNGDelay {
        APNGDelay(numerator: UInt16(clamping: ms), denominator: 1000)
    }

    /// The delay in seconds, with the spec's rule that a zero denominator means 1/100 s units.
    public var seconds: Double {
        Double(numerator) / Double(denominator == 0 ? 100 : denominator)
    }
}

/// What happens to a frame's region after it has been shown (`fcTL` `dispose_op`).
public enum APNGDisposeOp: UInt8, Sendable, Hashable, CaseIterable {
    /// Leave the canvas as it is.
    case none = 0
    /// Clear the region to transparent black.
    case background = 1
    /// Restore the region to what it was before this frame.
    case previous = 2
}

/// How a frame's pixels combine with the canvas (`fcTL` `blend_op`).
public enum APNGBlendOp: UInt8, Sendable, Hashable, CaseIterable {
    /// Replace the region, alpha included.
    case source = 0
    /// Composite the frame over the region.
    case over = 1
}

/// The fields of an `fcTL` chunk, as the decoder reads them.
public struct APNGFrameControl: Sendable, Hashable {
    /// Position in the shared fcTL/fdAT sequence.
    public var sequenceNumber: UInt32
    /// Region width in pixels.
    public var width: Int
    /// Region height in pixels.
    public var height: Int
    /// Region left edge.
    public var x: Int
    /// Region top edge.
    public var y: Int
    /// Display time.
    public var delay: APNGDelay
    /// Disposal after display.
    public var dispose: APNGDisposeOp
    /// Blending onto the canvas.
    public var blend: APNGBlendOp

    /// The 26-byte `fcTL` payload.
    var bytes: [UInt8] {
        var data: [UInt8] = []
        data.reserveCapacity(26)
        data.appendBigEndian(sequenceNumber)
        data.appendBigEndian(UInt32(width))
        data.appendBigEndian(UInt32(height))
        data.appendBigEndian(UInt32(x))
        data.appendBigEndian(UInt32(y))
        data.appendBigEndian(delay.numerator)
        data.appendBigEndian(delay.denominator)
        data.append(dispose.rawValue)
        data.append(blend.rawValue)
        return data
    }
}
