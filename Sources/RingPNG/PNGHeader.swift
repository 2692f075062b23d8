/// The fields of `IHDR` that matter for decoding.
public struct PNGHeader: Sendable, Hashable {
    /// Image width in pixels.
    public var width: Int
    /// Image height in pixels.
    public var height: Int
    /// Bits per sample (the decoder handles 8 only).
    public var bitDepth: Int
    /// Colour type.
    public var colorType: PNGColorType
    /// Whether Adam7 interlacing is used (the decoder rejects it).
    public var isInterlaced: Bool

    /// Parses and validates an `IHDR` payload.
    init(_ data: [UInt8]) throws(PNGDecodingError) {
        guard data.count == 13 else { throw .malformedChunk(chunk: "IHDR", reason: "length \(data.count), expected 13") }
        width = Int(data.bigEndianUInt32(at: 0))
        height = Int(data.bigEndianUInt32(at: 4))
        guard (1...Int(Int32.max)).contains(width), (1...Int(Int32.max)).contains(height) else {
            throw .malformedChunk(chunk: "IHDR", reason: "width and height must be 1 … 2^31 - 1")
        }
        bitDepth = Int(data[8])
        guard let colorType = PNGColorType(rawValue: data[9]) else {
            throw .malformedChunk(chunk: "IHDR", reason: "colour type \(data[9])")
        }
        self.colorType = colorType
        guard data[10] == 0, data[11] == 0 else {
            throw .malformedChunk(chunk: "IHDR", reason: "unknown compression or filter method")
        }
        guard data[12] <= 1 else { throw .malformedChunk(chunk: "IHDR", reason: "interlace method \(data[12])") }
        isInterlaced = data[12] == 1
        guard bitDepth == 8 else { throw .unsupported("bit depth \(bitDepth)") }
        guard !isInterlaced else { throw .unsupported("Adam7 interlacing") }
        guard width * height <= PNGDecoder.maximumPixelCount else { throw .tooLarge(width: width, height: height) }
    }
}
