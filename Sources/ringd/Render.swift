import ArgumentParser
import RingApp

/// `ringd render`: draws images offline through the server's decoder and writers (RingApp's ``OfflineRender``).
struct Render: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Draw images with no server: the bytes the server would send for the same query.",
        discussion: """
            A QUERY is what follows the host in a ringd URL: 'ring.png?p=0.7&size=256', with or without a \
            leading /, or a whole http://host/… URL. Image parameters go in the query ('ring?p=0.7&size=64'), \
            never as options. The format is chosen as the server chooses it: a .png or .svg suffix on the \
            route, else format=png|svg, else the extension of -o FILE (.png or .svg), else SVG; a query that \
            names one format with -o FILE naming the other is refused (exit status 64). Spaces, # (a colour here, never a \
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

    // Every input no option claims, dash-prefixed ones too, so `--size 64` is named by validate() as an option
    // placed where a query goes, instead of `64` being taken for a second query.
    @Argument(parsing: .allUnrecognized, help: ArgumentHelp(
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
        if let index = queries.firstIndex(where: Self.looksLikeOption) {
            throw ValidationError(Self.misplacedOption(at: index, in: queries))
        }
        if output != nil && outDir != nil { throw ValidationError("give -o or --out-dir, not both") }
        if queries.isEmpty && outDir == nil {
            throw ValidationError("queries from standard input need --out-dir (or give one query and -o FILE)")
        }
        if queries.count > 1 && outDir == nil { throw ValidationError("several queries need --out-dir") }
        if let output, let query = queries.first, let wanted = Self.format(ofFile: output),
           let stated = OfflineRender.statedFormat(of: query), stated != wanted {
            throw ValidationError(
                "the query asks for \(stated.rawValue.uppercased()) but -o \(output) names \(wanted.rawValue.uppercased()); "
                    + "give a .\(stated.rawValue) file, or ask for \(wanted.rawValue) in the query")
        }
    }

    /// The format a file name's extension names (`.png`, `.svg`, any case), or nil.
    static func format(ofFile path: String) -> OutputFormat? {
        guard path != "-", let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
        return OutputFormat(rawValue: path[path.index(after: dot)...].lowercased())
    }

    /// What to say about `arguments[index]`, an option (or `name=value`) given where a query goes: the name,
    /// and the query it belongs in (`--size 64` after `ring?p=0.7`: `'ring?p=0.7&size=64'`).
    static func misplacedOption(at index: Int, in arguments: [String]) -> String {
        let argument = arguments[index]
        let pair = argument.drop { $0 == "-" }
        let name = pair.prefix { $0 != "=" }
        var value = pair.contains("=") ? String(pair.drop { $0 != "=" }.dropFirst()) : nil
        if value == nil, index + 1 < arguments.count, !looksLikeOption(arguments[index + 1]) { value = arguments[index + 1] }
        let query = arguments.first { !looksLikeOption($0) && $0 != value } ?? "ring?p=0.7"
        let joined = query + (query.contains("?") ? "&" : "?") + name + "=" + (value ?? "…")
        return "\(argument) is not an option of ringd render: \(name) is an image parameter and goes in the query, "
            + "e.g. '\(joined)'"
    }

    /// An argument that is an option or a lone `name=value` pair rather than a query: `--size`, `-s`,
    /// `size=64` (a query has a route before any `=`, so its first `=` comes after a `?`).
    static func looksLikeOption(_ argument: String) -> Bool {
        if argument.hasPrefix("-") { return argument != "-" }
        guard let equals = argument.firstIndex(of: "=") else { return false }
        return !argument[..<equals].contains("?") && !argument[..<equals].contains("/")
    }

    func run() throws {
        var refused = false
        if let outDir {
            do {
                try CommandOutput.makeDirectory(outDir)
            } catch {
                CommandOutput.printError("ringd render: \(error)\n")
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
                    CommandOutput.printError((label.map { $0 + ": " } ?? "") + refusal.text)
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
            let format = output.flatMap(Self.format(ofFile:)) ?? .svg
            switch OfflineRender.render(queries[0], defaultFormat: format) {
            case .success(let image):
                try Self.write(image.body, to: output ?? "-")
            case .failure(let refusal):
                CommandOutput.printError(refusal.text)
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
                try CommandOutput.writeStandardOutput(bytes)
            } else {
                try CommandOutput.save(bytes, to: path)
            }
        } catch {
            CommandOutput.printError("ringd render: cannot write \(error)\n")
            throw ExitCode(74)
        }
    }
}
