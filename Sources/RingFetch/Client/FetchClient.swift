/// ringd's outbound HTTP/1.1 client for `src` documents (docs/design.md §Sources): one `GET` per call, over TLS
/// unless the policy allows plain HTTP, within one deadline, to addresses the policy checked.
///
/// Every hop (the first URL and each redirect) goes through the same steps, in this order, so nothing leaves
/// the machine for a destination the policy refuses:
/// 1. the URL's scheme and host name against ``AddressPolicy/check(_:)`` (no lookup yet);
/// 2. one lookup of the name (``HostResolver``), every address against ``AddressPolicy/check(_:for:)``;
/// 3. a connection to a checked address itself (never the name again: no DNS rebinding between check and use).
///
/// Nothing from the client's request is sent: the request carries only `Host`, `User-Agent`, `Accept`,
/// `Accept-Encoding` and `Connection: close`. Blocking: call it on a thread of its own (ringd's fetch pool).
public struct FetchClient: Sendable {
    public let configuration: FetchConfiguration
    let tls: TLSContext
    /// Looks a host name up (the system's resolver unless a test gives another).
    let resolve: Resolver

    /// A host name's addresses, or why there are none.
    public typealias Resolver = @Sendable (_ host: String) -> Result<[IPAddress], FetchError>

    /// Status codes followed as redirects (RFC 9110 §15.4; 300 and 305 are not redirects one can follow blindly).
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]
    /// Bytes read from the socket per call.
    static let readChunk = 16 * 1024

    /// - Parameter resolver: replaces `getaddrinfo` (tests: a name that "resolves" to a private address).
    public init(configuration: FetchConfiguration, resolver: Resolver? = nil) throws(TLSContext.SetupError) {
        self.configuration = configuration
        self.tls = try TLSContext(caFile: configuration.caFile)
        self.resolve = resolver ?? { HostResolver.addresses(of: $0) }
    }

    /// Fetches `url`, following up to ``FetchConfiguration/maxRedirects`` redirects.
    public func fetch(_ url: SourceURL) -> Result<FetchedDocument, FetchError> {
        let deadline = FetchDeadline(after: configuration.totalTimeout)
        var url = url
        var hops = 0
        while true {
            let response: ClientResponse
            do {
                response = try exchange(url, deadline: deadline)
            } catch {
                return .failure(error)
            }
            if Self.redirectStatuses.contains(response.status) {
                guard hops < configuration.maxRedirects else {
                    return .failure(.redirect("more than \(configuration.maxRedirects) redirects"))
                }
                guard let location = response.header("location"), !location.isEmpty else {
                    return .failure(.redirect("a redirect (HTTP \(response.status)) without a Location"))
                }
                do {
                    url = try url.resolving(location)
                } catch {
                    return .failure(.redirect("a redirect to an unusable URL: \(error)"))
                }
                hops += 1
                continue
            }
            guard (200..<300).contains(response.status) else { return .failure(.status(response.status)) }
            let body: [UInt8]
            do {
                body = try Self.decodedBody(response, limit: configuration.limits.maxBodyBytes)
            } catch {
                return .failure(.response(error))
            }
            let directives = CacheDirectives(response.headers("cache-control").joined(separator: ","))
            return .success(FetchedDocument(url: url, status: response.status, body: body, cacheDirectives: directives))
        }
    }

    /// The body as sent, decoded when `Content-Encoding` is gzip or deflate (the only codings asked for).
    static func decodedBody(_ response: ClientResponse, limit: Int) throws(FetchResponseError) -> [UInt8] {
        try GzipDecoder.decodeContent(response.body, contentEncoding: response.header("content-encoding"), limit: limit)
    }

    /// One request and its response: check, resolve, check, connect, (TLS,) send, read.
    func exchange(_ url: SourceURL, deadline: FetchDeadline) throws(FetchError) -> ClientResponse {
        let policy = configuration.policy
        if let refusal = policy.check(url) { throw .refused(refusal) }
        let candidates: [IPAddress]
        switch url.host {
        case .address(let address): candidates = [address]
        case .name(let name):
            switch HostResolver.addresses(of: name, deadline: deadline, lookup: resolve) {
            case .success(let found): candidates = found
            case .failure(let error): throw error
            }
        }
        // Only checked addresses are dialled. A name with one refused address among public ones is not
        // refused outright (dual-stack hosts list several); it is refused when no address is left.
        var permitted: [IPAddress] = []
        var firstRefusal: SourceRefusal?
        for address in candidates {
            if let refusal = policy.check(address, for: url) {
                firstRefusal = firstRefusal ?? refusal
            } else {
                permitted.append(address)
            }
        }
        guard !permitted.isEmpty else { throw .refused(firstRefusal ?? SourceRefusal("\(url.host) has no address")) }
        guard deadline.remainingMilliseconds() != nil else { throw deadline.timedOut }

        var socket: FetchSocket?
        var lastError: FetchError?
        for address in permitted {
            do {
                socket = try FetchSocket.connect(
                    to: address, port: url.port, timeout: configuration.connectTimeout, deadline: deadline)
                break
            } catch {
                if case .timedOut = error { throw error }
                lastError = error
            }
        }
        guard let socket else { throw lastError ?? deadline.timedOut }
        let stream: any FetchStream
        if url.scheme == .https {
            stream = try TLSStream(socket: socket, host: url.host, context: tls, deadline: deadline)
        } else {
            stream = socket
        }
        defer { stream.close() }
        try stream.writeAll(request(for: url), deadline: deadline)
        var parser = ResponseParser(limits: configuration.limits)
        // withUnsafeMutableBytes rethrows untyped errors; a buffer of our own keeps the fetch's errors typed.
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.readChunk, alignment: 1)
        defer { buffer.deallocate() }
        while true {
            let count = try stream.read(into: buffer, deadline: deadline)
            do throws(FetchResponseError) {
                if count == 0 { return try parser.finish() }
                if let response = try parser.feed(UnsafeRawBufferPointer(rebasing: buffer[..<count])) { return response }
            } catch {
                throw .response(error)
            }
        }
    }

    /// The request head: nothing of the client's request, only what the fetch itself needs.
    func request(for url: SourceURL) -> [UInt8] {
        Array(("GET \(url.target) HTTP/1.1\r\n"
            + "Host: \(url.hostHeader)\r\n"
            + "User-Agent: \(configuration.userAgent)\r\n"
            + "Accept: application/json\r\n"
            + "Accept-Encoding: gzip\r\n"
            + "Connection: close\r\n\r\n").utf8)
    }
}
