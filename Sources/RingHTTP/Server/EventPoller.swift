#if os(Linux)
import CEpoll
import Dispatch
import Glibc

/// One I/O loop's readiness set: a private epoll instance holding the loop's connection sockets, watched by
/// a single Dispatch read source on the loop's queue.
///
/// **Why not a Dispatch source per socket** (docs/design.md §Event loops): on Linux, libdispatch handles a
/// socket's `EPOLLHUP` (the peer reset, or both directions shut down after a lingering close) by waking the
/// source for `EPOLLIN` and then marking it for deferred deletion, which the source's target queue performs
/// while the manager thread is still merging the same event. When the queue wins that race, both threads
/// finalise the source and the process dies in `_dispatch_source_refs_finalize_unregistration` ("Source
/// finalized twice"). scripts/check/soak.py hit it after about 150 000 connections; 4 processes churning short
/// connections, or resetting them, hit it within 90 s. Here libdispatch only ever watches the epoll
/// descriptor, which never hangs up and lives as long as the loop; the sockets' hang-ups are ours to handle.
///
/// **Confinement:** used only on its loop's queue (created elsewhere, then handed over once).
/// `@unchecked Sendable` only so the loop's Dispatch closures can capture it. Level-triggered: a socket
/// stays reported while it is readable (or writable) and its interest includes that direction.
final class EventPoller: @unchecked Sendable {
    /// What a connection wants to hear about.
    struct Interest: Equatable {
        var read: Bool
        var write: Bool
        /// The peer shutting its sending side (`EPOLLRDHUP`) while reads are off: a client leaving while its answer
        /// is prepared.
        var peerClose = false

        var events: UInt32 {
            (read ? EPOLLIN.rawValue : 0) | (write ? EPOLLOUT.rawValue : 0) | (peerClose ? EPOLLRDHUP.rawValue : 0)
        }
    }

    /// One readiness report. `hangUp` (both directions shut: a reset, or the peer's FIN after our
    /// `shutdown(SHUT_WR)`) and `error` come whatever the interest: epoll cannot mask them.
    struct Event {
        let token: UInt64
        let readable: Bool
        let writable: Bool
        let hangUp: Bool
        let error: Bool
        /// The peer shut its sending side (reported only with ``Interest/peerClose``).
        var peerClosed = false
    }

    /// Reports handled per wake-up; the source fires again while more are pending.
    static let batchSize = 256

    private let descriptor: Int32
    private let buffer: UnsafeMutableBufferPointer<epoll_event>

    init() throws(SystemError) {
        descriptor = try Syscall.retrying("epoll_create1") { epoll_create1(Int32(EPOLL_CLOEXEC)) }
        buffer = .allocate(capacity: Self.batchSize)
    }

    deinit {
        buffer.deallocate()
    }

    /// The epoll descriptor, for the Dispatch read source that reports pending events.
    var pollDescriptor: Int32 { descriptor }

    /// Starts watching `fd`; its reports carry `token`.
    func add(_ fd: Int32, token: UInt64, interest: Interest) throws(SystemError) {
        try control(EPOLL_CTL_ADD, fd, token: token, interest: interest)
    }

    /// Changes what `fd` is watched for.
    func modify(_ fd: Int32, token: UInt64, interest: Interest) {
        // Fails only for a descriptor that is not registered, which would be a bug in the caller.
        try? control(EPOLL_CTL_MOD, fd, token: token, interest: interest)
    }

    /// Stops watching `fd`. Call before closing it: a closed descriptor leaves the set only once every
    /// duplicate of it is closed, and its number may be reused at once.
    func remove(_ fd: Int32) {
        _ = epoll_ctl(descriptor, EPOLL_CTL_DEL, fd, nil)
    }

    /// The reports pending now (never blocks), handed to `handle` one by one; returns how many there were.
    @discardableResult
    func poll(_ handle: (Event) -> Void) -> Int {
        let count: Int32
        do {
            count = try Syscall.retrying("epoll_wait") { epoll_wait(descriptor, buffer.baseAddress, Int32(buffer.count), 0) }
        } catch {
            return 0
        }
        for i in 0..<Int(count) {
            let event = buffer[i]
            let bits = event.events
            handle(Event(
                token: event.data.u64, readable: bits & EPOLLIN.rawValue != 0, writable: bits & EPOLLOUT.rawValue != 0,
                hangUp: bits & EPOLLHUP.rawValue != 0, error: bits & EPOLLERR.rawValue != 0,
                peerClosed: bits & EPOLLRDHUP.rawValue != 0))
        }
        return Int(count)
    }

    /// Closes the epoll descriptor. Only after the source watching it has been cancelled.
    func close() {
        _ = Glibc.close(descriptor)
    }

    private func control(_ operation: Int32, _ fd: Int32, token: UInt64, interest: Interest) throws(SystemError) {
        var event = epoll_event()
        event.events = interest.events
        event.data.u64 = token
        _ = try Syscall.retrying("epoll_ctl") { epoll_ctl(descriptor, operation, fd, &event) }
    }
}
#else
#error("RingHTTP's I/O loop uses epoll(7) and so runs on Linux only; on macOS or Windows run ringd with Docker")
#endif
