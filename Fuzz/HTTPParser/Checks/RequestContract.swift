import RingHTTP

/// What every request the parser returns must satisfy, written independently of the parser's code: the
/// limits hold, the request line and fields are made of the bytes the grammar allows, and none of the
/// framing shapes that request smuggling relies on gets through (docs/design.md §Writing responses: no content, one Host, no
/// Transfer-Encoding, no repeated Content-Length).
public struct RequestContract {
    let limits: HTTPParserLimits

    public init(limits: HTTPParserLimits) { self.limits = limits }

    public func check(_ request: HTTPRequest) {
        checkRequestLine(request)
        checkTargetParts(request)
        checkFields(request)
        checkFraming(request)
    }

    func checkRequestLine(_ request: HTTPRequest) {
        let method = Array(request.method.token.utf8)
        if method.isEmpty || method.count > HTTPRequestParser.maxMethodBytes || !method.allSatisfy(Self.isToken) {
            violation("method \(request.method.token.debugDescription) is not a token of 1…\(HTTPRequestParser.maxMethodBytes) bytes", request)
        }
        if request.version != .http1_0 && request.version != .http1_1 {
            violation("version \(request.version) is neither HTTP/1.0 nor HTTP/1.1", request)
        }
        let target = Array(request.target.utf8)
        if target.isEmpty || target.count > limits.maxTargetBytes {
            violation("target of \(target.count) bytes (limit \(limits.maxTargetBytes))", request)
        }
        if !target.allSatisfy({ $0 >= 0x21 && $0 <= 0x7E }) {
            violation("target holds a byte outside visible ASCII", request)
        }
    }

    /// `path` and `query` are the target's parts (RFC 9112 §3.2), recomputed here from `target` alone.
    func checkTargetParts(_ request: HTTPRequest) {
        let target = Array(request.target.utf8)
        if request.method == .connect || request.target == "*" {
            if request.target == "*" && request.method != .options && request.method != .connect {
                violation("asterisk-form target with \(request.method.token)", request)
            }
            if request.path != request.target || request.query != nil {
                violation("\(request.method.token) target was split into path \(request.path) and a query", request)
            }
            return
        }
        var pathStart = 0
        if target.first != UInt8(ascii: "/") {
            // absolute-form: scheme "://" authority, then the path part.
            guard let colon = target.firstIndex(of: UInt8(ascii: ":")),
                let scheme = String(validating: target[..<colon], as: UTF8.self)?.lowercased(),
                scheme == "http" || scheme == "https",
                target[colon...].starts(with: Array("://".utf8))
            else {
                violation("target is neither origin-form, absolute-form with http(s), nor asterisk-form", request)
            }
            pathStart = colon + 3
            while pathStart < target.count, !"/?#".utf8.contains(target[pathStart]) { pathStart += 1 }
            if pathStart == colon + 3 { violation("absolute-form target with an empty authority", request) }
            if target[(colon + 3)..<pathStart].contains(UInt8(ascii: "@")) {
                violation("absolute-form authority with userinfo", request)
            }
        }
        var pathEnd = pathStart
        while pathEnd < target.count, target[pathEnd] != UInt8(ascii: "?"), target[pathEnd] != UInt8(ascii: "#") {
            pathEnd += 1
        }
        let path = pathEnd == pathStart ? "/" : String(decoding: target[pathStart..<pathEnd], as: UTF8.self)
        var query: String?
        if pathEnd < target.count, target[pathEnd] == UInt8(ascii: "?") {
            let queryEnd = target[(pathEnd + 1)...].firstIndex(of: UInt8(ascii: "#")) ?? target.count
            query = String(decoding: target[(pathEnd + 1)..<queryEnd], as: UTF8.self)
        }
        if request.path != path || request.query != query {
            violation("path/query are \(request.path)/\(request.query ?? "nil"), expected \(path)/\(query ?? "nil")", request)
        }
    }

    func checkFields(_ request: HTTPRequest) {
        if request.headers.count > limits.maxHeaderFields {
            violation("\(request.headers.count) fields (limit \(limits.maxHeaderFields))", request)
        }
        // A lower bound of the received section: each field line is at least `name:value` CRLF, and a value
        // decoded from bytes has at most as many scalars as it had bytes (invalid bytes become one U+FFFD each).
        let sectionBytes = request.headers.reduce(2) { $0 + $1.name.utf8.count + $1.value.unicodeScalars.count + 3 }
        if sectionBytes > limits.maxHeaderBytes {
            violation("header section of at least \(sectionBytes) bytes (limit \(limits.maxHeaderBytes))", request)
        }
        for field in request.headers {
            let name = Array(field.name.utf8)
            if name.isEmpty || !name.allSatisfy(Self.isToken) {
                violation("field name \(field.name.debugDescription) is not a token", request)
            }
            for scalar in field.value.unicodeScalars where (scalar.value < 0x20 && scalar != "\t") || scalar.value == 0x7F {
                violation("field \(field.name) holds control character U+\(String(scalar.value, radix: 16))", request)
            }
            if let first = field.value.unicodeScalars.first, first == " " || first == "\t" {
                violation("field \(field.name) value starts with whitespace", request)
            }
            if let last = field.value.unicodeScalars.last, last == " " || last == "\t" {
                violation("field \(field.name) value ends with whitespace", request)
            }
        }
    }

    /// No content, no ambiguity about where the next request starts, one Host, only `100-continue`.
    func checkFraming(_ request: HTTPRequest) {
        let headers = request.headers
        if !headers.values(for: "Transfer-Encoding").isEmpty {
            violation("Transfer-Encoding accepted", request)
        }
        let lengths = headers.values(for: "Content-Length")
        if lengths.count > 1 { violation("\(lengths.count) Content-Length fields accepted", request) }
        if let length = lengths.first, length.isEmpty || !length.utf8.allSatisfy({ $0 == UInt8(ascii: "0") }) {
            violation("Content-Length \(length.debugDescription) accepted", request)
        }
        let hosts = headers.values(for: "Host").count
        if hosts > 1 || (request.version == .http1_1 && hosts == 0) {
            violation("\(hosts) Host fields accepted in \(request.version)", request)
        }
        for value in headers.values(for: "Expect") {
            for element in value.split(separator: ",") {
                let trimmed = element.trimmingWhitespace()
                if !trimmed.isEmpty && trimmed.lowercased() != "100-continue" {
                    violation("Expect: \(value.debugDescription) accepted", request)
                }
            }
        }
    }

    /// `tchar` (RFC 9110 §5.6.2), spelled out as characters so it does not share a table with the parser.
    static func isToken(_ b: UInt8) -> Bool {
        guard b < 0x80 else { return false }
        let c = Character(Unicode.Scalar(b))
        return c.isASCII && (c.isLetter || c.isNumber || "!#$%&'*+-.^_`|~".contains(c))
    }

    func violation(_ what: String, _ request: HTTPRequest) -> Never {
        fuzzFailure("\(what): \(request)")
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's OWS).
    func trimmingWhitespace() -> Substring {
        var s = self
        while let f = s.first, f == " " || f == "\t" { s.removeFirst() }
        while let l = s.last, l == " " || l == "\t" { s.removeLast() }
        return s
    }
}

/// Stops the run with a message; libFuzzer reports the trap as a crash and saves the input.
public func fuzzFailure(_ message: String) -> Never {
    fatalError("HTTPParser fuzz invariant: \(message)")
}
