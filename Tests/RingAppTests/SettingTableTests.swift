import Foundation
import RingHTTP
import Testing
@testable import RingApp

/// The settings table (``Setting/all``) is the one source of every flag's variables, default, range and help: for
/// every row, ``Settings`` reads each of its variables and starts from its stated default, the help and the
/// README's table state that default, and the defaults are the configurations' own. (`ringd`'s options and
/// `Environment.names` are held to the same rows in RingdTests.)
@Suite struct SettingTableTests {
    static let defaults = try? Settings(environment: [:])

    /// A value `setting` refuses, or nil for a kind that takes any text (lists other than proxies).
    static func invalid(_ setting: Setting) -> String? {
        switch setting.kind {
        case .integer(let range, _): String(range.upperBound + 1)
        case .text: ""
        case .choice, .onOff, .switch: "maybe"
        case .list: setting.flag == Setting.trustProxy.flag ? "nginx" : nil
        }
    }

    @Test func flagsAndVariablesAreUnique() {
        #expect(Set(Setting.all.map(\.flag)).count == Setting.all.count)
        #expect(Set(Setting.variables).count == Setting.variables.count)
        #expect(Setting.all.allSatisfy { !$0.variables.isEmpty && !$0.help.isEmpty })
    }

    /// Each variable of each row moves the settings, and the row's default read as if given changes nothing: the
    /// default `--help` and the README state is the one in force.
    @Test(arguments: Setting.all.map(\.flag))
    func everyVariableIsReadAndTheStatedDefaultIsInForce(_ flag: String) throws {
        let setting = try #require(Setting.all.first { $0.flag == flag })
        let defaults = try #require(Self.defaults)
        for variable in setting.variables {
            let moved = try Settings(environment: [variable: setting.example])
            #expect(moved != defaults, "\(variable)=\(setting.example) changed nothing")
            if let text = setting.defaultValue.text {
                #expect(try Settings(environment: [variable: text]) == defaults, "\(variable)=\(text)")
            }
        }
    }

    /// A refused value names the flag and every variable, and says what the row accepts.
    @Test(arguments: Setting.all.map(\.flag))
    func aRefusalNamesTheFlagAndItsVariables(_ flag: String) throws {
        let setting = try #require(Setting.all.first { $0.flag == flag })
        guard let bad = Self.invalid(setting) else { return }
        let error = #expect(throws: Settings.Invalid.self) {
            try Settings(environment: [setting.variables[0]: bad])
        }
        let message = error?.message ?? ""
        #expect(message.contains("--\(flag)"), "\(message)")
        for variable in setting.variables { #expect(message.contains(variable), "\(message)") }
        if case .integer = setting.kind { #expect(message.contains(setting.expectation), "\(message)") }
    }

    /// The help states each row's variables and default; the README's table is the generated one, and its line for
    /// each row carries the same flag, variables, default and help.
    @Test(arguments: Setting.all.map(\.flag))
    func helpAndReadmeStateTheRow(_ flag: String) throws {
        let setting = try #require(Setting.all.first { $0.flag == flag })
        for variable in setting.variables { #expect(setting.helpText.contains(variable)) }
        if setting.kind != .switch, let words = setting.defaultWords {
            #expect(setting.helpText.hasSuffix("(default: \(words))"), "\(setting.helpText)")
        }
        let readme = try String(contentsOf: ReadmeTests.readme, encoding: .utf8)
        let current = readme.contains(Setting.markdown())
        #expect(current, "README.md's settings table is stale: run scripts/update-readme")
        let line = try #require(readme.split(separator: "\n").first { $0.hasPrefix("| `--\(flag)` |") })
        #expect(line.contains(setting.help))
        for variable in setting.variables { #expect(line.contains("`\(variable)`")) }
        #expect(line.contains(setting.defaultWords ?? "—"))
        if case .integer(let range, _) = setting.kind { #expect(line.contains("\(range.lowerBound)…\(range.upperBound)")) }
    }

    /// With nothing given, the configurations are their own defaults: the table took its defaults from them.
    @Test func theDefaultsAreTheConfigurations() throws {
        let settings = try #require(Self.defaults)
        #expect(settings.appConfiguration == AppConfiguration())
        let server = settings.serverConfiguration, standard = HTTPServer.Configuration()
        #expect(server.host == standard.host && server.port == standard.port && server.ioQueues == standard.ioQueues)
        #expect(server.headerTimeout == standard.headerTimeout && server.idleTimeout == standard.idleTimeout)
        #expect(server.maxConnections == standard.maxConnections)
        #expect(server.maxConnectionsPerClient == standard.maxConnectionsPerClient)
    }

    /// A row added to (or changed in) the table shows in the README's table with no other edit.
    @Test func aScratchRowReachesTheReadmeTable() {
        let scratch = Setting(
            "scratch-mb", example: "5", ["RINGD_SCRATCH_MB"], .integer(1...9, unit: "MiB"), default: .value("3"), help: "a scratch row")
        let markdown = Setting.markdown(Setting.all + [scratch])
        #expect(markdown.contains("| `--scratch-mb` | `RINGD_SCRATCH_MB` | `3` | a scratch row (1…9) |"))
        #expect(scratch.helpText == "A scratch row (1…9). [env: RINGD_SCRATCH_MB] (default: 3)")
        #expect(!Setting.markdown().contains("scratch"))
    }
}
