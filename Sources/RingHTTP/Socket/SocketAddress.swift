#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An IPv4 or IPv6 socket address (host + port), as used to bind the listener and to report where it is.
public struct SocketAddress: Sendable, CustomStringConvertible {
    /// Why a host string could not be turned into an address.
    public struct ResolutionError: Error, Sendable, Hashable, CustomStringConvertible {
        public let host: String
        public let message: String
        public var description: String { "cannot resolve listen host \"\(host)\": \(message)" }
    }

    /// The address family of an IP address.
    public enum Family: Sendable, Hashable {
        case ipv4, ipv6
    }

    private var storage: sockaddr_storage
    private(set) var length: socklen_t

    /// Resolves a listen host and a port.
    ///
    /// - Parameters:
    ///   - host: an IPv4 literal (`127.0.0.1`, `0.0.0.0`), an IPv6 literal with or without brackets
    ///     (`::1`, `[::]`), or a name such as `localhost` (first result of `getaddrinfo`).
    ///   - port: 0 … 65535; 0 lets the kernel pick a free port.
    public init(host: String, port: Int) throws(ResolutionError) {
        guard (0...65_535).contains(port) else {
            throw ResolutionError(host: host, message: "port \(port) is outside 0…65535")
        }
        var literal = host
        if literal.hasPrefix("["), literal.hasSuffix("]") { literal = String(literal.dropFirst().dropLast()) }

        var storage = sockaddr_storage()
        var v4 = in_addr()
        var v6 = in6_addr()
        if inet_pton(AF_INET, literal, &v4) == 1 {
            var sin = sockaddr_in()
            sin.sin_family = sa_family_t(AF_INET)
            sin.sin_port = UInt16(port).bigEndian
            sin.sin_addr = v4
            Self.copy(&sin, into: &storage)
            self.init(storage: storage, length: socklen_t(MemoryLayout<sockaddr_in>.size))
        } else if inet_pton(AF_INET6, literal, &v6) == 1 {
            var sin6 = sockaddr_in6()
            sin6.sin6_family = sa_family_t(AF_INET6)
            sin6.sin6_port = UInt16(port).bigEndian
            sin6.sin6_addr = v6
            Self.copy(&sin6, into: &storage)
            self.init(storage: storage, length: socklen_t(MemoryLayout<sockaddr_in6>.size))
        } else {
            self = try Self.lookUp(host: literal, port: port)
        }
    }

    init(storage: sockaddr_storage, length: socklen_t) {
        self.storage = storage
        self.length = length
    }

    /// IPv4 or IPv6.
    public var family: Family {
        Int32(storage.ss_family) == AF_INET6 ? .ipv6 : .ipv4
    }

    /// The port in host byte order.
    public var port: Int {
        withSockAddr { pointer, _ in
            switch family {
            case .ipv4:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
            case .ipv6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        }
    }

    /// The numeric host, e.g. `127.0.0.1` or `::1`.
    public var host: String {
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let written: UnsafePointer<CChar>? = withSockAddr { pointer, _ in
            switch family {
            case .ipv4:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                    withUnsafePointer(to: sin.pointee.sin_addr) {
                        inet_ntop(AF_INET, $0, &buffer, socklen_t(buffer.count))
                    }
                }
            case .ipv6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                    withUnsafePointer(to: sin6.pointee.sin6_addr) {
                        inet_ntop(AF_INET6, $0, &buffer, socklen_t(buffer.count))
                    }
                }
            }
        }
        guard written != nil else { return "?" }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// `127.0.0.1:8080` or `[::1]:8080`.
    public var description: String {
        family == .ipv6 ? "[\(host)]:\(port)" : "\(host):\(port)"
    }

    /// Whether this is the IPv6 unspecified address `::` (bound dual-stack).
    var isIPv6Unspecified: Bool {
        guard family == .ipv6 else { return false }
        return withSockAddr { pointer, _ in
            pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                withUnsafeBytes(of: sin6.pointee.sin6_addr) { $0.allSatisfy { $0 == 0 } }
            }
        }
    }

    /// Calls `body` with the address as a `sockaddr` pointer and its length, as `bind`/`connect` want it.
    func withSockAddr<R, E: Error>(_ body: (UnsafePointer<sockaddr>, socklen_t) throws(E) -> R) throws(E) -> R {
        let length = length
        return try withUnsafePointer(to: storage) { (pointer) throws(E) -> R in
            try pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { (address) throws(E) -> R in
                try body(address, length)
            }
        }
    }

    private static func copy<T>(_ address: inout T, into storage: inout sockaddr_storage) {
        withUnsafeBytes(of: &address) { source in
            withUnsafeMutableBytes(of: &storage) { $0.copyMemory(from: source) }
        }
    }

    /// Name lookup for hosts that are not literals (`localhost`). Takes the first stream address.
    private static func lookUp(host: String, port: Int) throws(ResolutionError) -> SocketAddress {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        #if canImport(Glibc)
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        #else
        hints.ai_socktype = SOCK_STREAM
        #endif
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw ResolutionError(host: host, message: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(list) }
        var storage = sockaddr_storage()
        let length = first.pointee.ai_addrlen
        withUnsafeMutableBytes(of: &storage) { target in
            target.copyMemory(from: UnsafeRawBufferPointer(start: first.pointee.ai_addr, count: Int(length)))
        }
        return SocketAddress(storage: storage, length: length)
    }
}
