@testable import RingPNG

/// Looks inside PNG streams for tests.
enum PNGInspection {
    /// The concatenated `IDAT` payload of a PNG's default image: its compressed data exactly as written.
    static func imageData(_ png: [UInt8]) throws -> [UInt8] {
        try PNGDecoder.chunks(png).filter { $0.type == "IDAT" }.flatMap(\.data)
    }

    /// The default image's filtered rows (filter-type byte first) exactly as they were compressed.
    static func filteredRows(_ png: [UInt8]) throws -> [UInt8] {
        let header = try PNGDecoder.header(png)
        let rowBytes = header.width * header.colorType.channels + 1
        return try Zlib.inflate(imageData(png), expectedCount: rowBytes * header.height)
    }

    /// The filter-type byte of every row of a PNG's default image.
    static func filterTypes(_ png: [UInt8]) throws -> [UInt8] {
        let header = try PNGDecoder.header(png)
        let rowBytes = header.width * header.colorType.channels + 1
        let raw = try filteredRows(png)
        return stride(from: 0, to: raw.count, by: rowBytes).map { raw[$0] }
    }

    /// Re-assembles chunks into a stream with fresh CRCs, so tests can damage contents but not CRCs.
    static func assemble(_ chunks: [PNGChunk]) -> [UInt8] {
        var writer = PNGChunkWriter()
        for chunk in chunks { writer.append(chunk.type, chunk.data) }
        return writer.bytes
    }
}
