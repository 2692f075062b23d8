import Foundation
import RingSync
import RingTestSupport

/// A point where a `/hold?gate=NAME` response waits on its I/O queue until the test opens the gate, so a test
/// orders "a response is being produced" against what it does next by the state it sees, not by a sleep: it
/// waits until the response has ``entered`` the gate, does its part, then ``open()``s it.
final class TestGate: Sendable {
    /// How long a held response waits at most: only a failing test leaves a gate closed.
    static let longestHold = Duration.seconds(30)

    private static let gates = LockedValue<[String: TestGate]>([:])
    private let state = LockedValue<(entered: Int, open: Bool)>((0, false))
    let name = UUID().uuidString

    init() {
        Self.gates.withLock { $0[name] = self }
    }

    deinit {
        Self.gates.withLock { $0[name] = nil }
    }

    /// The gate a `/hold` request names, if it exists.
    static func named(_ name: String) -> TestGate? { gates.withLock { $0[name] } }

    /// The target of a request whose response waits at this gate.
    var target: String { "/hold?gate=\(name)" }

    /// Responses that have reached the gate so far.
    var entered: Int { state.withLock { $0.entered } }

    /// Lets every held response (and any later one) through.
    func open() {
        state.withLock { $0.open = true }
    }

    /// Called by the responder: counts the arrival, then waits (bounded) until the gate is open.
    func pass() {
        state.withLock { $0.entered += 1 }
        _ = eventually(within: Self.longestHold, every: .milliseconds(1)) { state.withLock { $0.open } }
    }
}
