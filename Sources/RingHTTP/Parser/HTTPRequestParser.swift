/// Incremental, strict HTTP/1.1 request parser over bytes, for an origin that serves GET/HEAD and accepts no
/// request content.
///
/// Feed bytes with `append(_:)` as they arrive, then call ``nextRequest()`` until it
/// returns nil (more bytes needed). Pipelined requests come out one per call, in order. The result never depends
/// on how the bytes were split between appends. Every byte is examined once: the parser remembers where it
/// stopped, so a client sending one byte at a time costs O(n), not O(n²).
///
/// After an error the parser is finished: every later ``nextRequest()`` throws the same error, and the server
/// answers `error.status` with `error.reason` and closes the connection.
///
/// Choices where RFC 9110/9112 leave room (each has a test and a row in `scripts/check/http-oracle.py`):
/// - Line ends must be CRLF; a bare LF is rejected (400) like a bare CR, so we never frame a message
///   differently from a strict peer in front of us.
/// - Up to ``maxEmptyLinesBeforeRequest`` empty lines (CRLF) before a request line are skipped; more → 400.
/// - `HTTP/1.0` and `HTTP/1.1` are accepted; `HTTP/1.2`…`HTTP/1.9` are processed as 1.1 (RFC 9110 §6.2) and
///   reported as ``HTTPVersion/http1_1``; another major (`HTTP/0.9`, `HTTP/2.0`, `HTTP/3`) → 505; anything that
///   is not `HTTP/` DIGIT [`.` DIGIT] (lowercase, two digits, missing minor for major 1) → 400.
/// - A method token longer than ``maxMethodBytes`` → 501 (longer than any method we implement, RFC 9112 §3).
/// - Any `Transfer-Encoding` → 400 (chunked content is refused with 400 too: its length is unknown, so 413
///   would be a guess). `Content-Length` > 0 → 413; any repeated `Content-Length`, even with equal values → 400.
/// - A `#fragment` in the target is tolerated and dropped from `path`/`query` (`target` keeps it).
/// - absolute-form is accepted for `http` and `https` only; its authority must be a valid, non-empty host.
/// - An empty `Host` value is accepted (RFC 9112 §3.2: what a client sends when the target has no authority).
public struct HTTPRequestParser: Sendable {
    /// The limits this parser enforces.
    public let limits: HTTPParserLimits

    /// Longest method token; longer → 501. Far above any registered method (the longest is 17 bytes).
    public static let maxMethodBytes = 32
    /// Empty lines skipped before a request line (RFC 9112 §2.2 asks for at least one); more → 400.
    /// A bound keeps a client from holding a connection open with an endless stream of CRLFs.
    public static let maxEmptyLinesBeforeRequest = 16
    /// Consumed bytes at the front of the buffer are dropped once there are at least this many and they make up
    /// half the buffer, so the copy is amortised O(1) per byte.
    static let compactionThreshold = 4096

    /// Received bytes; `buffer[..<lineStart]` is consumed and only waits for compaction.
    var buffer: [UInt8] = []
    /// Start of the line being parsed (request line or header line).
    var lineStart = 0
    /// Next byte to examine; everything in `lineStart..<scanIndex` has been checked already.
    var scanIndex = 0
    var phase = Phase.idle
    var emptyLinesSkipped = 0
    var requestLine = RequestLineProgress()
    /// The request being assembled; reset when a request line completes.
    var head = PendingHead()
    var failure: HTTPParseError?

    /// Where the parser is within the current request.
    enum Phase: Sendable {
        /// Between requests: skipping empty lines, waiting for the first byte of a request line.
        case idle
        /// Inside the request line (checked byte by byte, see `HTTPRequestParser+RequestLine.swift`).
        case requestLine
        /// Inside the header section (checked line by line, see `HTTPRequestParser+Headers.swift`).
        case headers
    }

    /// What one parsing pass produced.
    enum Step {
        case needMore
        case request(HTTPRequest)
        case failed(HTTPParseError)
    }

    /// Creates a parser with the given limits (defaults: 8 KiB target, 16 KiB header section, 100 fields).
    public init(limits: HTTPParserLimits = HTTPParserLimits()) {
        self.limits = limits
    }

    /// Appends bytes received from the socket. Bytes arriving after an error are discarded.
    public mutating func append(_ bytes: some Sequence<UInt8>) {
        guard failure == nil else { return }
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes)
    }

    /// Appends bytes straight from a read buffer, without going through a generic sequence.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        guard failure == nil else { return }
        compactIfWorthwhile()
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request; nil when more bytes are needed.
    ///
    /// - Throws: the ``HTTPParseError`` that ends the connection; once thrown, every later call throws it again.
    public mutating func nextRequest() throws(HTTPParseError) -> HTTPRequest? {
        if let failure { throw failure }
        // A second reference to the storage lets `parse` mutate `self` while reading the bytes; the buffer itself
        // is only mutated by `append`, never while this reference is alive.
        let bytes = buffer
        let step = bytes.withUnsafeBufferPointer { parse($0) }
        switch step {
        case .needMore:
            return nil
        case .request(let request):
            return request
        case .failed(let error):
            fail(error)
            throw error
        }
    }

    /// True when bytes of an unfinished request are buffered; the server runs its header-read deadline only then.
    ///
    /// Empty lines skipped before a request do not count, nor does a lone CR that may still become one: they
    /// are not a request yet, and the idle keep-alive timer covers them. False after an error.
    public var hasPartialRequest: Bool {
        var parser = self
        return parser.checkPartialRequest()
    }

    /// ``hasPartialRequest``, asked in place: the server asks after every request, and the getter on the
    /// connection's stored parser went through a copy of the whole parser (its outlined value witness, ~400
    /// instructions per request, callgrind).
    mutating func checkPartialRequest() -> Bool {
        guard failure == nil else { return false }
        switch phase {
        case .requestLine, .headers:
            return true
        case .idle:
            // Bytes appended but not parsed yet: a request has started if anything but CR/LF is there.
            return buffer[lineStart...].contains { $0 != HTTPByte.cr && $0 != HTTPByte.lf }
        }
    }

    /// Bytes received and not yet consumed by a returned request (0 after an error).
    public var bufferedByteCount: Int { buffer.count - lineStart }

    /// Enters the failed state for good and frees the buffer.
    mutating func fail(_ error: HTTPParseError) {
        failure = error
        buffer = []
        lineStart = 0
        scanIndex = 0
        head = PendingHead()
    }

    /// Drops the consumed prefix when it is entirely consumed (cheap) or large and at least half the buffer.
    mutating func compactIfWorthwhile() {
        guard lineStart > 0 else { return }
        if lineStart == buffer.count {
            buffer.removeAll(keepingCapacity: true)
        } else if lineStart >= Self.compactionThreshold && lineStart * 2 >= buffer.count {
            buffer.removeSubrange(0..<lineStart)
        } else {
            return
        }
        scanIndex -= lineStart
        lineStart = 0
    }

    /// Runs the state machine over `bytes` from `scanIndex` until a request is complete, an error, or the end.
    mutating func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Step {
        while true {
            switch phase {
            case .idle:
                if let error = skipEmptyLines(bytes) { return .failed(error) }
                guard lineStart < bytes.count, bytes[lineStart] != HTTPByte.cr else { return .needMore }
                phase = .requestLine
                requestLine = RequestLineProgress()
                scanIndex = lineStart
            case .requestLine:
                switch scanRequestLine(bytes) {
                case .needMore: return .needMore
                case .failed(let error): return .failed(error)
                case .complete(let lineFeed):
                    if let error = beginHead(bytes, lineFeed: lineFeed) { return .failed(error) }
                    phase = .headers
                    lineStart = lineFeed + 1
                    scanIndex = lineStart
                }
            case .headers:
                switch scanHeaderLine(bytes) {
                case .needMore: return .needMore
                case .failed(let error): return .failed(error)
                case .nextLine: continue
                case .endOfHead:
                    phase = .idle
                    emptyLinesSkipped = 0
                    // Judged in place, then released: copying the head out first cost a copy and a destroy of
                    // its strings and fields (value witnesses, several hundred instructions per request).
                    let finished = head.makeRequest()
                    head.release()
                    switch finished {
                    case .success(let request): return .request(request)
                    case .failure(let error): return .failed(error)
                    }
                }
            }
        }
    }

    /// Consumes CRLF pairs at `lineStart`. Stops at the first other byte, or at a CR whose LF has not arrived.
    mutating func skipEmptyLines(_ bytes: UnsafeBufferPointer<UInt8>) -> HTTPParseError? {
        while lineStart < bytes.count {
            switch bytes[lineStart] {
            case HTTPByte.lf:
                return .bareLineFeed
            case HTTPByte.cr:
                guard lineStart + 1 < bytes.count else { return nil }
                guard bytes[lineStart + 1] == HTTPByte.lf else { return .bareCarriageReturn }
                emptyLinesSkipped += 1
                guard emptyLinesSkipped <= Self.maxEmptyLinesBeforeRequest else { return .tooManyEmptyLines }
                lineStart += 2
            default:
                return nil
            }
        }
        return nil
    }
}
