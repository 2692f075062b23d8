import RingHTTP
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Incremental HTTP/1.1 response parser for one response per connection, from an upstream we do not trust.
///
/// Feed bytes with ``feed(_:)-(UnsafeRawBufferPointer)`` as they arrive; it returns the response once it is
/// complete. At EOF call ``finish()``: it completes a body delimited by the close, and otherwise reports
/// ``FetchResponseError/truncated``. The client sends `Connection: close`, so bytes after a complete response
/// are ignored, and later calls return the same response. After an error every call throws that error again.
///
/// Bytes are handled in order and every check happens at the byte that decides it, so the outcome never
/// depends on how the input was split. Memory stays within the limits: a line is copied only as far as its
/// budget allows, and a body only after its declared size has been checked.
///
/// Choices where RFC 9110/9112 leave room (each has a test):
/// - Status line `HTTP/1.0` or `HTTP/1.1`, SP, three digits 100…599, then SP and a reason (possibly empty),
///   or nothing: `HTTP/1.1 200` without the SP is unambiguous and some servers send it.
/// - CRLF line ends; a bare LF is accepted in the status line and in header and trailer fields (RFC 9112 §2.2
///   allows exactly those), never in chunk framing. A bare CR anywhere is refused, and so is obs-fold.
/// - 1xx responses other than 101 are skipped; their heads count towards ``FetchLimits/maxHeadBytes``
///   together with the final head, so an endless stream of them trips the limit. 101 is refused.
/// - 204 and 304 have no body, whatever their framing fields say.
/// - `Transfer-Encoding` must be exactly `chunked` (any case); then `Content-Length` is ignored (RFC 9112
///   §6.3). Another coding, or chunked twice, is refused; so is any `Transfer-Encoding` in an HTTP/1.0 response
///   (RFC 9112 §6.1: faulty framing).
/// - `Content-Length` values, repeated or comma lists, must all be digits and agree (leading zeros aside); a
///   length over ``FetchLimits/maxBodyBytes`` is refused before any body byte is read.
/// - Chunk extensions are ignored; a chunk size too large for `Int` is simply over the body limit. Trailer
///   fields are checked like header fields, then discarded.
public struct ResponseParser: Sendable {
    /// The limits this parser enforces.
    public let limits: FetchLimits

    var state = State.statusLine
    /// The unfinished line (status, field, chunk-size or trailer line), copied only within its budget.
    var line: [UInt8] = []
    /// Bytes of every head so far (interim 1xx heads included), the unfinished line too.
    var headBytes = 0
    /// Bytes of the trailer section so far, the unfinished line too.
    var trailerBytes = 0
    /// Field lines in the current head or trailer section.
    var fieldCount = 0
    /// The `x` of `HTTP/1.x` in the current status line.
    var minorVersion = 1
    var status = 0
    var reason = ""
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []
    var response: ClientResponse?
    var failure: FetchResponseError?

    /// Where the parser is in the response.
    enum State: Sendable, Equatable {
        case statusLine
        case headerLines
        /// A `Content-Length` body with this many bytes still to come.
        case fixedBody(remaining: Int)
        /// No framing: the body ends when the connection closes.
        case untilClose
        case chunkSizeLine
        case chunkData(remaining: Int)
        /// The CR, then the LF, that must follow a chunk's data.
        case chunkDataCR
        case chunkDataLF
        case trailerLines
        case done
    }

    /// Creates a parser with the given limits.
    public init(limits: FetchLimits = FetchLimits()) {
        self.limits = limits
    }

    /// Consumes received bytes; returns the response once it is complete, nil while more bytes are needed.
    ///
    /// - Throws: the ``FetchResponseError`` that ends the exchange; once thrown, every later call throws it.
    public mutating func feed(_ bytes: UnsafeRawBufferPointer) throws(FetchResponseError) -> ClientResponse? {
        if let failure { throw failure }
        if let response { return response }
        var index = 0
        do {
            while index < bytes.count && state != .done {
                try step(bytes, &index)
            }
        } catch {
            fail(error)
            throw error
        }
        return response
    }

    /// ``feed(_:)-(UnsafeRawBufferPointer)`` for bytes in an array.
    public mutating func feed(_ bytes: [UInt8]) throws(FetchResponseError) -> ClientResponse? {
        try bytes.withUnsafeBytes { raw in
            Result { () throws(FetchResponseError) in try self.feed(raw) }
        }.get()
    }

    /// Reports the end of the connection: completes a close-delimited body, or returns the response that was
    /// already complete.
    ///
    /// - Throws: ``FetchResponseError/truncated`` when the response is incomplete, or the earlier error.
    public mutating func finish() throws(FetchResponseError) -> ClientResponse {
        if let failure { throw failure }
        if let response { return response }
        guard state == .untilClose else {
            fail(.truncated)
            throw .truncated
        }
        return complete()
    }

    /// Bytes the parser holds for the response in progress: the unfinished line and the body so far.
    var bufferedByteCount: Int { line.count + body.count }

    /// Handles the bytes at `index` for the current state, advancing `index` past what it consumed.
    mutating func step(_ bytes: UnsafeRawBufferPointer, _ index: inout Int) throws(FetchResponseError) {
        switch state {
        case .statusLine, .headerLines:
            let before = line.count
            let complete = try gatherLine(bytes, &index, room: limits.maxHeadBytes - headBytes, or: .headTooLarge)
            headBytes += line.count - before
            guard complete else { return }
            let content = try takeLine(strictCRLF: false)
            if state == .statusLine {
                try parseStatusLine(content)
            } else if content.isEmpty {
                try endOfHead()
            } else {
                try countField()
                headers.append(try Self.parseField(content))
            }
        case .fixedBody(let remaining):
            let take = min(remaining, bytes.count - index)
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<index + take]))
            index += take
            if take == remaining {
                complete()
            } else {
                state = .fixedBody(remaining: remaining - take)
            }
        case .untilClose:
            let available = bytes.count - index
            guard available <= limits.maxBodyBytes - body.count else {
                throw .bodyTooLarge(limit: limits.maxBodyBytes)
            }
            body.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index...]))
            index = bytes.count
        case .chunkSizeLine, .chunkData, .chunkDataCR, .chunkDataLF, .trailerLines:
            try stepChunked(bytes, &index)
        case .done:
            index = bytes.count
        }
    }

    /// Copies bytes up to and including the next LF into `line`; returns whether the line is now complete.
    ///
    /// Throws `error` without copying when the line would grow by more than `room` bytes: the search for the
    /// LF stops at `room + 1` bytes, so a line that never ends costs no more than its budget, in time or memory.
    mutating func gatherLine(
        _ bytes: UnsafeRawBufferPointer, _ index: inout Int, room: Int, or error: FetchResponseError
    ) throws(FetchResponseError) -> Bool {
        let available = bytes.count - index
        // room + 1 cannot overflow here: room < available.
        let searchEnd = index + (room < available ? room + 1 : available)
        let lineFeed = Self.firstLineFeed(bytes, from: index, to: searchEnd)
        let end = lineFeed.map { $0 + 1 } ?? searchEnd
        guard end - index <= room else { throw error }
        line.append(contentsOf: UnsafeRawBufferPointer(rebasing: bytes[index..<end]))
        index = end
        return lineFeed != nil
    }

    /// Empties `line` and returns its content without the line ending.
    ///
    /// The ending is CRLF, or with `strictCRLF == false` also a bare LF (RFC 9112 §2.2). A CR anywhere else is
    /// refused: some parsers treat a bare CR as a line end, and framing must never depend on who reads it.
    mutating func takeLine(strictCRLF: Bool) throws(FetchResponseError) -> [UInt8] {
        var content = line
        line = []
        content.removeLast()  // the LF; gatherLine completes a line only at one
        if content.last == HTTPByte.cr {
            content.removeLast()
        } else if strictCRLF {
            throw .badChunkEnd
        }
        if content.contains(HTTPByte.cr) { throw .bareCarriageReturn }
        return content
    }

    /// Counts one more field line in the current head or trailer section.
    mutating func countField() throws(FetchResponseError) {
        guard fieldCount < limits.maxHeaderFields else { throw .tooManyHeaderFields }
        fieldCount += 1
    }

    /// Publishes the response and drops the parser's own references to its parts.
    @discardableResult
    mutating func complete() -> ClientResponse {
        let finished = ClientResponse(status: status, reason: reason, headers: headers, body: body)
        response = finished
        state = .done
        line = []
        headers = []
        body = []
        return finished
    }

    /// Enters the failed state for good and frees everything buffered.
    mutating func fail(_ error: FetchResponseError) {
        failure = error
        state = .done
        line = []
        headers = []
        body = []
    }

    /// Index of the first LF in `bytes[from..<to]`, or nil. memchr is vectorised, which matters when an
    /// upstream sends long lines.
    static func firstLineFeed(_ bytes: UnsafeRawBufferPointer, from: Int, to: Int) -> Int? {
        guard let base = bytes.baseAddress, from < to else { return nil }
        guard let hit = memchr(base + from, Int32(HTTPByte.lf), to - from) else { return nil }
        return UnsafeRawPointer(hit) - base
    }
}
