import CZlib

/// Thin wrappers over the system zlib: a streaming deflater for the encoders and a one-shot
/// inflater for the decoder.
///
/// PNG wants a zlib stream (RFC 1950: 2-byte header, deflate data, Adler-32 trailer), which is
/// what `deflateInit2_` with `windowBits = 15` produces.
enum Zlib {
    /// zlib strategies we expose for experiments (see `PNGEncoder.Options.strategy`).
    enum Strategy: Int32, Sendable {
        case `default` = 0  // Z_DEFAULT_STRATEGY
        case filtered = 1  // Z_FILTERED
        case rle = 3  // Z_RLE
    }

    /// Size of `z_stream`, which `*Init_` checks against the library's own idea of it.
    static let streamSize = Int32(MemoryLayout<z_stream>.size)

    /// The zlib stream that `bytes` compresses to, in one go (for small payloads and tests).
    static func deflate(_ bytes: [UInt8], level: Int, strategy: Strategy = .default) -> [UInt8] {
        var deflater = Deflater(level: level, strategy: strategy)
        bytes.withUnsafeBufferPointer { deflater.append($0) }
        return deflater.finish()
    }

    /// Inflates a complete zlib stream that must decode to exactly `expectedCount` bytes.
    ///
    /// The decoder always knows how many bytes the scanlines take, so anything shorter, longer, or
    /// followed by trailing bytes is corrupt; checking that here saves every caller from doing it.
    static func inflate(_ bytes: [UInt8], expectedCount: Int) throws(PNGDecodingError) -> [UInt8] {
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            inflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        guard inflateInit_(stream, zlibVersion(), streamSize) == Z_OK else {
            preconditionFailure("inflateInit failed: zlib could not allocate its state")
        }
        // One spare byte lets us notice a stream that decodes to more than expected.
        var output = [UInt8](repeating: 0, count: expectedCount + 1)
        let status: Int32 = bytes.withUnsafeBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                // zlib's next_in is not const-qualified but inflate never writes through it.
                stream.pointee.next_in = UnsafeMutablePointer(mutating: inBuffer.baseAddress)
                stream.pointee.avail_in = uInt(inBuffer.count)
                stream.pointee.next_out = outBuffer.baseAddress
                stream.pointee.avail_out = uInt(outBuffer.count)
                return CZlib.inflate(stream, Z_FINISH)
            }
        }
        let produced = Int(stream.pointee.total_out)
        let consumed = bytes.count - Int(stream.pointee.avail_in)
        switch status {
        case Z_STREAM_END:
            guard produced == expectedCount else {
                throw .corruptImageData("image data decodes to \(produced) bytes, expected \(expectedCount)")
            }
            guard consumed == bytes.count else {
                throw .corruptImageData("\(bytes.count - consumed) bytes after the end of the zlib stream")
            }
            output.removeLast()
            return output
        case Z_BUF_ERROR where produced > expectedCount:
            throw .corruptImageData("image data decodes to more than \(expectedCount) bytes")
        case Z_BUF_ERROR:
            throw .corruptImageData("zlib stream is truncated")
        default:
            let message = stream.pointee.msg.map { String(cString: $0) } ?? "zlib error \(status)"
            throw .corruptImageData(message)
        }
    }
}

/// A zlib deflate stream fed piecewise, so the encoder can compress scanline by scanline without
/// holding the whole filtered image in memory.
///
/// Non-copyable because zlib keeps a back-pointer to its `z_stream` (and checks it), so the stream
/// lives at a fixed heap address owned by exactly one value.
struct Deflater: ~Copyable {
    /// Bytes of compressed output gathered per `deflate` call before moving them to `output`.
    private static let chunkSize = 64 * 1024

    private let stream: UnsafeMutablePointer<z_stream>
    private var scratch: [UInt8]
    private var output: [UInt8] = []

    /// Starts a zlib stream. `level` is 0…9; window 32 KiB, memLevel 8 (zlib's defaults).
    init(level: Int, strategy: Zlib.Strategy, tuning: PNGEncoder.MatchTuning? = nil) {
        precondition((0...9).contains(level), "zlib level must be 0…9")
        stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        scratch = [UInt8](repeating: 0, count: Self.chunkSize)
        let status = deflateInit2_(
            stream, Int32(level), Z_DEFLATED, 15, 8, strategy.rawValue, zlibVersion(), Zlib.streamSize)
        precondition(status == Z_OK, "deflateInit2 failed (\(status)) on valid parameters")
        // Level 0 stores; tuning only means something when matches are searched.
        if let tuning, level > 0 {
            let tuned = deflateTune(
                stream, Int32(tuning.goodLength), Int32(tuning.maxLazy), Int32(tuning.niceLength),
                Int32(tuning.maxChain))
            precondition(tuned == Z_OK, "deflateTune failed (\(tuned))")
        }
    }

    deinit {
        deflateEnd(stream)
        stream.deinitialize(count: 1)
        stream.deallocate()
    }

    /// Compresses `bytes` (buffered by zlib; output appears as its window fills).
    mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !bytes.isEmpty else { return }
        run(bytes, flush: Z_NO_FLUSH)
    }

    /// Ends the stream and returns everything compressed so far.
    consuming func finish() -> [UInt8] {
        run(UnsafeBufferPointer(start: nil, count: 0), flush: Z_FINISH)
        return output
    }

    private mutating func run(_ bytes: UnsafeBufferPointer<UInt8>, flush: Int32) {
        precondition(bytes.count <= Int(UInt32.max), "zlib takes at most 4 GiB per call")
        stream.pointee.next_in = UnsafeMutablePointer(mutating: bytes.baseAddress)
        stream.pointee.avail_in = uInt(bytes.count)
        let stream = self.stream
        while true {
            let (status, produced): (Int32, Int) = scratch.withUnsafeMutableBufferPointer { out in
                stream.pointee.next_out = out.baseAddress
                stream.pointee.avail_out = uInt(out.count)
                let status = CZlib.deflate(stream, flush)
                return (status, out.count - Int(stream.pointee.avail_out))
            }
            output.append(contentsOf: scratch[0..<produced])
            switch status {
            case Z_STREAM_END:
                return
            case Z_OK, Z_BUF_ERROR:
                // Z_BUF_ERROR only means "no progress possible", i.e. input consumed and nothing
                // pending; with Z_FINISH we loop until Z_STREAM_END.
                if flush != Z_FINISH && stream.pointee.avail_in == 0 && stream.pointee.avail_out != 0 {
                    return
                }
            default:
                preconditionFailure("deflate failed (\(status)) on valid input")
            }
        }
    }
}
