import Synchronization

/// Whether this instance wants new traffic (`/readyz`): yes from start until a drain begins (DESIGN.md §8), after
/// which a load balancer takes it out of rotation while it goes on serving what still arrives.
public final class Readiness: Sendable {
    private let draining = Atomic<Bool>(false)

    public init() {}

    /// True until ``beginDraining()``.
    public var isReady: Bool { !draining.load(ordering: .acquiring) }

    /// From now on `/readyz` answers 503; everything else is served as before.
    public func beginDraining() {
        draining.store(true, ordering: .releasing)
    }
}
