#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Synchronization

extension HTTPServer {
    /// Starts the server (unless already started), serves until one of `signals` arrives, shuts down
    /// gracefully, and returns when every connection is closed.
    ///
    /// The signals are received through Dispatch signal sources after setting their disposition to
    /// `SIG_IGN`, so they never interrupt a thread; the handlers run on a private queue (never the main
    /// actor, http-server.md §3.2.3). A second signal during the shutdown cuts the grace period to zero.
    /// The default dispositions are restored before returning.
    ///
    /// - Parameters:
    ///   - signals: the signals that stop the server. Default: `SIGTERM` and `SIGINT`.
    ///   - gracePeriod: overrides ``Configuration/shutdownGracePeriod``.
    /// - Returns: the signal that stopped the server.
    @discardableResult
    public func runUntilSignalled(_ signals: [Int32] = [SIGTERM, SIGINT], gracePeriod: Duration? = nil) throws -> Int32 {
        let queue = DispatchQueue(label: "ringhttp.signals")
        let received = Mutex<Int32?>(nil)
        let sources = signals.map { number in
            _ = signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: queue)
            source.setEventHandler { [self] in
                let isFirst = received.withLock { value in
                    defer { value = value ?? number }
                    return value == nil
                }
                beginShutdown(gracePeriod: isFirst ? gracePeriod : .zero)
            }
            source.resume()
            return source
        }
        defer {
            for source in sources { source.cancel() }
            for number in signals { _ = signal(number, SIG_DFL) }
        }
        if localAddress == nil { try start() }
        blockUntilStopped()
        return received.withLock { $0 } ?? 0
    }
}
