import ArgumentParser
import Testing
@testable import FlowrunCommands

/// `flowrun --park CODE FLOW ...` skips ArgumentParser for a faster cold start
/// (RunFastPath). It must read what it takes exactly as ArgumentParser reads it, and leave
/// everything else (help, usage errors, other commands, unusual spellings) to it.
@Suite struct RunFastPathTests {
    /// What ArgumentParser makes of `arguments`: the run request, or nil for another command.
    func parsed(_ arguments: [String]) throws -> RunRequest? {
        (try Flowrun.parseAsRoot(arguments) as? Flowrun.Run)?.request
    }

    @Test(arguments: [
        ["--park", "GOGA"],
        ["--park", "GOGA", "home"],
        ["home", "--park", "GOGA"],
        ["run", "--park", "GOGA", "sites"],
        ["--root", "../copy", "--park", "GOGA", "home"],
        ["--park", "GOGA", "home", "--root", "../copy"],
        ["--park", "GOGA", "sites", "--at", "37.8078,-122.4750", "--arg", "category=viewpoint", "--arg", "x=1"],
        ["--park", "GOGA", "sites", "--at", "-33.9,18.4"],
        ["--park", "GOGA", "map", "--center", "37.80,-122.46", "--zoom", "12", "--size", "390x844", "--format", "svg"],
        ["--park", "GOGA", "map", "--bbox", "-122.52,37.74,-122.40,37.82", "--zoom", "-1"],
        ["--park", "GOGA", "ar", "--at", "37.8,-122.47", "--heading", "90", "--pitch", "-10", "--fov", "60"],
        ["--park", "GOGA", "home", "--follow", "9", "--follow", "2", "--format", "json"],
        ["--park", "YOSE", "geofence", "--track", "t.gpx", "--time", "2026-07-04T09:30:00-07:00"],
        ["--park", "GOGA", "--max-instructions", "5000", "--max-memory", "16", "--time-limit", "0.5"],
        ["--park", "GRTE", "onboarding", "--assets", "parks/GRTE/assets", "--assets-parallel", "2", "--assets-timeout", "500"],
        ["--park", "GOGA", "--max-instructions", "+5000", "--time-limit", "1e-3"],
        ["--park", "goga", "homee"],
        ["--bundle", "dist/GOGA", "--park", "GOGA", "home"],
        ["--park", "GOGA", "--bundle", "dist/GOGA", "--trust", "keys/a.pub", "--trust", "b.pub"],
        ["--cache", "app", "--park", "GOGA", "onboarding", "--trust", "keys/a.pub"],
    ])
    func readsWhatArgumentParserReads(arguments: [String]) throws {
        let fast = try #require(RunFastPath.parse(arguments), "the fast path declined \(arguments)")
        #expect(fast == (try parsed(arguments)))
    }

    @Test(arguments: [
        [],  // no --park: ArgumentParser's error
        ["home"],
        ["--help"], ["-h"], ["--park", "GOGA", "--help"], ["help"], ["--version"],
        ["parks"], ["check"], ["lua", "try.lua"], ["stubs"], ["--root", "x", "run", "--park", "GOGA"],
        ["--park", "check"],  // a subcommand's name anywhere
        ["--park", "GOGA", "--zoom", "parks"],
        ["--park=GOGA"],  // other spellings
        ["--park", "GOGA", "--", "home"],
        ["--park", "GOGA", "-x"],
        ["--park", "GOGA", "--nosuch", "1"],
        ["--park", "GOGA", "--park", "YELL"],  // one value given twice
        ["--park", "GOGA", "--at", "1,2", "--at", "3,4"],
        ["--park", "GOGA", "--bundle", "a", "--bundle", "b"],
        ["bundle", "--park", "GOGA", "--key", "k.key"], ["keys", "new", "dev"],
        ["serve", "--bundles", "dist"], ["sync", "--from", "http://127.0.0.1:8090/", "--park", "GOGA", "--cache", "app"],
        ["--park", "GOGA", "--cache", "a", "--cache", "b"],
        ["--park", "GOGA", "home", "map"],  // a second flow
        ["--park", "-GOGA"],  // a value that looks like an option
        ["--park", "GOGA", "--time", "-5"],
        ["--park"], ["--park", "GOGA", "--zoom"],  // a missing value
        ["--park", ""], ["--park", "GOGA", ""],
        ["--park", "GOGA", "--format", "JSON"],  // values ArgumentParser rejects
        ["--park", "GOGA", "--max-memory", "1e3"],
        ["--park", "GOGA", "--time-limit", "soon"],
        ["--park", "GOGA", "--assets", "x", "--assets-parallel", "two"],
    ])
    func leavesTheRestToArgumentParser(arguments: [String]) {
        #expect(RunFastPath.parse(arguments) == nil)
    }

    @Test func subcommandNamesAreArgumentParsers() {
        let names = Flowrun.configuration.subcommands.map { $0._commandName } + ["help"]
        #expect(Set(names) == RunFastPath.subcommandNames)
    }

    /// The options RunFastPath knows are the run command's: a new option there must be added
    /// to it (or it would go to ArgumentParser, slower but right).
    @Test func knowsEveryOptionOfRun() throws {
        let help = Flowrun.helpMessage(for: Flowrun.Run.self, columns: 1000)
        let options = Set(
            help.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "," })
                .filter { $0.hasPrefix("--") }.map(String.init))
        #expect(options.subtracting(["--help"]) == RunFastPath.unconditional.union(RunFastPath.valued).union(RunFastPath.flags))
    }
}
