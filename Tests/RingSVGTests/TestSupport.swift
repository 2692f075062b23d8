import Foundation

/// Environment variables the tests read.
enum Environment {
    static func value(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }

    /// `RING_RECORD=1` re-records goldens; nothing else ever writes them.
    static var isRecording: Bool { value("RING_RECORD") == "1" }
}

enum TestFiles {
    static func write(_ text: String, to path: String) throws {
        let url = URL(fileURLWithPath: path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    static func read(_ path: String) -> String? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        return String(decoding: data, as: UTF8.self)
    }

    /// A fresh temporary directory for one test.
    static func temporaryDirectory() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("ringsvg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir.path
    }

    /// This source folder, for goldens stored beside the tests.
    static func sourceDirectory(_ file: String = #filePath) -> String {
        URL(fileURLWithPath: file).deletingLastPathComponent().path
    }
}

/// An external program's result.
struct ToolOutput {
    var status: Int32
    var stdout: Data
    var stderr: String
}

enum Tool {
    /// The absolute path of `name` on PATH, or nil.
    static func find(_ name: String) -> String? {
        let path = Environment.value("PATH") ?? "/usr/bin:/bin"
        for dir in path.split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `executable` with `arguments`, feeding `input` on stdin.
    static func run(_ executable: String, _ arguments: [String], input: Data = Data()) throws -> ToolOutput {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let stdin = Pipe(), stdout = Pipe(), stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Write and read concurrently-safe enough for our small payloads: feed stdin, then drain.
        let writer = stdin.fileHandleForWriting
        writer.write(input)
        try writer.close()
        let out = stdout.fileHandleForReading.readDataToEndOfFile()
        let err = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ToolOutput(status: process.terminationStatus, stdout: out, stderr: String(decoding: err, as: UTF8.self))
    }
}
