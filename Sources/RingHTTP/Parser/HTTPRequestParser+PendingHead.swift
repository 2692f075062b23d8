/// The request being assembled while its header section arrives, plus the facts about framing, Host and
/// Expect that decide, once the section is complete, whether it may be returned.
extension HTTPRequestParser {
    struct PendingHead: Sendable {
        var method = HTTPMethod.get
        var target = HTTPRequestTarget.root
        var version = HTTPVersion.http1_1
        var headers = HTTPHeaders()
        /// What the fields said so far, judged in `makeRequest()`: plain values, so a new request starts them
        /// over with one assignment.
        var facts = Facts()

        /// The header section's size so far and what its framing, Host and Expect fields said.
        struct Facts: Sendable {
            /// Bytes of the header section so far (lines with their CRLFs).
            var headerBytes = 0
            var hostCount = 0
            var hostIsValid = true
            var contentLengthCount = 0
            var contentLengthIsList = false
            var contentLengthIsValid = true
            var contentLengthIsPositive = false
            var hasTransferEncoding = false
            var transferEncodingEndsInChunked = false
            var hasUnsupportedExpectation = false
        }

        init() {}

        /// Starts the head of a new request in place, forgetting the last one's facts. In place rather than
        /// by assigning a new head: a whole-head assignment went through the struct's outlined value witnesses
        /// (copy, assign, destroy: several hundred instructions per request, callgrind).
        mutating func begin(method: HTTPMethod, target: HTTPRequestTarget, version: HTTPVersion) {
            self.method = method
            self.target = target
            self.version = version
            facts = Facts()
            headers = HTTPHeaders()
            // One allocation for the fields of most requests: grown from empty, a browser's dozen fields took
            // several, each copying the fields before it.
            headers.reserveCapacity(bytes: Self.expectedFieldBytes)
        }

        /// Lets go of the finished request's target and fields (the request holds its own references now), so
        /// an idle connection keeps none of them.
        mutating func release() {
            target = HTTPRequestTarget.root
            headers = HTTPHeaders()
        }

        /// Bytes of fields most clients send at most, with their lengths (a browser's dozen fields for an
        /// image about 600; image proxies and `curl` far fewer).
        static let expectedFieldBytes = 1024

        /// Records what a framing, Host or Expect field says; judged later in `makeRequest()`.
        mutating func note(_ field: KnownField, _ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) {
            switch field {
            case .host:
                facts.hostCount += 1
                facts.hostIsValid = facts.hostIsValid
                    && HTTPHostSyntax.isValid(bytes, value, requireHost: false, requirePort: false)
            case .contentLength:
                // `Content-Length = 1*DIGIT`. Lists ("5, 5") and repeats are refused even when equal: framing
                // headers are where smuggling happens, and no client needs to send them twice.
                facts.contentLengthCount += 1
                var sawDigit = false
                for i in value {
                    let b = bytes[i]
                    if b == HTTPByte.comma { facts.contentLengthIsList = true }
                    if !HTTPByte.isDigit(b) { facts.contentLengthIsValid = false }
                    if b != 0x30 && HTTPByte.isDigit(b) { facts.contentLengthIsPositive = true }
                    sawDigit = sawDigit || HTTPByte.isDigit(b)
                }
                if !sawDigit { facts.contentLengthIsValid = false }
            case .transferEncoding:
                facts.hasTransferEncoding = true
                if let last = Self.listElements(bytes, value).last {
                    facts.transferEncodingEndsInChunked = HTTPByte.equalsIgnoringCase(bytes, last, "chunked")
                }
            case .expect:
                for element in Self.listElements(bytes, value)
                where !HTTPByte.equalsIgnoringCase(bytes, element, "100-continue") {
                    facts.hasUnsupportedExpectation = true
                }
            }
        }

        /// The finished request, or why it is refused. Checks run in a fixed order, so a request with several
        /// faults always gets the same answer: framing (400) → Content-Length syntax (400) → Host (400) →
        /// content present (413) → expectation (417).
        func makeRequest() -> Result<HTTPRequest, HTTPParseError> {
            if facts.hasTransferEncoding {
                // RFC 9112 §6.1 and §6.3: TE in 1.0 is faulty framing, CL+TE may be rejected, TE not ending in
                // chunked MUST be 400. A chunked body we could frame but do not accept.
                if version == .http1_0 { return .failure(.transferEncodingInHTTP10) }
                if facts.contentLengthCount > 0 { return .failure(.contentLengthAndTransferEncoding) }
                if !facts.transferEncodingEndsInChunked { return .failure(.transferEncodingNotChunked) }
                return .failure(.chunkedNotAccepted)
            }
            if facts.contentLengthCount > 1 || facts.contentLengthIsList { return .failure(.multipleContentLengths) }
            if !facts.contentLengthIsValid { return .failure(.invalidContentLength) }
            // RFC 9112 §3.2: MUST 400 for a 1.1 request without Host, and for any request with several or an
            // invalid one. absolute-form still needs the field; its value is then ignored.
            if version != .http1_0 && facts.hostCount == 0 { return .failure(.missingHost) }
            if facts.hostCount > 1 { return .failure(.multipleHosts) }
            if !facts.hostIsValid { return .failure(.invalidHost) }
            if facts.contentLengthIsPositive { return .failure(.contentNotAccepted) }
            // RFC 9110 §10.1.1: 100-continue without content needs no 100; anything else we cannot meet.
            if facts.hasUnsupportedExpectation { return .failure(.unsupportedExpectation) }
            return .success(
                HTTPRequest(
                    method: method, target: target.raw, path: target.path, query: target.query,
                    version: version, headers: headers))
        }

        /// The non-empty elements of a comma-separated list value, each trimmed of OWS (RFC 9110 §5.6.1).
        static func listElements(_ bytes: UnsafeBufferPointer<UInt8>, _ value: Range<Int>) -> [Range<Int>] {
            var elements: [Range<Int>] = []
            var start = value.lowerBound
            for i in value.lowerBound...value.upperBound where i == value.upperBound || bytes[i] == HTTPByte.comma {
                let element = HTTPByte.trimmingWhitespace(bytes, start..<i)
                if !element.isEmpty { elements.append(element) }
                start = i + 1
            }
            return elements
        }
    }
}
