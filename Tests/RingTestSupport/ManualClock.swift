import RingSync

/// A clock that moves only when a test says so: injected where the code takes a `now` closure (the render
/// cache's error-image expiry, the `src=` store's TTL and retry times), so deadline tests do not sleep.
public final class ManualClock: Sendable {
    private let instant = LockedValue(ContinuousClock.now)

    public init() {}

    public var now: ContinuousClock.Instant { instant.withLock { $0 } }

    public func advance(by duration: Duration) {
        instant.withLock { $0 += duration }
    }
}
