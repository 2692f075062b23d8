#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

extension HTTPServer {
    /// Everything that shapes a server's behaviour. Every field has a production default, so
    /// `Configuration()` serves on 127.0.0.1:8080.
    public struct Configuration: Sendable {
        /// Listen host: an IPv4 or IPv6 literal (`127.0.0.1`, `0.0.0.0`, `::1`, `::`) or a name such as
        /// `localhost`. `::` also accepts IPv4 connections. Default: `127.0.0.1`.
        public var host: String
        /// Listen port; 0 picks a free port (read it back from ``HTTPServer/port``). Default: 8080.
        public var port: Int
        /// Number of serial I/O queues the connections are spread over. Default: ``defaultIOQueues``, one per
        /// two online CPUs (at least 1).
        public var ioQueues: Int
        /// Request-line and header limits (414/431). Default: `HTTPParserLimits()`.
        public var parserLimits: HTTPParserLimits
        /// Longest time from the first byte of a request to the end of its head; then 408 and close.
        /// Default: 10 s.
        public var headerTimeout: Duration
        /// How long a kept-alive connection may sit between requests before it is closed. Default: 15 s.
        public var idleTimeout: Duration
        /// How long queued output may wait without the peer accepting a byte before the connection is
        /// dropped. Default: 30 s.
        public var sendTimeout: Duration
        /// How long input is drained after the final response before the close (lingering close,
        /// RFC 9112 §9.6). Default: 2 s.
        public var lingerTimeout: Duration
        /// How long a shutdown waits for in-flight requests before closing every connection. Default: 3 s
        /// (a SIGTERM'd process must be gone within 5 s).
        public var shutdownGracePeriod: Duration
        /// Output bytes a connection may queue before it stops reading and parsing (pipelining
        /// backpressure). Default: 256 KiB.
        public var maxQueuedOutput: Int
        /// `listen()` backlog. Default: `SOMAXCONN`.
        public var backlog: Int
        /// Open connections above which new ones get 503 and are closed. Default: 10 000.
        public var maxConnections: Int
        /// Open connections one client (an IPv4 address, an IPv6 /64: ``PeerAddress/clientGroup``) may hold; above
        /// it its new ones get 429 and are closed while other clients' are accepted, so one address cannot take the
        /// whole ``maxConnections``. Default: a quarter of it, 2 500.
        public var maxConnectionsPerClient: Int
        /// Peers exempt from ``maxConnectionsPerClient``: the proxies in front of the server, whose connections carry
        /// many clients. Default: none.
        public var isUnlimitedClient: @Sendable (PeerAddress) -> Bool
        /// How long accepting pauses when the process or system is out of descriptors (EMFILE/ENFILE),
        /// instead of spinning on a listener that stays readable. Default: 500 ms.
        public var acceptBackoff: Duration

        public init(
            host: String = "127.0.0.1",
            port: Int = 8080,
            ioQueues: Int = Configuration.defaultIOQueues,
            parserLimits: HTTPParserLimits = HTTPParserLimits(),
            headerTimeout: Duration = .seconds(10),
            idleTimeout: Duration = .seconds(15),
            sendTimeout: Duration = .seconds(30),
            lingerTimeout: Duration = .seconds(2),
            shutdownGracePeriod: Duration = .seconds(3),
            maxQueuedOutput: Int = 256 * 1024,
            backlog: Int = Int(SOMAXCONN),
            maxConnections: Int = 10_000,
            maxConnectionsPerClient: Int = 2_500,
            isUnlimitedClient: @escaping @Sendable (PeerAddress) -> Bool = { _ in false },
            acceptBackoff: Duration = .milliseconds(500)
        ) {
            self.host = host
            self.port = port
            self.ioQueues = ioQueues
            self.parserLimits = parserLimits
            self.headerTimeout = headerTimeout
            self.idleTimeout = idleTimeout
            self.sendTimeout = sendTimeout
            self.lingerTimeout = lingerTimeout
            self.shutdownGracePeriod = shutdownGracePeriod
            self.maxQueuedOutput = maxQueuedOutput
            self.backlog = backlog
            self.maxConnections = maxConnections
            self.maxConnectionsPerClient = maxConnectionsPerClient
            self.isUnlimitedClient = isUnlimitedClient
            self.acceptBackoff = acceptBackoff
        }

        /// One I/O queue per two online CPUs, at least 1. A loop spends about three quarters of its time in the
        /// kernel's TCP work, and the peer on the other end of each connection needs CPU as well. On 2 CPUs, 1
        /// queue served 104–107 k cached responses/s at `wrk -t1 -c32` where 2 queues served 80–98 k, and cut
        /// the p99 at `-t2 -c128` from 3.2–3.5 ms to 2.2–2.4 ms at equal throughput (README, Performance;
        /// docs/design.md §Event loops).
        public static var defaultIOQueues: Int {
            max(1, onlineCPUs / 2)
        }

        /// The number of online CPUs, at least 1.
        public static var onlineCPUs: Int {
            max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
        }

        var timeouts: ConnectionStateMachine.Timeouts {
            .init(header: headerTimeout, idle: idleTimeout, send: sendTimeout, linger: lingerTimeout)
        }

        /// How often each I/O queue checks deadlines: a quarter of the shortest timeout, between 10 ms
        /// and 250 ms, so a deadline fires at most ~25 % late.
        var tickInterval: Duration {
            let shortest = [headerTimeout, idleTimeout, sendTimeout, lingerTimeout].min()!
            return min(.milliseconds(250), max(.milliseconds(10), shortest / 4))
        }
    }
}

extension Duration {
    /// Whole nanoseconds (saturating at `Int64`'s range, so a timeout of "forever" stays forever), for Dispatch's
    /// time APIs and ``MonotonicInstant``.
    var nanoseconds: Int {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (sum, overflowed) = scaled.addingReportingOverflow(attoseconds / 1_000_000_000)
        if overflow || overflowed { return seconds < 0 ? Int(Int64.min) : Int(Int64.max) }
        return Int(sum)
    }

    var dispatchInterval: DispatchTimeInterval { .nanoseconds(nanoseconds) }
}
