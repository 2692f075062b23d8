import Foundation

/// Runs independent command-line tools (pngcheck, rsvg-convert, Python + Pillow) from tests.
///
/// A missing tool is a test failure with instructions, never a skip: CI installs them all, and a
/// silently skipped oracle would let encoder bugs through.
enum ExternalTool {
    /// What a tool run produced.
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The tool is not installed.
    struct Missing: Error, CustomStringConvertible {
        var tool: String
        var install: String
        var description: String { "\(tool) is not installed; this test needs it. Install with: \(install)" }
    }

    /// The absolute path of `name` on `PATH`, or nil.
    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `name` with `arguments`, throwing `Missing` (with `install` advice) if it is not on PATH.
    static func run(_ name: String, _ arguments: [String], install: String) throws -> Output {
        guard let executable = locate(name) else { throw Missing(tool: name, install: install) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // stderr goes to a file so a chatty tool cannot block on a full pipe while we read stdout.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("RingPNGTests-\(UUID().uuidString).err")
        guard FileManager.default.createFile(atPath: errURL.path, contents: nil),
            let errHandle = FileHandle(forWritingAtPath: errURL.path)
        else { throw CocoaError(.fileWriteUnknown) }
        defer { try? FileManager.default.removeItem(at: errURL) }
        let out = Pipe()
        process.standardOutput = out
        process.standardError = errHandle
        try process.run()
        let stdoutData = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errHandle.close()
        let stderrData = (try? Data(contentsOf: errURL)) ?? Data()
        return Output(status: process.terminationStatus, stdout: stdoutData, stderr: String(decoding: stderrData, as: UTF8.self))
    }

    /// Runs a Python 3 script that imports Pillow, failing clearly if either is missing.
    static func pillow(_ script: String, _ arguments: [String]) throws -> Output {
        let probe = try run("python3", ["-c", "import PIL"], install: "apt-get install python3")
        guard probe.status == 0 else { throw Missing(tool: "Python Pillow", install: "pip install pillow") }
        return try run("python3", ["-c", script] + arguments, install: "apt-get install python3")
    }

    /// Writes `bytes` to a fresh file in a per-test temporary directory and returns its path. The caller
    /// removes the directory with ``removeTemporaryDirectory(of:)`` (in a `defer`).
    static func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("RingPNGTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Removes the directory ``temporaryFile(_:name:)`` made for `path`, with whatever the test wrote beside it.
    static func removeTemporaryDirectory(of path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }
}
