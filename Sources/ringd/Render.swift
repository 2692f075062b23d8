import ArgumentParser
import RingApp

/// `ringd render`: draws images offline through the server's decoder and writers (RingApp's ``OfflineRender``).
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw images with no server: the bytes the server would send for the same query.",
        discussion: """
            A QUERY is what follows the host in a ringd URL: 'ring.png?p=0.7&size=256', with or without a \
            leading /, or a whole http://host/… URL. The format is chosen as the server chooses it: a .png or \
            .svg suffix on the route, else format=png|svg, else SVG. Spaces, # (a colour here, never a \
            fragment) and non-ASCII characters are percent-encoded first, as a browser's address bar does.

            With no QUERY, queries are read from standard input, one per line (blank lines and lines \
            starting with # are skipped), and --out-dir is required.

            With --out-dir, each picture goes to DIR/<route>_<query>-<hash>.<ext> and its path is printed on \
            standard output: <query> is the query with every run of characters other than ASCII letters, \
            digits and . , = + - replaced by one _, cut to \(OfflineRender.maxReadableNameBytes) bytes; \
            <hash> is the first 8 hex digits of the SHA-256 of the query as the server would see it (so \
            names are deterministic and distinct queries never share one); <ext> is png or svg. Names never \
            contain / and never start with a dot.

            A query the server would refuse writes nothing; its message, exactly the text of the server's \
            400 (or 404) answer, goes to standard error (prefixed with "line N: " when read from standard \
            input), the remaining queries are still drawn, and the exit status is 1. Exit status 64: bad \
            command line; 74: an output could not be written.
            """)

    @Argument(help: ArgumentHelp(
        "Queries to draw, e.g. 'ring.png?p=0.7&size=256' (none: read them from standard input).",
        valueName: "query"))
    var queries: [String] = []

    @Option(name: [.short, .customLong("output")], help: ArgumentHelp(
        "Write the one query's image to FILE; - (the default) is standard output.", valueName: "file"))
    var output: String?

    @Option(name: .customLong("out-dir"), help: ArgumentHelp(
        "Write every image into DIR (created if missing) under a name derived from its query (see below).",
        valueName: "dir"))
    var outDir: String?

    func validate() throws {
        if output != nil && outDir != nil { throw ValidationError("give -o or --out-dir, not both") }
        if queries.isEmpty && outDir == nil {
            throw ValidationError("queries from standard input need --out-dir (or give one query and -o FILE)")
        }
        if queries.count > 1 && outDir == nil { throw ValidationError("several queries need --out-dir") }
    }

    func run() throws {
        var refused = false
        if let outDir {
            do {
                try FileOutput.makeDirectory(outDir)
            } catch {
                FileOutput.printError("ringd render: \(error)\n")
                throw ExitCode(74)
            }
            func draw(_ query: String, label: String?) throws {
                switch OfflineRender.render(query) {
                case .success(let image):
                    let path = (outDir.hasSuffix("/") ? outDir : outDir + "/")
                        + OfflineRender.fileName(for: query, format: image.format)
                    try Self.write(image.body, to: path)
                    print(path)
                case .failure(let refusal):
                    refused = true
                    FileOutput.printError((label.map { $0 + ": " } ?? "") + refusal.text)
                }
            }
            if queries.isEmpty {
                // One line at a time, so a long list starts producing files at once.
                var number = 0
                while let line = readLine() {
                    number += 1
                    let query = Self.trimmed(line)
                    if query.isEmpty || query.hasPrefix("#") { continue }
                    try draw(query, label: "line \(number)")
                }
            } else {
                for query in queries { try draw(query, label: nil) }
            }
        } else {
            switch OfflineRender.render(queries[0]) {
            case .success(let image):
                try Self.write(image.body, to: output ?? "-")
            case .failure(let refusal):
                FileOutput.printError(refusal.text)
                refused = true
            }
        }
        if refused { throw ExitCode.failure }
    }

    /// `line` without leading and trailing spaces, tabs and carriage returns.
    static func trimmed(_ line: String) -> String {
        let blank: Set<Character> = [" ", "\t", "\r"]
        var s = Substring(line)
        while let first = s.first, blank.contains(first) { s.removeFirst() }
        while let last = s.last, blank.contains(last) { s.removeLast() }
        return String(s)
    }

    /// Writes to `path` (`-`: standard output), exiting with status 74 when that fails.
    static func write(_ bytes: [UInt8], to path: String) throws {
        do {
            if path == "-" {
                try FileOutput.writeStandardOutput(bytes)
            } else {
                try FileOutput.save(bytes, to: path)
            }
        } catch {
            FileOutput.printError("ringd render: cannot write \(error)\n")
            throw ExitCode(74)
        }
    }
}
