/// One chunk of a PNG stream, CRC already verified.
public struct PNGChunk: Sendable, Hashable {
    /// Four-letter chunk type, e.g. `IDAT`.
    public var type: String
    /// The chunk's data (without length, type or CRC).
    public var data: [UInt8]

    /// Critical chunks (upper-case first letter) must be understood to decode the image.
    public var isCritical: Bool { type.utf8.first.map { $0 & 0x20 == 0 } ?? false }

    /// Splits `bytes` into chunks, checking the signature, every length and every CRC, and that the
    /// stream ends with `IEND` and nothing after it.
    static func split(_ bytes: [UInt8]) throws(PNGDecodingError) -> [PNGChunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGChunkWriter.signature else { throw .notPNG }
        var chunks: [PNGChunk] = []
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else { throw .truncated }
            let length = Int(bytes.bigEndianUInt32(at: offset))
            guard length <= Int(Int32.max) else {
                throw .malformedChunk(chunk: "?", reason: "length \(length) exceeds 2^31 - 1")
            }
            guard offset + 12 + length <= bytes.count else { throw .truncated }
            let typeBytes = bytes[(offset + 4)..<(offset + 8)]
            guard typeBytes.allSatisfy({ (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }) else {
                throw .malformedChunk(chunk: "?", reason: "chunk type is not four ASCII letters")
            }
            let type = String(decoding: typeBytes, as: UTF8.self)
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let stored = bytes.bigEndianUInt32(at: offset + 8 + length)
            guard CRC32.checksum(data, initial: CRC32.checksum(typeBytes)) == stored else { throw .badCRC(chunk: type) }
            chunks.append(PNGChunk(type: type, data: data))
            offset += 12 + length
            if type == "IEND" {
                guard offset == bytes.count else {
                    throw .malformedChunk(chunk: "IEND", reason: "\(bytes.count - offset) bytes after IEND")
                }
                return chunks
            }
        }
    }
}

extension Array where Element == UInt8 {
    /// The big-endian 32-bit integer at `offset` (caller has checked the bounds).
    func bigEndianUInt32(at offset: Int) -> UInt32 {
        UInt32(self[offset]) << 24 | UInt32(self[offset + 1]) << 16 | UInt32(self[offset + 2]) << 8
            | UInt32(self[offset + 3])
    }

    /// The big-endian 16-bit integer at `offset` (caller has checked the bounds).
    func bigEndianUInt16(at offset: Int) -> UInt16 {
        UInt16(self[offset]) << 8 | UInt16(self[offset + 1])
    }
}
