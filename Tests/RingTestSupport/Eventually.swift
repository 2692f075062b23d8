import Foundation

/// Polls `condition` every `interval` until it holds or `timeout` passes; returns whether it held.
///
/// Tests wait for the state they need (a connection counted, a request in flight, a queue drained) through
/// this instead of sleeping a fixed time: a fixed sleep is too short on a loaded machine and wasted on a quiet
/// one. The timeout is generous because it only bounds a failing test; a passing one returns as soon as the
/// state is reached.
public func eventually(
    within timeout: Duration = .seconds(10), every interval: Duration = .milliseconds(5), _ condition: () -> Bool
) -> Bool {
    let deadline = ContinuousClock.now + timeout
    while ContinuousClock.now < deadline {
        if condition() { return true }
        Thread.sleep(forTimeInterval: Double(interval.components.attoseconds) / 1e18 + Double(interval.components.seconds))
    }
    return condition()
}
