import RingSync

/// At most ``linesPerMinute`` log lines a minute for one kind of event (the rest are counted in `/metrics` only):
/// a failing upstream or a client sending garbage must not flood the log once per request.
final class LogRateLimit: Sendable {
    let linesPerMinute: Int
    private let window = LockedValue<(start: ContinuousClock.Instant?, lines: Int)>((nil, 0))

    init(linesPerMinute: Int) {
        self.linesPerMinute = linesPerMinute
    }

    /// Whether a line may be written at `now` (counts it if so).
    func allow(at now: ContinuousClock.Instant = .now) -> Bool {
        window.withLock { window in
            if let start = window.start, now - start < .seconds(60) {
                window.lines += 1
                return window.lines <= linesPerMinute
            }
            window = (now, 1)
            return true
        }
    }
}
