#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import RingSync

extension HTTPServer {
    /// A drain before shutdown: when one of ``signals`` arrives, ``onStart`` runs at once (the application
    /// stops reporting ready, so a load balancer takes the instance out of rotation) and the server keeps
    /// accepting and serving for ``period`` before the graceful shutdown begins.
    public struct Drain: Sendable {
        /// Signals that drain first (an orchestrator's `SIGTERM`); the others stop at once (a person's Ctrl-C).
        public var signals: Set<Int32>
        public var period: Duration
        public var onStart: @Sendable () -> Void

        public init(signals: Set<Int32> = [SIGTERM], period: Duration, onStart: @escaping @Sendable () -> Void) {
            self.signals = signals
            self.period = period
            self.onStart = onStart
        }
    }

    /// Starts the server (unless already started), serves until one of `signals` arrives, shuts down
    /// gracefully, and returns when every connection is closed.
    ///
    /// With a `drain`, a draining signal first runs its `onStart` and keeps serving for its period. A second
    /// signal (during the drain or the shutdown) cuts the rest to zero. The signals' default dispositions are
    /// restored before returning. Handlers run on a private Dispatch queue, never on the main actor
    /// (docs/design.md §Dispatch on Linux), so this may be called from top-level `main.swift` code.
    ///
    /// - Parameters:
    ///   - signals: the signals that stop the server. Default: `SIGTERM` and `SIGINT`.
    ///   - gracePeriod: overrides ``Configuration/shutdownGracePeriod``.
    ///   - drain: serving on after the signal before shutting down; nil for none.
    /// - Returns: the signal that stopped the server.
    @discardableResult
    public func runUntilSignalled(
        _ signals: [Int32] = [SIGTERM, SIGINT], gracePeriod: Duration? = nil, drain: Drain? = nil
    ) throws -> Int32 {
        let received = LockedValue<Int32?>(nil)
        let watch = SignalPipe.watch(signals) { [self] number in
            let isFirst = received.withLock { value in
                defer { value = value ?? number }
                return value == nil
            }
            guard isFirst else {
                beginShutdown(gracePeriod: .zero)
                return
            }
            if let drain, drain.signals.contains(number), drain.period > .zero {
                drain.onStart()
                let seconds = Double(drain.period.components.seconds)
                    + Double(drain.period.components.attoseconds) * 1e-18
                DispatchQueue.global().asyncAfter(deadline: .now() + seconds) { [self] in
                    // A second signal may already have begun a shutdown with no grace; that one stands.
                    if !isShuttingDown { beginShutdown(gracePeriod: gracePeriod) }
                }
            } else {
                beginShutdown(gracePeriod: gracePeriod)
            }
        }
        defer { watch.cancel() }
        if localAddress == nil { try start() }
        blockUntilStopped()
        return received.withLock { $0 } ?? 0
    }
}

/// Delivers signals to a Dispatch queue through a self-pipe.
///
/// Why not `DispatchSource.makeSignalSource`: on Linux libdispatch receives signals with a `signalfd`
/// read by its manager thread, which only sees a signal pending on that thread or the process. Its
/// re-raise trick sends the signal to whichever thread first registered the source, so the signal
/// can stay pending on a thread nobody reads, and the first SIGTERM is lost (seen here: the server
/// only stopped on the second one). A plain handler that writes the signal number to a pipe works on
/// any thread: `write` is async-signal-safe.
enum SignalPipe {
    /// Created once per process, before any handler can run, and never closed.
    private static let descriptors: (read: Int32, write: Int32) = {
        var fds: [Int32] = [-1, -1]
        let status = fds.withUnsafeMutableBufferPointer { pipe($0.baseAddress!) }
        precondition(status == 0, "pipe() failed: errno \(errno)")
        for fd in fds {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        }
        return (fds[0], fds[1])
    }()

    /// An active watch; ``cancel()`` restores the default dispositions and stops delivery.
    final class Watch {
        private let source: any DispatchSourceRead
        private let signals: [Int32]

        fileprivate init(source: any DispatchSourceRead, signals: [Int32]) {
            self.source = source
            self.signals = signals
        }

        func cancel() {
            for number in signals { _ = signal(number, SIG_DFL) }
            source.cancel()
        }
    }

    /// Installs handlers for `signals` and calls `handler` with each signal number, on a private queue.
    static func watch(_ signals: [Int32], handler: @escaping @Sendable (Int32) -> Void) -> Watch {
        let readEnd = descriptors.read
        _ = descriptors.write  // initialise before a handler can touch it
        let source = DispatchSource.makeReadSource(fileDescriptor: readEnd, queue: DispatchQueue(label: "ringhttp.signals"))
        source.setEventHandler { @Sendable in
            var byte: UInt8 = 0
            while read(readEnd, &byte, 1) == 1 { handler(Int32(byte)) }
        }
        source.resume()
        for number in signals { _ = signal(number, signalHandler) }
        return Watch(source: source, signals: signals)
    }

    /// The C signal handler: async-signal-safe work only (one `write`), `errno` preserved.
    private static let signalHandler: @convention(c) (Int32) -> Void = { number in
        let savedErrno = errno
        var byte = UInt8(truncatingIfNeeded: number)
        _ = write(SignalPipe.descriptors.write, &byte, 1)
        errno = savedErrno
    }
}
