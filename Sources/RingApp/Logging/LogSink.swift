import Dispatch
import RingHTTP
import RingSync

/// Log lines on their way to a file descriptor (standard error): gathered in memory and written in large
/// writes — once ``flushBytes`` have gathered, every ``flushInterval``, and at exit — so a line per request (the
/// access log) costs a copy, not a system call. Lines are whole in every write, so two processes sharing a pipe
/// never interleave mid-line.
public final class LogSink: Sendable {
    /// Standard error, which every handler of ringd writes to.
    public static let standardError = LogSink(fileDescriptor: 2)

    /// Bytes that trigger a write at once.
    static let flushBytes = 32 * 1024
    /// Longest a line waits in memory before it is written.
    static let flushInterval: DispatchTimeInterval = .milliseconds(100)

    private let fileDescriptor: Int32
    private let pending = LockedValue<[UInt8]>([])
    private let timer = LockedValue<(any DispatchSourceTimer)?>(nil)

    init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Queues `line` (without its newline); writes if enough has gathered. Starts the flush timer on first use.
    public func write(_ line: String) {
        enqueue(line.utf8)
    }

    /// Queues `line`'s bytes (UTF-8, without its newline); writes if enough has gathered.
    public func write(line: [UInt8]) {
        enqueue(line)
    }

    private func enqueue(_ line: some Collection<UInt8>) {
        let full = pending.withLock { bytes -> Bool in
            if bytes.capacity == 0 { bytes.reserveCapacity(Self.flushBytes * 2) }
            bytes.append(contentsOf: line)
            bytes.append(0x0A)
            return bytes.count >= Self.flushBytes
        }
        startTimerIfNeeded()
        if full { flush() }
    }

    /// Writes everything queued.
    public func flush() {
        pending.withLock { bytes in
            guard !bytes.isEmpty else { return }
            // While holding the lock, so writes keep the lines' order. Standard error that cannot be written
            // (closed, a full disk) loses the lines: logging must never stop the server.
            try? FileOutput.writeAll(fileDescriptor, bytes)
            bytes.removeAll(keepingCapacity: true)
        }
    }

    private func startTimerIfNeeded() {
        timer.withLock { source in
            guard source == nil else { return }
            let new = DispatchSource.makeTimerSource(queue: DispatchQueue(label: "ringd.log-flush"))
            new.schedule(deadline: .now() + Self.flushInterval, repeating: Self.flushInterval)
            new.setEventHandler { [self] in flush() }
            new.resume()
            source = new
        }
    }
}
