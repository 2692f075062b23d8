/// Turns an ``HTTPResponse`` into the bytes sent on the wire, with the framing headers the server owns.
///
/// The responder sets content headers; the server sets `Content-Length`, `Date` and `Connection`
/// (whatever the responder put there is replaced, so framing can never disagree with what is sent).
/// Status line, headers and body go into one buffer so a response leaves in one `send` (no Nagle stall,
/// docs/design.md §Writing responses).
enum ResponseSerializer {
    /// The `Connection` header the server adds.
    enum ConnectionHeader: Equatable {
        /// No header: HTTP/1.1 persistence is the default.
        case none
        /// `Connection: keep-alive`, for an HTTP/1.0 client that asked to keep the connection.
        case keepAlive
        /// `Connection: close`: this is the last response on the connection.
        case close
    }

    /// Header fields the server owns; a responder's copies are dropped.
    private static let serverOwned: Set<String> = ["date", "content-length", "connection", "transfer-encoding", "keep-alive"]

    /// Appends the serialised response to `buffer`.
    ///
    /// - Parameters:
    ///   - response: what the responder (or the server, for protocol errors) produced.
    ///   - isHeadRequest: the request was HEAD: send the headers a GET would get, including the GET body's
    ///     `Content-Length`, and no body (RFC 9110 §9.3.2).
    ///   - connection: the `Connection` header to add.
    ///   - dateLine: the cached `Date: …\r\n` line.
    static func append(
        _ response: HTTPResponse, isHeadRequest: Bool, connection: ConnectionHeader,
        dateLine: [UInt8], to buffer: inout [UInt8]
    ) {
        let sendsBody = appendMessageHead(
            response, isHeadRequest: isHeadRequest, connection: connection, dateLine: dateLine, to: &buffer,
            reservingBody: true)
        if sendsBody { buffer.append(contentsOf: response.body) }
    }

    /// Appends the response's head (status line, fields, `Date`, `Connection`, the blank line) to `buffer` and
    /// says whether its body follows; the caller sends the body (``append(_:isHeadRequest:connection:dateLine:to:)``
    /// copies it in, a connection may send it from where it is). `reservingBody` makes room for the body too.
    static func appendMessageHead(
        _ response: HTTPResponse, isHeadRequest: Bool, connection: ConnectionHeader,
        dateLine: [UInt8], to buffer: inout [UInt8], reservingBody: Bool
    ) -> Bool {
        let code = response.status.code
        let bodyForbidden = (100..<200).contains(code) || code == 204 || code == 304
        let sendsBody = !isHeadRequest && !bodyForbidden
        let bodyRoom = reservingBody && sendsBody ? response.body.count : 0

        if let head = response.preparedHead {
            // Prepared once for many sends: its Content-Length is the body's, right for GET and HEAD alike.
            buffer.reserveCapacity(buffer.count + head.count + dateLine.count + 32 + bodyRoom)
            buffer.append(contentsOf: head)
        } else {
            buffer.reserveCapacity(buffer.count + 256 + bodyRoom)
            appendHead(response, isHeadRequest: isHeadRequest, to: &buffer)
        }
        buffer.append(contentsOf: dateLine)
        switch connection {
        case .none: break
        case .keepAlive: buffer.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        case .close: buffer.append(contentsOf: "Connection: close\r\n".utf8)
        }
        buffer.append(contentsOf: "\r\n".utf8)
        return sendsBody
    }

    /// The status line, the responder's valid fields and `Content-Length`, as for a GET: what
    /// ``HTTPResponse/prepared()`` keeps.
    static func head(of response: HTTPResponse) -> [UInt8] {
        var buffer: [UInt8] = []
        appendHead(response, isHeadRequest: false, to: &buffer)
        return buffer
    }

    /// Status line, fields (server-owned ones dropped, invalid ones skipped) and `Content-Length`.
    private static func appendHead(_ response: HTTPResponse, isHeadRequest: Bool, to buffer: inout [UInt8]) {
        let code = response.status.code
        buffer.append(contentsOf: "HTTP/1.1 \(code) \(response.status.reason)\r\n".utf8)

        var responderLength: String?
        for field in response.headers {
            if let owned = serverOwnedName(field.name) {
                if owned == "content-length", responderLength == nil { responderLength = field.value }
                continue
            }
            // A CR or LF from a responder would let it smuggle extra header lines or a second response.
            guard isValidFieldName(field.name), isValidFieldValue(field.value) else { continue }
            appendField(field.name, field.value, to: &buffer)
        }

        if let length = contentLength(
            code: code, bodyCount: response.body.count, isHeadRequest: isHeadRequest, responderLength: responderLength
        ) {
            appendField("Content-Length", length, to: &buffer)
        }
    }

    /// The lowercased name if the server owns this header. Names of other lengths are never lowercased:
    /// this runs for every header of every response.
    private static func serverOwnedName(_ name: String) -> String? {
        switch name.utf8.count {
        case 4, 10, 14, 17:
            let lowered = name.lowercasedASCII()
            return serverOwned.contains(lowered) ? lowered : nil
        default:
            return nil
        }
    }

    /// The `Content-Length` value to send, or nil for none.
    ///
    /// - 1xx and 204: never (RFC 9110 §8.6).
    /// - 304: only if the responder set one (it then describes the 200's body).
    /// - HEAD: the length of the body the responder produced; a responder that already dropped the
    ///   body may say the GET length itself.
    /// - Everything else: the body's length.
    static func contentLength(code: Int, bodyCount: Int, isHeadRequest: Bool, responderLength: String?) -> String? {
        if (100..<200).contains(code) || code == 204 { return nil }
        let validResponderLength = responderLength.flatMap { UInt64($0.trimmingASCIIWhitespace()) }.map(String.init)
        if code == 304 { return validResponderLength }
        if isHeadRequest, bodyCount == 0, let validResponderLength { return validResponderLength }
        return String(bodyCount)
    }

    /// A protocol-level error answered by the server itself: `text/plain` with a short reason.
    static func protocolError(_ status: HTTPStatus, reason: String) -> HTTPResponse {
        var headers = HTTPHeaders()
        if status == .methodNotAllowed { headers.add(name: "Allow", value: "GET, HEAD") }
        if status == .serviceUnavailable || status == .tooManyRequests { headers.add(name: "Retry-After", value: "1") }
        return .text(status, "\(status.code) \(status.reason): \(reason)\n", headers: headers)
    }

    private static func appendField(_ name: String, _ value: String, to buffer: inout [UInt8]) {
        buffer.append(contentsOf: name.utf8)
        buffer.append(contentsOf: ": ".utf8)
        buffer.append(contentsOf: value.utf8)
        buffer.append(contentsOf: "\r\n".utf8)
    }

    /// RFC 9110 §5.1 `token`: visible ASCII except delimiters.
    static func isValidFieldName(_ name: String) -> Bool {
        // `tchar` is exactly that set; a switch per byte, where scanning a string of delimiters per byte made
        // this the most expensive part of building a cache entry.
        !name.isEmpty && name.utf8.allSatisfy(HTTPByte.isToken)
    }

    /// RFC 9110 §5.5: no CR, LF, NUL or other controls except HTAB.
    static func isValidFieldValue(_ value: String) -> Bool {
        value.utf8.allSatisfy(HTTPByte.isFieldValue)
    }
}
