import CZlib

/// CRC-32 as PNG chunks need it (ISO 3309), computed by zlib.
public enum CRC32 {
    /// The CRC of `bytes`, continuing from `initial` (0 to start).
    public static func checksum(_ bytes: some Collection<UInt8>, initial: UInt32 = 0) -> UInt32 {
        let array = Array(bytes)
        return array.withUnsafeBufferPointer { buffer in
            UInt32(crc32(uLong(initial), buffer.baseAddress, uInt(buffer.count)))
        }
    }
}
