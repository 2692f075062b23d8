/// Reads PNG and APNG files into straight RGBA8, for tests and tools (the service only encodes).
///
/// Handles bit depth 8, non-interlaced, every colour type (grey, grey+alpha, RGB, RGBA, palette,
/// with `tRNS`), all five filter types, and APNG frames with every dispose and blend op. Every CRC,
/// chunk order rule, zlib checksum and APNG sequence number is checked; problems throw
/// `PNGDecodingError` rather than being repaired.
public enum PNGDecoder {
    /// Largest image (width × height) the decoder accepts, so a hostile header cannot make it
    /// allocate gigabytes: 8192², four times our own 4096² output limit.
    public static let maximumPixelCount = 8192 * 8192

    /// The default image (what a non-animating viewer shows), as straight RGBA8.
    public static func decode(_ bytes: [UInt8]) throws(PNGDecodingError) -> PNGImage {
        let stream = try PNGStream(bytes)
        return try stream.pixels(stream.imageData, width: stream.header.width, height: stream.header.height)
    }

    /// The validated `IHDR` fields.
    public static func header(_ bytes: [UInt8]) throws(PNGDecodingError) -> PNGHeader {
        try PNGStream(bytes).header
    }

    /// All chunks in order, after checking the signature, lengths and CRCs (but not chunk semantics).
    public static func chunks(_ bytes: [UInt8]) throws(PNGDecodingError) -> [PNGChunk] {
        try PNGChunk.split(bytes)
    }
}
