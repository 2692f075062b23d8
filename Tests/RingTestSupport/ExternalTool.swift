import Foundation

/// Runs independent command-line tools (rsvg-convert, pngcheck, Python + Pillow) from tests, and gives them
/// temporary files to read. Shared by the test targets that check our output against other implementations.
///
/// A missing tool is a test failure with instructions, never a skip: CI installs them all, and a silently
/// skipped oracle would let rendering or encoder bugs through.
public enum ExternalTool {
    /// What a tool run produced.
    public struct Output: Sendable {
        public var status: Int32
        public var stdout: Data
        public var stderr: String
        public var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    /// The tool is not installed.
    public struct Missing: Error, CustomStringConvertible {
        public var tool: String
        public var install: String
        public var description: String { "\(tool) is not installed; this test needs it. Install with: \(install)" }
    }

    /// The absolute path of `name` on `PATH`, or nil.
    public static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `name` with `arguments`; throws ``Missing`` (with `install` advice) when it is not on `PATH`.
    public static func run(_ name: String, _ arguments: [String], install: String) throws -> Output {
        guard let executable = locate(name) else { throw Missing(tool: name, install: install) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        // stderr goes to a file so a chatty tool cannot block on a full pipe while stdout is read.
        let errURL = FileManager.default.temporaryDirectory.appendingPathComponent("ringd-tool-\(UUID().uuidString).err")
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
    public static func pillow(_ script: String, _ arguments: [String]) throws -> Output {
        let probe = try run("python3", ["-c", "import PIL"], install: "apt-get install python3")
        guard probe.status == 0 else { throw Missing(tool: "Python Pillow", install: "pip install pillow") }
        return try run("python3", ["-c", script] + arguments, install: "apt-get install python3")
    }

    /// A fresh temporary directory for one test's files; the test removes it (in a `defer`).
    public static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("ringd-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Writes `bytes` to a fresh file in a directory of its own and returns its path. The caller removes the
    /// directory with ``removeTemporaryDirectory(of:)`` (in a `defer`).
    public static func temporaryFile(_ bytes: [UInt8], name: String) throws -> String {
        let url = try temporaryDirectory().appendingPathComponent(name)
        try Data(bytes).write(to: url)
        return url.path
    }

    /// Removes the directory ``temporaryFile(_:name:)`` made for `path`, with whatever the test wrote beside it.
    public static func removeTemporaryDirectory(of path: String) {
        try? FileManager.default.removeItem(at: URL(fileURLWithPath: path).deletingLastPathComponent())
    }

    /// Where failure images go: `$RING_ARTIFACTS` if set, else the temporary directory.
    public static func artifactDirectory() throws -> URL {
        if let dir = ProcessInfo.processInfo.environment["RING_ARTIFACTS"], !dir.isEmpty {
            let url = URL(fileURLWithPath: dir)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        return FileManager.default.temporaryDirectory
    }
}
