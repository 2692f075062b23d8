import Dispatch
import Synchronization
import Testing
@testable import RingApp

@Suite struct RenderPoolTests {
    @Test func concurrentSubmissionsForOneKeyRunOnce() {
        let pool = RenderPool<String, Int>(threads: 2, queueLimit: 4)
        let runs = Atomic<Int>(0)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let values = Mutex<[Int]>([])
        var admissions: [RenderPool<String, Int>.Admission] = []
        for _ in 0..<50 {
            admissions.append(pool.submit(key: "big", work: {
                gate.wait()  // hold the render until every request has joined
                runs.add(1, ordering: .relaxed)
                return 42
            }) { value in
                values.withLock { $0.append(value) }
                done.signal()
            })
        }
        gate.signal()
        for _ in 0..<50 { done.wait() }
        #expect(runs.load(ordering: .relaxed) == 1)
        #expect(admissions.first == .queued && admissions.dropFirst().allSatisfy { $0 == .joined })
        #expect(values.withLock { $0 } == Array(repeating: 42, count: 50))
    }

    @Test func aFullQueueRejectsAtOnce() {
        let pool = RenderPool<Int, Int>(threads: 1, queueLimit: 2)
        let gate = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        // Job 0 occupies the only thread; 1 and 2 fill the queue; 3 is refused.
        #expect(pool.submit(key: 0, work: { started.signal(); gate.wait(); return 0 }) { _ in done.signal() } == .queued)
        started.wait()
        #expect(pool.submit(key: 1, work: { 1 }) { _ in done.signal() } == .queued)
        #expect(pool.submit(key: 2, work: { 2 }) { _ in done.signal() } == .queued)
        #expect(pool.submit(key: 3, work: { 3 }) { _ in Issue.record("a rejected job completed") } == .rejected)
        #expect(pool.submit(key: 1, work: { 1 }) { _ in done.signal() } == .joined)  // joining costs no slot
        gate.signal()
        for _ in 0..<4 { done.wait() }
        #expect(pool.queuedJobs == 0)
        #expect(pool.submit(key: 3, work: { 3 }) { _ in done.signal() } == .queued)
        done.wait()
    }
}
