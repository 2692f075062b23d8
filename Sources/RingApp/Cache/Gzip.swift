import CZlib

/// One-shot gzip (RFC 1952) through the system zlib, for the compressed copy of cached SVG bodies.
enum Gzip {
    /// Level 9: compressed once per cache entry and sent many times, so the smallest output wins.
    static let level: Int32 = 9
    /// `windowBits` 15 + 16 asks zlib for a gzip wrapper instead of a zlib one.
    static let gzipWindowBits: Int32 = 15 + 16
    /// zlib's default memory level.
    static let memoryLevel: Int32 = 8

    /// The gzip member that `bytes` compresses to.
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        var stream = z_stream()
        let initStatus = deflateInit2_(
            &stream, level, Z_DEFLATED, gzipWindowBits, memoryLevel, Z_DEFAULT_STRATEGY,
            zlibVersion(), Int32(MemoryLayout<z_stream>.size))
        precondition(initStatus == Z_OK, "deflateInit2 failed (\(initStatus)): zlib could not allocate its state")
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(bytes.count)))
        var output = [UInt8](repeating: 0, count: bound)
        let produced: Int = bytes.withUnsafeBufferPointer { input in
            output.withUnsafeMutableBufferPointer { out in
                // zlib's next_in is not const-qualified, but deflate never writes through it.
                stream.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = out.baseAddress
                stream.avail_out = uInt(out.count)
                let status = deflate(&stream, Z_FINISH)
                precondition(status == Z_STREAM_END, "deflate into deflateBound bytes did not finish (\(status))")
                return out.count - Int(stream.avail_out)
            }
        }
        // A copy of exactly the produced bytes: truncating `output` would keep its deflateBound-sized
        // buffer (about the input's size) alive in the cache for a member a fifth that long.
        return Array(unsafeUninitializedCapacity: produced) { buffer, count in
            output.withUnsafeBufferPointer { _ = buffer.initialize(from: $0[..<produced]) }
            count = produced
        }
    }
}
