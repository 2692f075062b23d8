import RingSync

/// A clock that moves only when a test says so.
final class ManualClock: Sendable {
    private let instant = LockedValue(ContinuousClock.now)

    var now: ContinuousClock.Instant { instant.withLock { $0 } }

    func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }
}
