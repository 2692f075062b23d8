/// Builds a PNG byte stream chunk by chunk: length, type, data, CRC-32 of type + data.
struct PNGChunkWriter {
    /// The eight bytes every PNG starts with.
    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The stream so far, starting with the signature.
    private(set) var bytes: [UInt8] = PNGChunkWriter.signature

    init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one chunk. `type` is the four-letter chunk name.
    mutating func append(_ type: String, _ data: [UInt8]) {
        let name = Array(type.utf8)
        precondition(name.count == 4, "chunk types are four ASCII letters")
        // PNG limits chunk lengths to 2^31 - 1.
        precondition(data.count <= Int(Int32.max), "chunk data too long")
        bytes.appendBigEndian(UInt32(data.count))
        bytes.append(contentsOf: name)
        bytes.append(contentsOf: data)
        bytes.appendBigEndian(CRC32.checksum(data, initial: CRC32.checksum(name)))
    }

    /// `IHDR` for an 8-bit, non-interlaced image of the given colour type.
    mutating func appendHeader(width: Int, height: Int, colorType: PNGColorType) {
        var data: [UInt8] = []
        data.appendBigEndian(UInt32(width))
        data.appendBigEndian(UInt32(height))
        // Bit depth 8, compression 0 (deflate), filter method 0 (adaptive), interlace 0 (none).
        data.append(contentsOf: [8, colorType.rawValue, 0, 0, 0])
        append("IHDR", data)
    }

    /// `IEND`, which closes the stream.
    mutating func appendEnd() {
        append("IEND", [])
    }
}

extension [UInt8] {
    /// Appends `value` in network byte order, as every PNG integer is stored.
    mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16),
                            UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }

    /// Appends `value` in network byte order.
    mutating func appendBigEndian(_ value: UInt16) {
        append(contentsOf: [UInt8(value >> 8), UInt8(truncatingIfNeeded: value)])
    }
}
