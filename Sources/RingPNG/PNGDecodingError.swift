/// Why `PNGDecoder` rejected its input.
public enum PNGDecodingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The first eight bytes are not the PNG signature.
    case notPNG
    /// The stream ends inside a chunk, or without `IEND`.
    case truncated
    /// A chunk's stored CRC does not match its type and data.
    case badCRC(chunk: String)
    /// A chunk has the wrong length, bad field values, or appears in the wrong place.
    case malformedChunk(chunk: String, reason: String)
    /// A chunk the image needs (`IHDR`, `IDAT`, `PLTE`, …) is absent.
    case missingChunk(String)
    /// Valid PNG this decoder does not handle (bit depth other than 8, interlacing, …).
    case unsupported(String)
    /// The image is larger than `PNGDecoder.maximumPixelCount`.
    case tooLarge(width: Int, height: Int)
    /// The zlib stream is corrupt or decodes to the wrong number of bytes.
    case corruptImageData(String)
    /// A scanline starts with a filter type other than 0…4.
    case badFilterType(UInt8, row: Int)
    /// APNG sequence numbers are out of order, or frame counts disagree with `acTL`.
    case badAnimation(String)

    /// A one-line explanation for test failures and logs.
    public var description: String {
        switch self {
        case .notPNG: "not a PNG (bad signature)"
        case .truncated: "PNG stream is truncated"
        case .badCRC(let chunk): "CRC mismatch in \(chunk) chunk"
        case .malformedChunk(let chunk, let reason): "malformed \(chunk) chunk: \(reason)"
        case .missingChunk(let chunk): "missing \(chunk) chunk"
        case .unsupported(let what): "unsupported PNG feature: \(what)"
        case .tooLarge(let w, let h): "image \(w)×\(h) exceeds the decoder's limit"
        case .corruptImageData(let why): "corrupt image data: \(why)"
        case .badFilterType(let type, let row): "bad filter type \(type) in row \(row)"
        case .badAnimation(let why): "bad APNG: \(why)"
        }
    }
}
