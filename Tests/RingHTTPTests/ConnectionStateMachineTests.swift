import Testing
@testable import RingHTTP

/// The deadline rules, driven with made-up instants: no sockets, no sleeping.
@Suite struct ConnectionStateMachineTests {
    typealias Machine = ConnectionStateMachine
    let t0 = MonotonicInstant.now
    let timeouts = Machine.Timeouts(header: .seconds(10), idle: .seconds(15), send: .seconds(30), linger: .seconds(2))

    func at(_ seconds: Double) -> MonotonicInstant { t0 + .milliseconds(Int(seconds * 1000)) }

    @Test func newConnectionIsIdleUntilTheIdleTimeout() {
        let machine = Machine(timeouts: timeouts, now: t0)
        #expect(machine.phase == .awaitingRequest(since: t0))
        #expect(machine.tick(now: at(14.9)) == .none)
        #expect(machine.tick(now: at(15)) == .closeIdle)
        #expect(machine.nextDeadline == at(15))
    }

    /// A request that reached the connection after its idle deadline, but before the deadline check ran (its
    /// I/O queue was busy), is read, not closed as idle: the bytes move the connection out of idle first.
    /// (LiveServerTimeoutTests shows the server doing so over a socket.)
    @Test func bytesThatArriveLateButBeforeTheCheckAreRead() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(20))
        #expect(machine.tick(now: at(20)) == .none)
        #expect(machine.phase == .readingHead(since: at(20)))
        #expect(machine.tick(now: at(30)) == .requestTimeout)
    }

    @Test func headerDeadlineIsAbsoluteFromTheFirstByte() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(1))
        #expect(machine.inputConsumed(hasPartialRequest: true, now: at(1)) == .readMore)
        // A slowloris client trickling bytes does not move the deadline.
        for second in stride(from: 2.0, through: 10.5, by: 0.5) {
            machine.bytesReceived(now: at(second))
            _ = machine.inputConsumed(hasPartialRequest: true, now: at(second))
        }
        #expect(machine.phase == .readingHead(since: at(1)))
        #expect(machine.tick(now: at(10.99)) == .none)
        #expect(machine.tick(now: at(11)) == .requestTimeout)
    }

    @Test func answeredRequestStartsTheIdleClockAgain() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(14))
        #expect(machine.inputConsumed(hasPartialRequest: false, now: at(14)) == .readMore)
        #expect(machine.phase == .awaitingRequest(since: at(14)))
        #expect(machine.tick(now: at(28.9)) == .none)
        #expect(machine.tick(now: at(29)) == .closeIdle)
    }

    @Test func pipelinedRemainderKeepsItsArrivalTime() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(1))  // one read: a full request and half of the next
        #expect(machine.inputConsumed(hasPartialRequest: true, now: at(1.2)) == .readMore)
        #expect(machine.phase == .readingHead(since: at(1)))
    }

    @Test func sendStallClosesAfterTheSendTimeoutWithoutProgress() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(0))
        machine.sendBlocked(now: at(1))
        #expect(machine.phase == .sending(lastProgress: at(1)))
        machine.sendBlocked(now: at(5))  // still blocked: the clock keeps its start
        #expect(machine.tick(now: at(30.9)) == .none)
        #expect(machine.tick(now: at(31)) == .abort)
        // Progress restarts it.
        machine.sendProgressed(now: at(20))
        #expect(machine.tick(now: at(31)) == .none)
        #expect(machine.tick(now: at(50)) == .abort)
    }

    @Test func headerClockRestartsAfterAServerSideSendStall() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(0))
        machine.sendBlocked(now: at(1))
        // The head of the next request was buffered all along; the client was not the slow side.
        #expect(machine.inputConsumed(hasPartialRequest: true, now: at(25)) == .readMore)
        #expect(machine.phase == .readingHead(since: at(25)))
        #expect(machine.tick(now: at(34)) == .none)
        #expect(machine.tick(now: at(35)) == .requestTimeout)
    }

    @Test func sendProgressOutsideAStallChangesNothing() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(1))
        machine.sendProgressed(now: at(2))
        #expect(machine.phase == .readingHead(since: at(1)))
    }

    @Test func lingeringEndsAfterTheLingerTimeout() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.startLingering(now: at(3))
        machine.sendBlocked(now: at(3.5))  // never leaves lingering
        #expect(machine.phase == .lingering(since: at(3)))
        #expect(machine.tick(now: at(4.9)) == .none)
        #expect(machine.tick(now: at(5)) == .abort)
    }

    @Test func drainingClosesIdleConnectionsAtOnce() {
        var machine = Machine(timeouts: timeouts, now: t0)
        #expect(machine.beginDraining(deadline: at(10), now: at(1)) == .closeIdle)
        #expect(machine.isDraining)
        #expect(machine.tick(now: at(1)) == .closeIdle)
    }

    @Test func drainingLetsARequestFinishButNotPastTheDeadline() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(0))
        #expect(machine.beginDraining(deadline: at(3), now: at(1)) == .none)
        #expect(!machine.keepAlive(requested: true))
        #expect(machine.tick(now: at(2.9)) == .none)
        #expect(machine.tick(now: at(3)) == .abort)
        #expect(machine.nextDeadline == at(3))
    }

    @Test func drainingConnectionClosesOnceItsLastRequestIsAnswered() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(0))
        _ = machine.beginDraining(deadline: at(3), now: at(0.5))
        #expect(machine.inputConsumed(hasPartialRequest: true, now: at(1)) == .readMore)
        #expect(machine.inputConsumed(hasPartialRequest: false, now: at(2)) == .close)
    }

    @Test func aSecondShutdownCanOnlyShortenTheDeadline() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(0))
        _ = machine.beginDraining(deadline: at(5), now: at(1))
        _ = machine.beginDraining(deadline: at(9), now: at(1))
        #expect(machine.drainDeadline == at(5))
        #expect(machine.beginDraining(deadline: at(2), now: at(2)) == .abort)
    }

    @Test func keepAliveFollowsTheRequestUntilDraining() {
        var machine = Machine(timeouts: timeouts, now: t0)
        #expect(machine.keepAlive(requested: true))
        #expect(!machine.keepAlive(requested: false))
        machine.closed()
        #expect(!machine.keepAlive(requested: true))
    }

    @Test func closedConnectionHasNoDeadlines() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(0))
        machine.closed()
        #expect(machine.tick(now: at(1000)) == .none)
        #expect(machine.nextDeadline == nil)
        #expect(machine.inputConsumed(hasPartialRequest: false, now: at(1)) == .close)
        machine.startLingering(now: at(2))
        #expect(machine.phase == .closed)
    }
}
