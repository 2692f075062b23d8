import RingDeflate

/// One-shot gzip (RFC 1952) through libdeflate (``WholeDeflate``), for the compressed copy of cached SVG bodies
/// and prepared documents.
enum Gzip {
    /// libdeflate level 6: the copy is built on a miss's reply path, and there level 9 cost 57 µs against 38 µs
    /// for a 7 169-byte ring SVG (1 560 against 1 571 bytes) and 390 against 120 µs for a 22 KB activity SVG with
    /// a label (4 321 against 4 333 bytes): under 1 % of bytes for a third to two thirds of the time
    /// (docs/performance.md, "Misses: where the time goes"). Levels 10–12 take several times as long again.
    static let level = 6

    /// The gzip member that `bytes` compresses to, in a buffer of its own size (a cache entry keeps it).
    static func compress(_ bytes: [UInt8]) -> [UInt8] {
        let member = bytes.withUnsafeBufferPointer { WholeDeflate.gzip($0, level: level) }
        // A copy of exactly the produced bytes: `member` sits in a buffer of libdeflate's bound (about the input's
        // size), which the cache would otherwise keep alive for a member a fifth that long.
        return [UInt8](unsafeUninitializedCapacity: member.count) { buffer, count in
            member.withUnsafeBufferPointer { _ = buffer.initialize(from: $0) }
            count = member.count
        }
    }
}
