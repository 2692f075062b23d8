import Synchronization

/// What a running job asks between frames: should it stop? (Issue 38: no work for clients that left.)
///
/// The rule: a job stops at its next frame boundary once every request waiting for it has gone, unless it is at
/// least ``finishFrom`` done (then its picture is worth caching: the next request for it is likely, and half the
/// work is already paid) or another request joined it meanwhile (``RenderPool`` revives it).
public final class RenderControl: Sendable {
    private let abandoned = Atomic<Bool>(false)

    public init() {}

    /// The share of a job done from which it finishes even when nobody waits for it any more.
    public static let finishFrom = 0.5

    /// Whether the work should stop now, `progress` (0…1) of it done.
    public func shouldStop(progress: Double) -> Bool {
        abandoned.load(ordering: .acquiring) && progress < Self.finishFrom
    }

    /// Whether every request waiting for the job has gone.
    public var isAbandoned: Bool { abandoned.load(ordering: .acquiring) }

    func abandon() { abandoned.store(true, ordering: .releasing) }

    func revive() { abandoned.store(false, ordering: .releasing) }
}
