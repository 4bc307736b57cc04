import BenchData
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// `flowbench containment`: every hostile script of the attack corpus
/// (Tests/FlowrunTests/Fixtures/attacks) run through the release flowrun, measured from
/// outside: wall time, peak memory, exit code and the limit it names. Goals: each ends
/// within 2 s, under 300 MiB, with the exit code and message its file expects.
struct ContainmentBench {
    /// The project folder holding flows/, parks/ and the attack corpus.
    let root: String
    /// The flowrun binary; nil means next to this executable.
    let flowrun: String?

    struct Attack {
        var file: String
        var exitCode: Int32
        var messages: [String]
        /// Options after the flow's name (`-- args: --format html`).
        var arguments: [String] = []
        var isPark: Bool { file.hasSuffix(".park.lua") }
        var name: String { String(file.prefix(while: { $0 != "." })) }
    }

    func run() throws(BenchError) {
        let root = try BenchEnvironment.checkedRoot(self.root)
        let binary = try ColdRunBench(flowrun: flowrun, root: root, park: "GOGA").flowrun
        let folder = root + "/Tests/FlowrunTests/Fixtures/attacks"
        let attacks = try Self.corpus(folder)
        let staged = try StagedProject(root: root, park: "GOGA", flowFile: "bench_noop.lua", source: "")
        defer { staged.remove() }
        var table = TextTable(
            "Containment — \(attacks.count + ContentAttack.all.count) attacks, each one spawn of \(binary), measured from outside",
            header: ["attack", "wall s", "peak MiB", "exit", "stopped by", "goal"])
        var failures = 0
        for attack in attacks {
            let source: String
            do { source = try String(contentsOfFile: folder + "/" + attack.file, encoding: .utf8) } catch {
                throw .setup("cannot read \(attack.file): \(error.localizedDescription)")
            }
            let arguments: [String]
            do {
                if attack.isPark {
                    try FileManager.default.createDirectory(atPath: staged.path + "/parks/ZATK", withIntermediateDirectories: true)
                    try source.write(toFile: staged.path + "/parks/ZATK/park.lua", atomically: true, encoding: .utf8)
                    arguments = ["--root", staged.path, "--park", "ZATK", "home"]
                } else {
                    try source.write(toFile: staged.path + "/flows/\(attack.file)", atomically: true, encoding: .utf8)
                    arguments = ["--root", staged.path, "--park", "GOGA", attack.name] + attack.arguments
                }
            } catch {
                throw .setup("cannot stage \(attack.file): \(error.localizedDescription)")
            }
            progress("containment: \(attack.file)")
            let row = try Self.measure(binary, arguments, in: staged.path, name: attack.name, exitCode: attack.exitCode, messages: attack.messages)
            if !attack.isPark { try? FileManager.default.removeItem(atPath: staged.path + "/flows/\(attack.file)") }
            if !row.met { failures += 1 }
            table.add(row.cells)
        }
        // Content files and recordings (BenchData's ContentAttack), each in a copy of its own.
        for attack in ContentAttack.all {
            let copy = try StagedProject(root: root, park: attack.park, flowFile: "bench_noop.lua", source: "")
            defer { copy.remove() }
            do {
                for (path, bytes) in attack.files() {
                    let file = URL(fileURLWithPath: copy.path + "/" + path)
                    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try Data(bytes).write(to: file)
                }
            } catch {
                throw .setup("cannot stage \(attack.name): \(error.localizedDescription)")
            }
            progress("containment: \(attack.name)")
            let row = try Self.measure(
                binary, attack.arguments(root: copy.path), in: copy.path, name: attack.name, exitCode: attack.exitCode, messages: attack.messages)
            if !row.met { failures += 1 }
            table.add(row.cells)
        }
        let total = attacks.count + ContentAttack.all.count
        table.note("goal: every attack ends within 2 s and under 300 MiB, with its expected exit code and limit.")
        table.note("\(total - failures) of \(total) meet it.")
        print(table.render())
    }

    /// One spawn of `binary` measured from outside: its table row, and whether it met the
    /// goal (2 s, 300 MiB, the exit code, one of `messages` on its first line of stderr).
    static func measure(
        _ binary: String, _ arguments: [String], in folder: String, name: String, exitCode: Int32, messages: [String]
    ) throws(BenchError) -> (cells: [String], met: Bool) {
        let errFile = folder + "/stderr.txt"
        let outcome = try ProcessSpawner.run(binary, arguments, stderrFile: errFile)
        let stderr = (try? String(contentsOfFile: errFile, encoding: .utf8)) ?? ""
        let firstLine = stderr.split(separator: "\n").first.map(String.init) ?? ""
        let seconds = outcome.wallNanoseconds / 1e9
        let peakMiB = Double(outcome.maxRSSKiB) / 1024
        let named = messages.first { firstLine.contains($0) } ?? (messages.isEmpty ? "(runs)" : "?")
        let met = seconds < 2 && peakMiB < 300 && outcome.exitStatus == exitCode && named != "?"
        let cells = [
            name, Format.fixed(seconds, 2), Format.fixed(peakMiB, 0),
            outcome.exitStatus.map(String.init) ?? "signal \(outcome.signal ?? 0)", named, met ? "PASS" : "FAIL",
        ]
        return (cells, met)
    }

    static func corpus(_ folder: String) throws(BenchError) -> [Attack] {
        let files: [String]
        do { files = try FileManager.default.contentsOfDirectory(atPath: folder) } catch {
            throw .setup("no attack corpus at \(folder)")
        }
        return files.filter { $0.hasSuffix(".lua") }.sorted().compactMap { file in
            guard let text = try? String(contentsOfFile: folder + "/" + file, encoding: .utf8),
                let line = text.split(separator: "\n").first(where: { $0.hasPrefix("-- expect: exit ") })
            else { return nil }
            let rest = line.dropFirst("-- expect: exit ".count)
            let code = Int32(rest.prefix(while: \.isNumber)) ?? -1
            let message = rest.drop(while: { $0 != ":" }).dropFirst().trimmingCharacters(in: .whitespaces)
            let arguments = text.split(separator: "\n").first(where: { $0.hasPrefix("-- args: ") }).map {
                $0.dropFirst("-- args: ".count).split(separator: " ").map(String.init)
            }
            return Attack(
                file: file, exitCode: code, messages: message.isEmpty ? [] : message.split(separator: "|").map(String.init),
                arguments: arguments ?? [])
        }
    }
}
