/// The instant a fetch must be over by, and what is left of it for the next `poll(2)`.
struct FetchDeadline: Sendable {
    let instant: ContinuousClock.Instant
    /// The whole budget, for the error message ("timed out after 2.5 s").
    let budget: Duration

    init(after budget: Duration, now: ContinuousClock.Instant = .now) {
        self.instant = now + budget
        self.budget = budget
    }

    /// Milliseconds left (rounded up, so a poll never spins on a 0 ms timeout with time still left), or nil
    /// once the deadline has passed.
    func remainingMilliseconds(cappedAt cap: Duration? = nil) -> Int32? {
        var left = instant - .now
        if let cap, cap < left { left = cap }
        guard left > .zero else { return nil }
        let ms = left.components.seconds * 1000 + (left.components.attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: max(1, ms))
    }

    var timedOut: FetchError { .timedOut(after: budget) }
}
