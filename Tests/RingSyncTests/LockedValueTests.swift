import Dispatch
import RingSync
import Testing

@Suite struct LockedValueTests {
    /// Eight threads adding to one counter lose no update. Under `scripts/sanitizers thread` this is also the
    /// check that ThreadSanitizer sees the lock (it reported this very pattern behind `Synchronization.Mutex`).
    @Test func concurrentUpdatesAreNotLost() {
        let counter = LockedValue(0)
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            for _ in 0..<10_000 { counter.withLock { $0 += 1 } }
        }
        #expect(counter.withLock { $0 } == 80_000)
    }

    @Test func returnsAndRethrowsWhatTheBodyDoes() {
        struct Refused: Error {}
        let names = LockedValue(["a"])
        let count = names.withLock { names -> Int in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(throws: Refused.self) { try names.withLock { _ in throw Refused() } }
        // The lock was released by the throw: taking it again does not deadlock, and the value is intact.
        #expect(names.withLock { $0 } == ["a", "b"])
    }
}
