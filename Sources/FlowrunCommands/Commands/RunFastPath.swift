import FlowKit

/// Reads the common `flowrun [run] --park CODE [FLOW] [options]` without ArgumentParser,
/// for a faster start: ArgumentParser's first parse in a process reflects over every
/// command and casts to its protocols, each cast a scan of every protocol conformance in
/// the binary, which made it a fifth of a cold `flowrun --park GOGA home`.
///
/// It takes only what it reads exactly as ArgumentParser would and returns nil for anything
/// else, which then goes to ArgumentParser as before: `--help`, `--name=value`, an option
/// given twice that takes one value, a value that starts with `-` after an option that
/// does not take one, a subcommand's name anywhere, an unknown option, a bad `--format` or
/// number, a missing `--park`. Help, usage errors and their messages therefore stay
/// ArgumentParser's. `RunFastPathTests` checks it against ArgumentParser's parse.
enum RunFastPath {
    /// The run's inputs (``RunInputField/all``) by their options: `--at`, `--offline`, ...
    static let inputs: [String: RunInputField] = Dictionary(uniqueKeysWithValues: RunInputField.all.map { ($0.option, $0) })
    /// Options that take the next argument whatever it starts with (`parsing: .unconditional`
    /// in ArgumentParser): the signed inputs.
    static let unconditional: Set<String> = Set(RunInputField.all.filter { $0.signed }.map { $0.option })
    /// The other options of `run` that take one value: how flowrun runs, and the unsigned inputs.
    static let valued: Set<String> = Set(
        [
            "--root", "--bundle", "--cache", "--trust", "--park", "--arg", "--format", "--follow", "--field",
            "--max-instructions", "--max-memory", "--time-limit", "--profile", "--assets", "--assets-parallel", "--assets-timeout",
        ] + RunInputField.all.filter { !$0.signed && !$0.isFlag }.map { $0.option })
    /// Options of `run` that take no value.
    static let flags: Set<String> = Set(["--act"] + RunInputField.all.filter { $0.isFlag }.map { $0.option })
    /// Options that may be given more than once (arrays in ``Flowrun/Run``).
    static let repeatable: Set<String> = ["--arg", "--follow", "--field", "--trust"]
    /// Words ArgumentParser may read as a subcommand (`help` is its own): never a flow here.
    /// flowrun-full's come from ``FullCommandLine/Command``, so a new one is never missed.
    static let subcommandNames: Set<String> = Set(
        ["run", "live", "parks", "check", "lua", "stubs", "test", "new", "catalog", "art", "profile", "help"]
            + FullCommandLine.Command.allCases.map(\.rawValue))

    /// The request `arguments` (without the program's name) ask for, or nil when they need
    /// ArgumentParser.
    static func parse(_ arguments: some Collection<String>) -> RunRequest? {
        var words = Array(arguments)
        if words.first == "run" { words.removeFirst() }
        // ArgumentParser looks for a subcommand before it reads `run`'s options, so a
        // subcommand's name is left to it even where it would be an option's value.
        guard !words.contains(where: subcommandNames.contains) else { return nil }
        var values: [String: [String]] = [:]
        var flow: String?
        var i = 0
        while i < words.count {
            let word = words[i]
            guard !word.isEmpty else { return nil }
            guard word.hasPrefix("-") else {
                guard flow == nil else { return nil }  // a second positional: ArgumentParser's error
                flow = word
                i += 1
                continue
            }
            if flags.contains(word) {
                guard values[word] == nil else { return nil }  // given twice: ArgumentParser's error
                values[word] = []
                i += 1
                continue
            }
            let isUnconditional = unconditional.contains(word)
            guard isUnconditional || valued.contains(word), i + 1 < words.count else { return nil }
            let value = words[i + 1]
            if !isUnconditional {
                guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
            }
            guard values[word] == nil || repeatable.contains(word) else { return nil }
            values[word, default: []].append(value)
            i += 2
        }
        guard let park = values["--park"]?.first else { return nil }
        var request = RunRequest(park: park)
        if let flow { request.inputs.flow = flow }
        if let root = values["--root"]?.first { request.root = root }
        request.bundle = values["--bundle"]?.first
        request.cache = values["--cache"]?.first
        request.trust = values["--trust"] ?? []
        for (option, field) in inputs {
            guard let given = values[option] else { continue }
            if field.isFlag {
                request.inputs.flags.insert(field.name)
            } else if let text = given.first {
                request.inputs.values[field.name] = text
            }
        }
        request.args = values["--arg"] ?? []
        request.follow = values["--follow"] ?? []
        request.fields = values["--field"] ?? []
        request.profile = values["--profile"]?.first
        request.act = values["--act"] != nil
        if let format = values["--format"]?.first {
            guard let known = OutputFormat(rawValue: format) else { return nil }
            request.format = known
        }
        if let text = values["--max-instructions"]?.first {
            guard let number = Int(text) else { return nil }
            request.maxInstructions = number
        }
        if let text = values["--max-memory"]?.first {
            guard let number = Int(text) else { return nil }
            request.maxMemory = number
        }
        request.assets = values["--assets"]?.first
        for (name, field) in [("--assets-parallel", \RunRequest.assetsParallel), ("--assets-timeout", \RunRequest.assetsTimeout)] {
            guard let text = values[name]?.first else { continue }
            guard let number = Int(text) else { return nil }
            request[keyPath: field] = number
        }
        if let text = values["--time-limit"]?.first {
            guard let number = Double(text) else { return nil }
            request.timeLimit = number
        }
        return request
    }
}
