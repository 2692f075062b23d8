#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import RingTestSupport
import Testing

/// A client that pipelines many large requests and then stops reading must not make ringd buffer their
/// responses: the server stops parsing once its output cap is queued. Runs the real `ringd` executable
/// (next to this test bundle) so its memory is measured alone, not mixed with the tests running here.
@Suite(.serialized, .tags(.liveSocket)) struct SlowReaderTests {
    /// The server's per-connection output cap (`HTTPServer.Configuration.maxQueuedOutput`).
    static let outputCap = 256 * 1024
    /// Allowed growth besides the cap: allocator slack, a parsed request or two, one response being
    /// serialised. The 200 responses themselves are ~15 MB, so buffering them would blow far past this.
    static let slackBytes = 6 << 20

    @Test func pipelinedLargeResponsesToAStalledReaderStayWithinTheCap() async throws {
        try await onOwnThread {
            let ringd = try RingdProcess(arguments: ["--io-queues", "1", "--render-threads", "1"])
            defer { ringd.stop() }
            let target = "/activity?p=10,10,10,10,10,10,10,10&size=2048&animate=1"

            // Warm the cache and the allocator: one big image, then a pipelined batch read promptly.
            let warm = try TestClient(port: ringd.port)
            let image = try warm.get(target)
            #expect(image.status == 200 && image.body.count > 60_000)
            warm.send(String(repeating: "GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n", count: 20))
            for _ in 0..<20 { _ = try warm.readResponse() }
            let baseline = try ringd.residentBytes()

            let client = try TestClient(port: ringd.port, timeout: .seconds(10))
            let count = 200
            #expect(client.send(String(repeating: "GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n", count: count)))
            // Reads nothing until the responses have filled the path and ringd's memory has stopped moving
            // (within 256 KiB over half a second): whatever it buffers for this client, it has buffered.
            #expect(client.waitUntilReceiveQueueIsFull(within: .seconds(30)), "the responses never filled the path")
            var samples: [Int] = []
            let settled = eventually(within: .seconds(30), every: .milliseconds(100)) {
                samples.append((try? ringd.residentBytes()) ?? 0)
                let recent = samples.suffix(6)
                return recent.count == 6 && recent.max()! - recent.min()! < 256 * 1024
            }
            #expect(settled, "ringd's RSS kept moving: \(samples.suffix(6))")
            let stalled = try ringd.residentBytes()
            let growth = stalled - baseline
            print("slow reader: ringd RSS \(baseline / 1024) KiB before, \(stalled / 1024) KiB once stalled "
                  + "(+\(growth / 1024) KiB; \(count) responses = \(count * image.body.count / 1024) KiB)")
            #expect(growth < Self.outputCap + Self.slackBytes)

            for index in 0..<count {
                let response = try client.readResponse()
                #expect(response.status == 200, "response \(index)")
                #expect(response.body == image.body, "response \(index)")
            }
        }
    }
}

/// The built `ringd` executable on a free loopback port.
final class RingdProcess {
    let process = Process()
    let port: Int
    private let stderr = Pipe()

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(arguments: [String]) throws {
        let tests = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        let binary = URL(fileURLWithPath: tests).deletingLastPathComponent().appendingPathComponent("ringd")
        guard FileManager.default.isExecutableFile(atPath: binary.path) else {
            throw Failure(description: "\(binary.path) is missing: build it first (swift build)")
        }
        process.executableURL = binary
        process.arguments = ["--port", "0", "--log-level", "info"] + arguments
        process.standardError = stderr
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        // "ringd listening on http://127.0.0.1:PORT/" is the first log line.
        var log = ""
        let deadline = ContinuousClock.now + .seconds(20)
        while ContinuousClock.now < deadline, !log.contains("listening on") {
            let data = stderr.fileHandleForReading.availableData
            if data.isEmpty { break }
            log += String(decoding: data, as: UTF8.self)
        }
        guard let range = log.range(of: #"127\.0\.0\.1:(\d+)/"#, options: .regularExpression),
            let port = Int(log[range].dropFirst("127.0.0.1:".count).dropLast())
        else {
            process.terminate()
            throw Failure(description: "ringd did not report its port: \(log)")
        }
        self.port = port
    }

    /// VmRSS of the process, from /proc.
    func residentBytes() throws -> Int {
        let status = try String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") }),
            let kib = Int(line.split(separator: " ", omittingEmptySubsequences: true)[1])
        else { throw Failure(description: "no VmRSS in /proc status") }
        return kib * 1024
    }

    /// Kills the process. Not SIGTERM: a child spawned from a test thread inherits that thread's signal
    /// mask, and libdispatch's threads block SIGTERM, so a graceful stop would never be delivered here
    /// (scripts/check/shutdown.py tests SIGTERM from a clean parent).
    func stop() {
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }
}
