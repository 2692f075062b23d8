/// Every error the request parser produces, one constant each, so tests and the server compare exact values.
///
/// Reasons are short, fixed and never echo client bytes: the server sends them as the response body.
extension HTTPParseError {
    // MARK: Line structure (RFC 9112 §2.2)
    static let bareLineFeed = HTTPParseError(.badRequest, "bare LF line ending")
    static let bareCarriageReturn = HTTPParseError(.badRequest, "bare CR in request")
    static let tooManyEmptyLines = HTTPParseError(.badRequest, "too many empty lines before request line")

    // MARK: Request line (RFC 9112 §3)
    static let leadingWhitespace = HTTPParseError(.badRequest, "whitespace at start of request line")
    static let invalidMethod = HTTPParseError(.badRequest, "invalid character in method")
    static let methodTooLong = HTTPParseError(.notImplemented, "method too long")
    static let extraWhitespace = HTTPParseError(.badRequest, "extra whitespace in request line")
    static let missingVersion = HTTPParseError(.badRequest, "missing HTTP version in request line")
    static let malformedVersion = HTTPParseError(.badRequest, "malformed HTTP version")
    static let versionNotSupported = HTTPParseError(.httpVersionNotSupported, "HTTP version not supported")

    // MARK: Request target (RFC 9112 §3.2)
    static let targetTooLong = HTTPParseError(.uriTooLong, "request-target too long")
    static let invalidTargetByte = HTTPParseError(.badRequest, "invalid character in request-target")
    static let invalidTarget = HTTPParseError(.badRequest, "invalid request-target")
    static let asteriskNotOptions = HTTPParseError(.badRequest, "asterisk-form target is only allowed with OPTIONS")
    static let connectNeedsAuthority = HTTPParseError(.badRequest, "CONNECT requires an authority-form target")
    static let unsupportedScheme = HTTPParseError(.badRequest, "unsupported scheme in absolute-form target")
    static let invalidAuthority = HTTPParseError(.badRequest, "invalid authority in request-target")

    // MARK: Header fields (RFC 9112 §5, RFC 9110 §5.5)
    static let whitespaceBeforeFirstField = HTTPParseError(.badRequest, "whitespace before first header field")
    static let obsoleteLineFolding = HTTPParseError(.badRequest, "obsolete line folding in header field")
    static let missingColon = HTTPParseError(.badRequest, "header field without colon")
    static let emptyFieldName = HTTPParseError(.badRequest, "empty header field name")
    static let whitespaceBeforeColon = HTTPParseError(.badRequest, "whitespace before colon in header field")
    static let whitespaceInFieldName = HTTPParseError(.badRequest, "whitespace in header field name")
    static let invalidFieldName = HTTPParseError(.badRequest, "invalid character in header field name")
    static let invalidFieldValue = HTTPParseError(.badRequest, "invalid character in header field value")
    static let headerSectionTooLarge = HTTPParseError(.requestHeaderFieldsTooLarge, "header section too large")
    static let tooManyFields = HTTPParseError(.requestHeaderFieldsTooLarge, "too many header fields")

    // MARK: Framing (RFC 9112 §6) — ringd accepts no request content
    static let transferEncodingInHTTP10 = HTTPParseError(.badRequest, "Transfer-Encoding in HTTP/1.0 request")
    static let contentLengthAndTransferEncoding = HTTPParseError(.badRequest, "both Content-Length and Transfer-Encoding")
    static let transferEncodingNotChunked = HTTPParseError(.badRequest, "Transfer-Encoding must end in chunked")
    static let chunkedNotAccepted = HTTPParseError(.badRequest, "chunked request content not accepted")
    static let multipleContentLengths = HTTPParseError(.badRequest, "multiple Content-Length values")
    static let invalidContentLength = HTTPParseError(.badRequest, "invalid Content-Length")
    static let contentNotAccepted = HTTPParseError(.contentTooLarge, "request content not accepted")

    // MARK: Host (RFC 9112 §3.2) and Expect (RFC 9110 §10.1.1)
    static let missingHost = HTTPParseError(.badRequest, "missing Host header")
    static let multipleHosts = HTTPParseError(.badRequest, "multiple Host headers")
    static let invalidHost = HTTPParseError(.badRequest, "invalid Host header")
    static let unsupportedExpectation = HTTPParseError(.expectationFailed, "unsupported expectation")
}
