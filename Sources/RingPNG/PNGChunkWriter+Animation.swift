import RingRaster

extension PNGChunkWriter {
    /// An APNG's opening after the signature: `IHDR`, `acTL` announcing `frameCount` frames played `plays` times
    /// (0: for ever), and `IDAT` holding `defaultImage`, which is no frame (no `fcTL` before it).
    mutating func appendAnimationStart(
        defaultImage: Bitmap, frameCount: Int, plays: Int, colorType: PNGColorType, options: PNGEncoder.Options
    ) {
        precondition(plays >= 0 && plays <= Int(UInt32.max), "plays must fit in 32 bits")
        appendHeader(width: defaultImage.width, height: defaultImage.height, colorType: colorType)
        var control: [UInt8] = []
        control.appendBigEndian(UInt32(frameCount))
        control.appendBigEndian(UInt32(plays))
        append("acTL", control)
        append("IDAT", PNGEncoder.imageData(defaultImage, colorType: colorType, options: options))
    }

    /// One frame: its `fcTL` numbered `sequence` and its `fdAT` numbered `sequence + 1` (sequence numbers run
    /// through both kinds of chunk without gaps, so the next frame starts at `sequence + 2`).
    mutating func appendFrame(
        _ frame: APNGFrame, sequence: UInt32, colorType: PNGColorType, options: PNGEncoder.Options
    ) {
        let control = APNGFrameControl(
            sequenceNumber: sequence, width: frame.image.width, height: frame.image.height,
            x: frame.x, y: frame.y, delay: frame.delay, dispose: frame.dispose, blend: frame.blend)
        append("fcTL", control.bytes)
        var data: [UInt8] = []
        data.appendBigEndian(sequence + 1)
        data.append(contentsOf: PNGEncoder.imageData(frame.image, colorType: colorType, options: options))
        append("fdAT", data)
    }
}
