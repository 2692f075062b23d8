import RingPNG

/// One-shot gzip (RFC 1952) through libdeflate (``WholeDeflate``), for the compressed copy of cached SVG bodies
/// and prepared documents.
enum Gzip {
    /// libdeflate level 9: compressed once per cache entry and sent many times. Measured on a 7 169-byte ring SVG
    /// (docs/performance.md, "PNG compression"): smaller than zlib's level 9 in less time; levels 10–12 take
    /// several times as long for a few bytes.
    static let level = 9

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
