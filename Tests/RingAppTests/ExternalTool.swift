import Foundation

/// Runs independent command-line tools (rsvg-convert, pngcheck, Python + Pillow) from tests.
///
/// A missing tool is a test failure with instructions, never a skip: CI installs them, and a silently skipped
/// oracle would let rendering bugs through.
enum ExternalTool {
    struct Output {
        var status: Int32
        var stdout: Data
        var stderr: String
        var text: String { String(decoding: stdout, as: UTF8.self) }
    }

    struct Missing: Error, CustomStringConvertible {
        var tool: String
        var install: String
        var description: String { "\(tool) is not installed; this test needs it. Install with: \(install)" }
    }

    static func locate(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `name` with `arguments`; throws ``Missing`` (with `install` advice) when it is not on PATH.
    static func run(_ name: String, _ arguments: [String], install: String) throws -> Output {
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
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try errHandle.close()
        let err = (try? Data(contentsOf: errURL)) ?? Data()
        return Output(status: process.terminationStatus, stdout: data, stderr: String(decoding: err, as: UTF8.self))
    }

    /// Runs a Python 3 script that imports Pillow.
    static func pillow(_ script: String, _ arguments: [String]) throws -> Output {
        let probe = try run("python3", ["-c", "import PIL"], install: "apt-get install python3")
        guard probe.status == 0 else { throw Missing(tool: "Python Pillow", install: "pip install pillow") }
        return try run("python3", ["-c", script] + arguments, install: "apt-get install python3")
    }

    /// A fresh temporary directory for one test's files.
    static func temporaryDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ringd-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// Where failure images go: `$RING_ARTIFACTS` if set, else the temporary directory.
    static func artifactDirectory() throws -> URL {
        if let dir = ProcessInfo.processInfo.environment["RING_ARTIFACTS"], !dir.isEmpty {
            let url = URL(fileURLWithPath: dir)
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            return url
        }
        return FileManager.default.temporaryDirectory
    }
}
