#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking HTTP/1.1 client on one loopback socket, for live tests: sends raw bytes, reads responses
/// framed by `Content-Length`. Every read has a timeout, so a hung server fails a test instead of hanging it.
final class TestClient {
    struct Response {
        var status: Int
        var headers: [(name: String, value: String)]
        var body: [UInt8]

        func header(_ name: String) -> String? {
            headers.first { $0.name.lowercased() == name.lowercased() }?.value
        }

        /// Header fields except `Date` (which may tick between two responses), for comparisons.
        var headersWithoutDate: [String] {
            headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" }
        }
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let descriptor: Int32
    private var buffer: [UInt8] = []

    init(port: Int, receiveTimeoutSeconds: Int = 10, receiveBufferBytes: Int? = nil) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        var timeout = timeval(tv_sec: receiveTimeoutSeconds, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if var bytes = receiveBufferBytes.map(Int32.init) {
            setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &bytes, socklen_t(MemoryLayout<Int32>.size))
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let status = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard status == 0 else {
            close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends all of `text`.
    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: errno \(errno)") }
            offset += n
        }
    }

    /// Sends a GET (or another method) for `target` with `headers`.
    func request(_ target: String, method: String = "GET", _ headers: [String] = []) throws {
        try send("\(method) \(target) HTTP/1.1\r\nHost: test\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
    }

    /// Reads one response. `bodyless` for HEAD requests (the body is announced but not sent).
    func readResponse(bodyless: Bool = false) throws -> Response {
        let headEnd = try readUntilHeadEnd()
        let head = String(decoding: buffer[..<headEnd], as: UTF8.self)
        buffer.removeFirst(headEnd + 4)
        var lines = head.split(separator: "\r\n", omittingEmptySubsequences: false)
        let statusLine = lines.removeFirst().split(separator: " ")
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else {
            throw Failure(description: "bad status line in \(head)")
        }
        let headers = lines.map { line -> (name: String, value: String) in
            let colon = line.firstIndex(of: ":")!
            return (String(line[..<colon]), String(line[line.index(after: colon)...].drop { $0 == " " }))
        }
        var response = Response(status: status, headers: headers, body: [])
        let length = bodyless || status == 304 ? 0 : Int(response.header("Content-Length") ?? "0")!
        while buffer.count < length { try fill() }
        response.body = Array(buffer[..<length])
        buffer.removeFirst(length)
        return response
    }

    /// Sends a GET and reads its response.
    func get(_ target: String, _ headers: [String] = []) throws -> Response {
        try request(target, headers)
        return try readResponse()
    }

    private func readUntilHeadEnd() throws -> Int {
        while true {
            if buffer.count >= 4 {
                for i in 0...(buffer.count - 4)
                where buffer[i] == 13 && buffer[i + 1] == 10 && buffer[i + 2] == 13 && buffer[i + 3] == 10 {
                    return i
                }
            }
            try fill()
        }
    }

    private func fill() throws {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        guard n > 0 else { throw Failure(description: n == 0 ? "connection closed" : "recv: errno \(errno)") }
        buffer.append(contentsOf: chunk[..<n])
    }
}
