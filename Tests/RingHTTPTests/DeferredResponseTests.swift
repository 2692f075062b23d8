import Testing
@testable import RingHTTP

/// A request handed to the responder for a later answer (a render): no client deadline runs meanwhile.
@Suite struct DeferredResponseStateTests {
    typealias Machine = ConnectionStateMachine
    let t0 = MonotonicInstant.now
    let timeouts = Machine.Timeouts(header: .seconds(10), idle: .seconds(15), send: .seconds(30), linger: .seconds(2))

    func at(_ seconds: Double) -> MonotonicInstant { t0 + .milliseconds(Int(seconds * 1000)) }

    @Test func noHeaderOrIdleDeadlineWhileTheResponderWorks() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(1))
        machine.awaitingResponse()
        #expect(machine.phase == .responding)
        #expect(machine.nextDeadline == nil)
        #expect(machine.tick(now: at(100)) == .none)
        // The answer is out: the idle clock starts from then.
        #expect(machine.inputConsumed(hasPartialRequest: false, now: at(100)) == .readMore)
        #expect(machine.tick(now: at(114.9)) == .none)
        #expect(machine.tick(now: at(115)) == .closeIdle)
    }

    @Test func aShutdownWaitsForTheAnswerUntilItsDeadline() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.bytesReceived(now: at(0))
        machine.awaitingResponse()
        #expect(machine.beginDraining(deadline: at(3), now: at(1)) == .none)
        #expect(!machine.keepAlive(requested: true))
        #expect(machine.nextDeadline == at(3))
        #expect(machine.tick(now: at(3)) == .abort)
    }

    @Test func aBlockedSendAfterTheAnswerStartsTheSendClock() {
        var machine = Machine(timeouts: timeouts, now: t0)
        machine.awaitingResponse()
        machine.sendBlocked(now: at(5))
        #expect(machine.phase == .sending(lastProgress: at(5)))
    }
}

@Suite struct PreparedResponseTests {
    let date = Array("Date: Sun, 06 Nov 1994 08:49:37 GMT\r\n".utf8)

    func wire(_ response: HTTPResponse, head: Bool = false, connection: ResponseSerializer.ConnectionHeader = .none)
        -> String
    {
        var buffer: [UInt8] = []
        ResponseSerializer.append(response, isHeadRequest: head, connection: connection, dateLine: date, to: &buffer)
        return String(decoding: buffer, as: UTF8.self)
    }

    @Test func aPreparedResponseSerialisesLikeTheUnpreparedOne() {
        let plain = HTTPResponse(
            status: .ok,
            headers: HTTPHeaders([("Content-Type", "image/svg+xml"), ("ETag", "\"abc\""), ("Date", "forged"),
                                  ("Content-Length", "1"), ("Bad\r\nName", "x")]),
            body: Array("<svg/>".utf8))
        let prepared = plain.prepared()
        #expect(prepared.isPrepared && !plain.isPrepared)
        for (head, connection) in [(false, ResponseSerializer.ConnectionHeader.none), (true, .close), (false, .keepAlive)] {
            #expect(wire(prepared, head: head, connection: connection) == wire(plain, head: head, connection: connection))
        }
        #expect(wire(prepared, head: true).contains("Content-Length: 6\r\n"))
        #expect(wire(prepared, head: true).hasSuffix("GMT\r\n\r\n"))
    }

    @Test func aPrepared304HasNoLengthAndNoBody() {
        let notModified = HTTPResponse(status: .notModified, headers: HTTPHeaders([("ETag", "\"abc\"")])).prepared()
        #expect(wire(notModified) == "HTTP/1.1 304 Not Modified\r\nETag: \"abc\"\r\n" + String(decoding: date, as: UTF8.self) + "\r\n")
    }

    @Test func changingAPreparedResponseDropsThePreparedHead() {
        var response = HTTPResponse.text(.ok, "one").prepared()
        response.body = Array("three".utf8)
        #expect(!response.isPrepared)
        #expect(wire(response).contains("Content-Length: 5\r\n"))
        var other = HTTPResponse.text(.ok, "x").prepared()
        other.headers.add(name: "X-A", value: "1")
        #expect(!other.isPrepared && wire(other).contains("X-A: 1\r\n"))
    }
}
