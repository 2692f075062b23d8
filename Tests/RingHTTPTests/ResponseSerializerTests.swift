import Testing
@testable import RingHTTP

@Suite struct ResponseSerializerTests {
    let dateLine = Array("Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n".utf8)

    func serialize(
        _ response: HTTPResponse, head: Bool = false, connection: ResponseSerializer.ConnectionHeader = .none
    ) -> String {
        var buffer: [UInt8] = []
        ResponseSerializer.append(response, isHeadRequest: head, connection: connection, dateLine: dateLine, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test func getResponseHasStatusHeadersLengthDateAndBody() {
        let response = HTTPResponse(status: .ok, headers: HTTPHeaders([("Content-Type", "image/png"), ("ETag", "\"k\"")]), body: Array("abc".utf8))
        #expect(
            serialize(response)
                == "HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nETag: \"k\"\r\nContent-Length: 3\r\n"
                + "Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n\r\nabc")
    }

    @Test func headGetsTheGetHeadersAndNoBody() {
        let response = HTTPResponse(status: .ok, headers: HTTPHeaders([("Content-Type", "image/svg+xml")]), body: Array(repeating: 65, count: 1234))
        let text = serialize(response, head: true)
        #expect(text.contains("Content-Length: 1234\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
        #expect(!text.contains("AAAA"))
    }

    @Test func headResponderMayStateTheGetLengthItself() {
        let response = HTTPResponse(status: .ok, headers: HTTPHeaders([("Content-Length", "777")]), body: [])
        #expect(serialize(response, head: true).contains("Content-Length: 777\r\n"))
        // For GET the body decides; a wrong responder value never reaches the wire.
        #expect(serialize(response).contains("Content-Length: 0\r\n"))
        #expect(!serialize(response).contains("777"))
    }

    @Test func notModifiedHasNoBodyAndOnlyTheRespondersLength() {
        let bare = HTTPResponse(status: .notModified, headers: HTTPHeaders([("ETag", "\"k\"")]), body: Array("ignored".utf8))
        let text = serialize(bare)
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
        let withLength = HTTPResponse(status: .notModified, headers: HTTPHeaders([("Content-Length", "42")]))
        #expect(serialize(withLength).contains("Content-Length: 42\r\n"))
    }

    @Test func noContentHasNeitherBodyNorLength() {
        let text = serialize(HTTPResponse(status: HTTPStatus(code: 204, reason: "No Content"), body: [1, 2]))
        #expect(!text.contains("Content-Length"))
        #expect(text.hasSuffix("\r\n\r\n"))
    }

    @Test(arguments: [
        (ResponseSerializer.ConnectionHeader.none, nil),
        (.keepAlive, "Connection: keep-alive\r\n"),
        (.close, "Connection: close\r\n"),
    ] as [(ResponseSerializer.ConnectionHeader, String?)])
    func connectionHeader(_ connection: ResponseSerializer.ConnectionHeader, expected: String?) {
        let text = serialize(.text(.ok, "x"), connection: connection)
        if let expected {
            #expect(text.contains(expected))
        } else {
            #expect(!text.contains("Connection"))
        }
    }

    @Test func serverOwnedHeadersFromTheResponderAreReplaced() {
        let headers = HTTPHeaders([
            ("Date", "yesterday"), ("connection", "keep-alive"), ("Transfer-Encoding", "chunked"), ("Content-Length", "99"),
            ("X-Kept", "yes"),
        ])
        let text = serialize(HTTPResponse(status: .ok, headers: headers, body: [1]), connection: .close)
        #expect(!text.contains("yesterday"))
        #expect(!text.contains("chunked"))
        #expect(!text.contains("keep-alive"))
        #expect(text.contains("Content-Length: 1\r\n"))
        #expect(text.contains("X-Kept: yes\r\n"))
        #expect(text.ranges(of: "Connection:").count == 1)
    }

    @Test func fieldsThatCouldSplitTheResponseAreDropped() {
        let headers = HTTPHeaders([("X-Evil", "a\r\nSet-Cookie: x=1"), ("Bad Name", "v"), ("X-Nul", "a\u{0}b"), ("X-Tab", "a\tb")])
        let text = serialize(HTTPResponse(status: .ok, headers: headers))
        #expect(!text.contains("Set-Cookie"))
        #expect(!text.contains("Bad Name"))
        #expect(!text.contains("X-Nul"))
        #expect(text.contains("X-Tab: a\tb\r\n"))
    }

    /// Every ASCII byte in a field name and a field value, against RFC 9110's rules spelled out here byte by byte
    /// (`token`: visible ASCII except the delimiters; a value: no controls but HTAB, no DEL).
    @Test func fieldNamesAreTokensAndValuesHaveNoControls() {
        let delimiters = Array("\"(),/:;<=>?@[\\]{}".utf8)
        for byte in UInt8(0)..<0x80 {
            let text = String(decoding: [byte], as: UTF8.self)
            let token = byte > 0x20 && byte < 0x7F && !delimiters.contains(byte)
            #expect(ResponseSerializer.isValidFieldName("X" + text + "y") == token, "name byte \(byte)")
            let allowed = (byte >= 0x20 && byte != 0x7F) || byte == 0x09
            #expect(ResponseSerializer.isValidFieldValue("a" + text + "b") == allowed, "value byte \(byte)")
        }
        #expect(!ResponseSerializer.isValidFieldName(""))
        #expect(!ResponseSerializer.isValidFieldName("Caf\u{E9}"))
        #expect(ResponseSerializer.isValidFieldValue("caf\u{E9}"))  // obs-text
    }

    @Test func protocolErrorsArePlainTextWithAReason() {
        let notAllowed = ResponseSerializer.protocolError(.methodNotAllowed, reason: "only GET and HEAD are allowed")
        #expect(notAllowed.headers["Allow"] == "GET, HEAD")
        #expect(notAllowed.headers["Content-Type"] == "text/plain; charset=utf-8")
        #expect(String(decoding: notAllowed.body, as: UTF8.self) == "405 Method Not Allowed: only GET and HEAD are allowed\n")
        #expect(ResponseSerializer.protocolError(.serviceUnavailable, reason: "busy").headers["Retry-After"] == "1")
        #expect(ResponseSerializer.protocolError(.badRequest, reason: "x").headers["Allow"] == nil)
    }

    @Test func pipelinedResponsesAppendToOneBuffer() {
        var buffer: [UInt8] = []
        for index in 0..<3 {
            ResponseSerializer.append(.text(.ok, "\(index)"), isHeadRequest: false, connection: .none, dateLine: dateLine, to: &buffer)
        }
        let text = String(decoding: buffer, as: UTF8.self)
        #expect(text.ranges(of: "HTTP/1.1 200 OK").count == 3)
        #expect(text.hasSuffix("\r\n\r\n2"))
    }

    /// A responder's `Connection: close` ends the connection whether or not the response was prepared, and a
    /// prepared response that is changed afterwards is judged by its new fields.
    @Test func responderCloseIsSeenOnPreparedResponses() {
        let closing = HTTPResponse(status: .ok, headers: HTTPHeaders([("Connection", "Close")]), body: [1])
        #expect(closing.asksToClose)
        var prepared = closing.prepared()
        #expect(prepared.isPrepared && prepared.asksToClose)
        prepared.headers = HTTPHeaders([("Connection", "keep-alive")])
        #expect(!prepared.isPrepared && !prepared.asksToClose)
        let plain = HTTPResponse(status: .ok, headers: HTTPHeaders([("Content-Type", "image/png")]), body: [1]).prepared()
        #expect(plain.isPrepared && !plain.asksToClose)
    }
}

