#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The IP address of a connection's other end: the client, or a proxy in front of it.
public struct PeerAddress: Sendable, Hashable, CustomStringConvertible {
    /// 4 bytes for IPv4, 16 for IPv6, network order. An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a `::`
    /// listener reports for an IPv4 client) is stored as its IPv4 address, so one client has one spelling.
    public let bytes: [UInt8]

    /// The address from its 4 or 16 bytes in network order; nil for any other count.
    public init?(bytes: [UInt8]) {
        switch bytes.count {
        case 4: self.bytes = bytes
        case 16 where bytes[0..<10].allSatisfy({ $0 == 0 }) && bytes[10] == 0xFF && bytes[11] == 0xFF:
            self.bytes = Array(bytes[12...])
        case 16: self.bytes = bytes
        default: return nil
        }
    }

    /// Whether this is an IPv6 address (IPv4-mapped ones are IPv4 here).
    public var isIPv6: Bool { bytes.count == 16 }

    /// The addresses the server's per-client limits count as one client: the address itself for IPv4, its /64 for
    /// IPv6 (the block one host or subscriber is commonly given, so a client cannot multiply itself by changing the
    /// low 64 bits).
    public var clientGroup: PeerAddress {
        guard isIPv6 else { return self }
        return PeerAddress(bytes: Array(bytes[0..<8]) + Array(repeating: 0, count: 8))!
    }

    /// A dotted quad, or IPv6 as `inet_ntop` prints it (`2001:db8::1`).
    public var description: String {
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN) + 1)
        let printed = bytes.withUnsafeBytes { raw in
            inet_ntop(isIPv6 ? AF_INET6 : AF_INET, raw.baseAddress, &text, socklen_t(text.count))
        }
        guard printed != nil else { return "?" }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension SocketAddress {
    /// The IP address without the port; nil for a family other than IPv4 and IPv6.
    var peerAddress: PeerAddress? {
        withSockAddr { pointer, _ -> PeerAddress? in
            switch Int32(pointer.pointee.sa_family) {
            case AF_INET:
                pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { sin in
                    withUnsafeBytes(of: sin.pointee.sin_addr) { PeerAddress(bytes: Array($0)) }
                }
            case AF_INET6:
                pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { sin6 in
                    withUnsafeBytes(of: sin6.pointee.sin6_addr) { PeerAddress(bytes: Array($0)) }
                }
            default: nil
            }
        }
    }
}
