#if canImport(Glibc)
import Glibc
#endif
import Dispatch
import RingSync

/// Looks a host name up once (`getaddrinfo`). The fetch connects only to the addresses returned here, after
/// the address policy has checked each one: nothing resolves the name a second time, so a DNS answer that
/// changes between check and connect (rebinding) cannot move the connection.
enum HostResolver {
    /// Most addresses kept per name: enough for dual-stack round-robin, bounded against a hostile resolver.
    static let maxAddresses = 16
    /// Lookups that may be under way at once. `getaddrinfo` cannot be cancelled: a lookup that outlives its fetch's
    /// deadline keeps its thread until the resolver gives up (seconds), so a DNS outage must not pile up threads.
    static let maxLookupsInFlight = 16
    private static let inFlight = LockedValue(0)

    /// `lookup` (``addresses(of:)`` or a test's) within `deadline`: the lookup runs on a thread of its own and the fetch stops waiting for
    /// it when the deadline passes (the fetch then times out as a whole, as GitHub's image proxy needs it to).
    static func addresses(of host: String, deadline: FetchDeadline, lookup: @escaping @Sendable (String) -> Result<[IPAddress], FetchError>)
        -> Result<[IPAddress], FetchError>
    {
        guard let ms = deadline.remainingMilliseconds() else { return .failure(deadline.timedOut) }
        let admitted = inFlight.withLock { count in
            guard count < maxLookupsInFlight else { return false }
            count += 1
            return true
        }
        guard admitted else { return .failure(.unresolved(host: host, reason: "too many lookups under way")) }
        let result = LockedValue<Result<[IPAddress], FetchError>?>(nil)
        let done = DispatchSemaphore(value: 0)
        // A global-queue thread: at most maxLookupsInFlight of them block here at once.
        DispatchQueue.global().async {
            let found = lookup(host)
            result.withLock { $0 = found }
            inFlight.withLock { $0 -= 1 }
            done.signal()
        }
        guard done.wait(timeout: .now() + .milliseconds(Int(ms))) == .success else { return .failure(deadline.timedOut) }
        return result.withLock { $0 } ?? .failure(deadline.timedOut)
    }

    /// The addresses of `host` (IPv4 and IPv6, in the resolver's order, without repeats).
    /// `getaddrinfo` has no timeout of its own; the fetch thread blocks in it, and the caller's deadline
    /// still answers the waiting client (``FetchError/timedOut(after:)``).
    static func addresses(of host: String) -> Result<[IPAddress], FetchError> {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, nil, &hints, &list)
        guard status == 0, let first = list else {
            let reason = status == EAI_NONAME || status == -5 /* EAI_NODATA, a GNU extension */ ? "no such host" : String(cString: gai_strerror(status))
            return .failure(.unresolved(host: host, reason: reason))
        }
        defer { freeaddrinfo(first) }
        var found: [IPAddress] = []
        var node: UnsafeMutablePointer<addrinfo>? = first
        while let n = node, found.count < maxAddresses {
            if let address = IPAddress(sockaddr: n.pointee.ai_addr), !found.contains(address) { found.append(address) }
            node = n.pointee.ai_next
        }
        return found.isEmpty ? .failure(.unresolved(host: host, reason: "no address")) : .success(found)
    }
}

extension IPAddress {
    /// The address in a `sockaddr_in` / `sockaddr_in6`, or nil for another family.
    init?(sockaddr pointer: UnsafeMutablePointer<sockaddr>?) {
        guard let pointer else { return nil }
        switch Int32(pointer.pointee.sa_family) {
        case AF_INET:
            let raw = pointer.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr.s_addr }
            self = .v4(UInt32(bigEndian: raw))
        case AF_INET6:
            let bytes = pointer.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { p in
                withUnsafeBytes(of: p.pointee.sin6_addr) { Array($0) }
            }
            self.init(bytes: bytes)
        default:
            return nil
        }
    }

    /// Calls `body` with this address and `port` as a socket address.
    func withSocketAddress<R>(port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R {
        switch self {
        case .v4(let value):
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            address.sin_addr.s_addr = value.bigEndian
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        case .v6:
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            withUnsafeMutableBytes(of: &address.sin6_addr) { raw in
                for (i, b) in bytes.enumerated() { raw[i] = b }
            }
            return withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        }
    }
}
