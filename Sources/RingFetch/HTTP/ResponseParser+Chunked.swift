import RingHTTP
/// The chunked transfer coding (RFC 9112 §7.1): `chunk-size [ chunk-ext ] CRLF chunk-data CRLF`, repeated,
/// then `0` CRLF, a trailer section, and an empty line.
extension ResponseParser {
    /// Handles the bytes at `index` in one of the chunked states.
    mutating func stepChunked(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) throws(FetchResponseError) {
        switch state {
        case .chunkSizeLine:
            let room = limits.maxChunkLineBytes - line.count
            guard try gatherLine(bytes, &index, room: room, or: .chunkLineTooLong) else { return }
            // Chunk framing gets no bare-LF leniency: RFC 9112 §2.2 grants it to the start line and fields only.
            let size = try Self.chunkSize(try takeLine(strictCRLF: true))
            // Checked before any data byte: the declared size alone decides.
            guard size <= limits.maxBodyBytes - body.count else { throw .bodyTooLarge(limit: limits.maxBodyBytes) }
            if size == 0 {
                trailerBytes = 0
                fieldCount = 0
                state = .trailerLines
            } else {
                state = .chunkData(remaining: size)
            }
        case .chunkData(let remaining):
            let take = min(remaining, bytes.count - index)
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + take]))
            index += take
            state = take == remaining ? .chunkDataCR : .chunkData(remaining: remaining - take)
        case .chunkDataCR, .chunkDataLF:
            let expected = state == .chunkDataCR ? HTTPByte.cr : HTTPByte.lf
            guard bytes[index] == expected else { throw .badChunkEnd }
            index += 1
            state = state == .chunkDataCR ? .chunkDataLF : .chunkSizeLine
        case .trailerLines:
            let before = line.count
            let room = limits.maxHeadBytes - trailerBytes
            let complete = try gatherLine(bytes, &index, room: room, or: .headTooLarge)
            trailerBytes += line.count - before
            guard complete else { return }
            let content = try takeLine(strictCRLF: false)
            if content.isEmpty {
                self.complete()
            } else {
                // Checked like header fields, then dropped: nothing we use may arrive after the body.
                try countField()
                _ = try Self.parseField(content)
            }
        default:
            preconditionFailure("stepChunked called in state \(state)")
        }
    }

    /// The size in a chunk-size line (without its CRLF): `1*HEXDIG [ BWS ";" chunk-ext ]`, trailing OWS
    /// tolerated. Extensions are ignored, but must not hold control characters.
    ///
    /// The value saturates at `Int.max` rather than overflowing: `ffffffffffffffffff` is a size over any body
    /// limit, which is what the caller then reports.
    static func chunkSize(_ c: [UInt8]) throws(FetchResponseError) -> Int {
        var size = 0
        var i = 0
        while i < c.count, let digit = HTTPByte.hexValue(c[i]) {
            let (shifted, overflowA) = size.multipliedReportingOverflow(by: 16)
            let (sum, overflowB) = shifted.addingReportingOverflow(digit)
            size = overflowA || overflowB ? Int.max : sum
            i += 1
        }
        guard i > 0 else { throw .badChunkSize }
        while i < c.count, HTTPByte.isWhitespace(c[i]) { i += 1 }
        guard i == c.count || (c[i] == HTTPByte.semicolon && c[i...].allSatisfy(HTTPByte.isFieldValue)) else {
            throw .badChunkSize
        }
        return size
    }
}
