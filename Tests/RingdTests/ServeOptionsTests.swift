import ArgumentParser
import Testing
@testable import RingApp
@testable import ringd

/// `ringd serve`'s options, its help and the environment it reads, each held to every row of the settings table
/// (``Setting/all``): the option named by a row's flag sets what the row's first variable sets, the help prints the
/// row's help text, and `Environment.names` reads the row's variables.
@Suite struct ServeOptionsTests {
    /// The option named by the row's flag sets the same value as the row's variables, and moves it off the default.
    @Test(arguments: Setting.all.map(\.flag))
    func theFlagSetsWhatItsVariablesSet(_ flag: String) throws {
        let setting = try #require(Setting.all.first { $0.flag == flag })
        let value = setting.example
        let serve = try Serve.parse(setting.kind == .switch ? ["--\(flag)"] : ["--\(flag)", value])
        let fromFlag = try serve.settings(environment: [:])
        #expect(fromFlag != (try Serve.parse([]).settings(environment: [:])), "--\(flag) \(value) changed nothing")
        for variable in setting.variables {
            #expect(try Settings(environment: [variable: value]) == fromFlag, "\(variable)=\(value)")
        }
    }

    /// `ringd --help` (serve's) carries every row's help text, variables and default, unwrapped.
    @Test func theHelpIsTheTables() {
        let help = Serve.helpMessage(columns: 10_000)
        for setting in Setting.all {
            #expect(help.contains("--\(setting.flag)"), "--\(setting.flag)")
            #expect(help.contains(setting.helpText), "--\(setting.flag): \(setting.helpText)")
        }
        // The commands that read a setting too (probe: host and port; fonts: the font folder) say the same.
        let probe = Probe.helpMessage(columns: 10_000), fonts = Fonts.helpMessage(columns: 10_000)
        #expect(probe.contains(Setting.host.helpText) && probe.contains(Setting.port.helpText))
        #expect(fonts.contains(Setting.fontDir.helpText))
    }

    /// The process environment is read through the table's variables, every one of them.
    @Test func theEnvironmentReadsEveryVariable() {
        #expect(Environment.names == Setting.all.flatMap(\.variables))
        #expect(Environment.names.contains("PORT") && Environment.names.contains("RINGD_TRUST_PROXY"))
    }
}
