import CZlib

/// Decodes a response body's content coding (RFC 9110 §8.4.1) through zlib, refusing output past a limit as
/// soon as it is passed: a gzip bomb (10 MB of zeros compress to about 10 KB) costs at most `limit + 1` bytes of
/// output and the input zlib needed to produce them, never the whole expansion.
///
/// Choices:
/// - Exactly one stream: bytes after its end are refused, and that includes a second gzip member (RFC 1952
///   §2.2 allows several). No HTTP server we know of sends them, and accepting trailing bytes would hide
///   corruption and truncation of the kind this decoder exists to catch.
/// - `deflate` means the zlib format (RFC 9110 §8.4.1.2: RFC 1950 around RFC 1951), not raw deflate; a server
///   sending raw deflate gets ``FetchResponseError/badGzip``.
/// - A zlib stream that asks for a preset dictionary is corrupt as far as HTTP is concerned.
public enum GzipDecoder {
    /// The wrapper around the deflate data.
    public enum Format: Sendable {
        /// RFC 1952 gzip (`Content-Encoding: gzip` or `x-gzip`).
        case gzip
        /// RFC 1950 zlib (`Content-Encoding: deflate`).
        case zlib

        /// zlib's `windowBits`: 15 is the largest window (32 KiB), which any valid stream fits; + 16 selects
        /// the gzip wrapper.
        var windowBits: Int32 {
            switch self {
            case .gzip: 16 + 15
            case .zlib: 15
            }
        }
    }

    /// Output produced per `inflate` call. Small, so that the output is checked against the limit often; the
    /// cost is only more calls, and the bodies are small.
    static let chunkBytes = 16 * 1024
    /// Size of `z_stream`, which `inflateInit2_` checks against the library's own idea of it.
    static let streamSize = Int32(MemoryLayout<z_stream>.size)

    /// Decodes one complete gzip (or zlib) stream.
    ///
    /// - Parameter limit: the most output accepted (≥ 0); one byte more throws.
    /// - Throws: ``FetchResponseError/decodedBodyTooLarge(limit:)`` as soon as the output passes `limit`;
    ///   ``FetchResponseError/badGzip`` for corrupt or truncated data, or bytes after the stream.
    public static func decode(
        _ bytes: [UInt8], limit: Int, format: Format = .gzip
    ) throws(FetchResponseError) -> [UInt8] {
        try inflate(bytes, limit: limit, format: format).mapError(\.error).get().output
    }

    /// Decodes a body according to its `Content-Encoding` value (nil or `identity`: unchanged).
    ///
    /// `limit` applies to an unchanged body too, so a caller needs only this one check on the decoded size.
    ///
    /// One coding at most besides `identity`: stacking codings is legal but nothing we fetch uses it, and
    /// refusing it bounds the work to one pass. An empty body is returned as is, whatever the coding: servers
    /// send `Content-Encoding: gzip` on empty bodies, and there is nothing to inflate.
    ///
    /// - Throws: ``FetchResponseError/unsupportedContentEncoding(_:)`` for any other coding, and what
    ///   ``decode(_:limit:format:)`` throws.
    public static func decodeContent(
        _ body: [UInt8], contentEncoding: String?, limit: Int
    ) throws(FetchResponseError) -> [UInt8] {
        let codings = (contentEncoding ?? "").split(separator: ",")
            .map { ResponseParser.trimmed($0).lowercased() }
            .filter { !$0.isEmpty && $0 != "identity" }
        guard let coding = codings.first else {
            guard body.count <= limit else { throw .decodedBodyTooLarge(limit: limit) }
            return body
        }
        let format: Format
        switch coding {
        case "gzip", "x-gzip": format = .gzip
        case "deflate": format = .zlib
        default: throw .unsupportedContentEncoding(FetchResponseError.sanitizedToken(coding))
        }
        guard codings.count == 1 else {
            throw .unsupportedContentEncoding(FetchResponseError.sanitizedToken(codings.joined(separator: ",")))
        }
        if body.isEmpty { return [] }
        return try decode(body, limit: limit, format: format)
    }

    /// What one inflation produced, or why it stopped, with the counters the tests use to show that a bomb
    /// stopped early.
    struct Outcome {
        var output: [UInt8]
        /// Input bytes zlib consumed.
        var consumed: Int
    }

    /// Why inflation stopped, with the output size reached, so tests can check how far a refused stream got.
    struct Refusal: Error {
        var error: FetchResponseError
        /// Output bytes produced before stopping (at most `limit + 1`).
        var produced: Int
    }

    /// Inflates `bytes` in chunks of ``chunkBytes``, never asking zlib for more than `limit + 1` bytes in all.
    static func inflate(_ bytes: [UInt8], limit: Int, format: Format) -> Result<Outcome, Refusal> {
        precondition(limit >= 0, "a decoded-size limit must not be negative")
        // zlib counts input in 32 bits; a body that large was refused long before, but never truncate silently.
        guard bytes.count <= Int(UInt32.max) else { return .failure(Refusal(error: .badGzip, produced: 0)) }
        let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
        stream.initialize(to: z_stream())
        defer {
            stream.deinitialize(count: 1)
            stream.deallocate()
        }
        // Only fails for lack of memory; an upstream must not be able to crash us, so report rather than trap.
        guard inflateInit2_(stream, format.windowBits, zlibVersion(), streamSize) == Z_OK else {
            return .failure(Refusal(error: .badGzip, produced: 0))
        }
        defer { inflateEnd(stream) }

        var output: [UInt8] = []
        var scratch = [UInt8](repeating: 0, count: chunkBytes)
        return bytes.withUnsafeBufferPointer { input in
            // zlib's next_in is not const-qualified, but inflate never writes through it.
            stream.pointee.next_in = UnsafeMutablePointer(mutating: input.baseAddress)
            stream.pointee.avail_in = uInt(input.count)
            while true {
                // Room for one byte past the limit, which is how an oversized stream is noticed.
                let room = limit - output.count
                let ask = room < chunkBytes ? room + 1 : chunkBytes
                let (status, produced) = scratch.withUnsafeMutableBufferPointer { out in
                    stream.pointee.next_out = out.baseAddress
                    stream.pointee.avail_out = uInt(ask)
                    let status = CZlib.inflate(stream, Z_NO_FLUSH)
                    return (status, ask - Int(stream.pointee.avail_out))
                }
                guard produced <= room else {
                    let error = FetchResponseError.decodedBodyTooLarge(limit: limit)
                    return .failure(Refusal(error: error, produced: output.count + produced))
                }
                output.append(contentsOf: scratch[..<produced])
                switch status {
                case Z_OK:
                    continue  // progress was made; zlib may have more
                case Z_STREAM_END where stream.pointee.avail_in == 0:
                    return .success(Outcome(output: output, consumed: input.count))
                default:
                    // Z_STREAM_END with bytes left (trailing garbage, a second member), Z_BUF_ERROR (input ran
                    // out: truncated), Z_DATA_ERROR, Z_NEED_DICT, Z_MEM_ERROR.
                    return .failure(Refusal(error: .badGzip, produced: output.count))
                }
            }
        }
    }
}
