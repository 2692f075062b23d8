import Synchronization

/// Whether this instance wants new traffic (`/readyz`): yes from start until a drain begins (docs/design.md §Operations), after
/// which a load balancer takes it out of rotation while it goes on serving what still arrives; and no while the
/// render queue is saturated, so a load balancer sends new work to a replica that can take it (issue 38).
///
/// **Saturation, with hysteresis**: the queue counts as saturated once it is at least ¾ full (``saturatedAt``) and
/// stays so until it has drained to half full or less (``clearAt``). Between the two marks the state holds, so a
/// queue hovering around one mark does not make `/readyz` flap. The queue is looked at on every render submitted,
/// every render finished or dropped and every `/readyz` probe.
public final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)
    private let saturated = Atomic<Bool>(false)

    public init() {}

    /// True until ``beginDraining()``, and while the render queue is not saturated.
    public var isReady: Bool { !isDraining && !isSaturated }

    /// True from ``beginDraining()`` on.
    public var isDraining: Bool { draining.load(ordering: .acquiring) }

    /// True while the render queue is saturated (see the type's documentation).
    public var isSaturated: Bool { saturated.load(ordering: .acquiring) }

    /// From now on `/readyz` answers 503; everything else is served as before.
    public func beginDraining() {
        draining.store(true, ordering: .releasing)
    }

    /// Queued renders at which a queue of `limit` counts as saturated: ¾ of it, at least 1.
    public static func saturatedAt(limit: Int) -> Int { max(1, (limit * 3 + 3) / 4) }

    /// Queued renders at or below which a saturated queue of `limit` counts as clear again: half of it.
    public static func clearAt(limit: Int) -> Int { min(limit / 2, saturatedAt(limit: limit) - 1) }

    /// Updates the saturation state from the render queue: `queued` jobs waiting in a queue of `limit`.
    func observeRenderQueue(queued: Int, limit: Int) {
        if queued >= Self.saturatedAt(limit: limit) {
            saturated.store(true, ordering: .releasing)
        } else if queued <= Self.clearAt(limit: limit) {
            saturated.store(false, ordering: .releasing)
        }
    }
}
