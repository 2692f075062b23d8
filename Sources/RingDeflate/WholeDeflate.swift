import CDeflate
import RingSync

/// One-shot DEFLATE of a whole buffer through libdeflate: the PNG image data of pictures up to RingPNG's
/// `PNGEncoder.wholeBufferPixelLimit`, and RingApp's gzip copies of SVG bodies and prepared documents.
///
/// libdeflate compresses a buffer it sees whole about twice as fast as zlib's streaming deflate at the same
/// level, into slightly fewer bytes (measured on ring images: docs/performance.md, "PNG compression"). Its output
/// is deterministic for a given library version, which ``version`` names so the renderer version can carry it.
public enum WholeDeflate {
    /// libdeflate's version string (`LIBDEFLATE_VERSION_STRING`, e.g. "1.14").
    public static let version: String = String(cString: ringd_libdeflate_version())

    /// A zlib stream (RFC 1950: PNG's `IDAT` payload) of `input` at libdeflate `level` (1…12).
    public static func zlib(_ input: UnsafeBufferPointer<UInt8>, level: Int) -> [UInt8] {
        compress(input, level: level, bound: libdeflate_zlib_compress_bound, compress: libdeflate_zlib_compress)
    }

    /// A gzip member (RFC 1952) of `input` at libdeflate `level` (1…12).
    public static func gzip(_ input: UnsafeBufferPointer<UInt8>, level: Int) -> [UInt8] {
        compress(input, level: level, bound: libdeflate_gzip_compress_bound, compress: libdeflate_gzip_compress)
    }

    private static func compress(
        _ input: UnsafeBufferPointer<UInt8>, level: Int,
        bound: (OpaquePointer?, Int) -> Int,
        compress: (OpaquePointer?, UnsafeRawPointer?, Int, UnsafeMutableRawPointer?, Int) -> Int
    ) -> [UInt8] {
        precondition((1...12).contains(level), "libdeflate level must be 1…12")
        let compressor = Compressors.take(level: level)
        defer { Compressors.give(compressor, level: level) }
        let capacity = bound(compressor.pointer, input.count)
        return [UInt8](unsafeUninitializedCapacity: capacity) { output, count in
            count = compress(compressor.pointer, input.baseAddress, input.count, output.baseAddress, capacity)
            // The bound is what libdeflate promises to fit; 0 would mean it broke that promise.
            precondition(count > 0 || input.isEmpty, "libdeflate output did not fit its own bound")
        }
    }

    /// Compressors kept between calls, per level. A compressor is several hundred KiB of tables that libdeflate
    /// initialises on use; allocated per call, their first touch cost a small SVG's gzip copy about 100 µs of page
    /// faults on top of 40 µs of compressing (docs/performance.md, "Misses: where the time goes"). Each thread takes
    /// one for the length of a call, so the pool holds at most one per thread that compressed at once.
    private enum Compressors {
        /// A libdeflate compressor, used by one thread at a time (taken from and given back to the pool).
        struct Handle: @unchecked Sendable {
            let pointer: OpaquePointer
        }

        /// More than render threads and fetch threads together ever compress at once; beyond it they are freed.
        static let keptPerLevel = 16
        /// Behind `LockedValue` (pthread), not `Synchronization.Mutex`, whose futex ThreadSanitizer does not see: with
        /// it, `scripts/sanitizers thread` reported every take and give by two render threads as a race.
        static let idle = LockedValue<[Int: [Handle]]>([:])

        static func take(level: Int) -> Handle {
            if let kept = idle.withLock({ $0[level]?.popLast() }) { return kept }
            guard let pointer = libdeflate_alloc_compressor(Int32(level)) else {
                fatalError("libdeflate_alloc_compressor(\(level)) failed: out of memory")
            }
            return Handle(pointer: pointer)
        }

        static func give(_ compressor: Handle, level: Int) {
            let kept = idle.withLock { idle in
                guard idle[level, default: []].count < keptPerLevel else { return false }
                idle[level, default: []].append(compressor)
                return true
            }
            if !kept { libdeflate_free_compressor(compressor.pointer) }
        }
    }
}
