import BenchData
import Foundation
import Testing

/// The attack corpus (Fixtures/attacks): hostile flows and park.lua files of each class
/// the containment review found. Each file says what must stop it (`-- expect: exit N:
/// message`, alternatives split by `|`); run through the CLI as an author or server would.
/// How fast and how small each stays is measured by `flowbench containment`.
@Suite struct AttackTests {
    struct Attack: CustomStringConvertible, Sendable {
        var file: String
        var exitCode: Int32
        var messages: [String]
        /// Options after the flow's name (`-- args: --format html`).
        var arguments: [String] = []
        var isPark: Bool { file.hasSuffix(".park.lua") }
        var name: String { String(file.prefix(while: { $0 != "." })) }
        var description: String { file }
    }

    static let folder = repositoryRoot.appendingPathComponent("Tests/FlowrunTests/Fixtures/attacks")

    static let attacks: [Attack] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return files.filter { $0.hasSuffix(".lua") }.sorted().compactMap { file in
            guard let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
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
    }()

    @Test func theCorpusIsThere() {
        #expect(Self.attacks.count >= 45)
    }

    @Test(arguments: attacks)
    func eachAttackEndsWithItsLimit(_ attack: Attack) throws {
        let project = try ProjectCopy()
        let source = try String(contentsOf: Self.folder.appendingPathComponent(attack.file), encoding: .utf8)
        let arguments: [String]
        if attack.isPark {
            try project.write("parks/ZATK/park.lua", source)
            arguments = ["--root", project.url.path, "--park", "ZATK", "home"]
        } else {
            try project.write("flows/\(attack.file)", source)
            arguments = ["--root", project.url.path, "--park", "GOGA", attack.name] + attack.arguments
        }
        // An attack that must meet the instruction budget gets CPU time to spare: a debug
        // build on a loaded machine can take over the phone's 1 s before 20M instructions,
        // and then the CPU limit, not the budget under test, would stop it.
        let timeToSpare = attack.messages.contains { $0.contains("CPU time") } ? [] : ["--time-limit", "30"]
        let result = try flowrun(arguments + timeToSpare)
        #expect(result.status == attack.exitCode, "\(result.stderr.prefix(400))")
        if !attack.messages.isEmpty {
            let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
            #expect(attack.messages.contains { firstLine.contains($0) }, "\(firstLine.prefix(300))")
            // Every error names where it happened.
            #expect(firstLine.contains(attack.isPark ? "parks/ZATK/park.lua" : "flows/\(attack.file)"), "\(firstLine.prefix(300))")
        }
    }

    /// The content files and recordings a Lua file cannot stage (BenchData's
    /// ``ContentAttack``): each ends as it must, and a failure names the file at fault.
    @Test(arguments: ContentAttack.all)
    func eachContentAttackEndsAsItMust(_ attack: ContentAttack) throws {
        let project = try ProjectCopy()
        for (path, bytes) in attack.files() { try project.write(path, bytes) }
        let result = try flowrun(attack.arguments(root: project.url.path) + ["--time-limit", "30"])
        #expect(result.status == attack.exitCode, "\(result.stderr.prefix(400))")
        let firstLine = result.stderr.split(separator: "\n").first.map(String.init) ?? ""
        if !attack.messages.isEmpty {
            #expect(attack.messages.contains { firstLine.contains($0) }, "\(firstLine.prefix(300))")
        }
        if let file = attack.file { #expect(firstLine.contains(file), "\(firstLine.prefix(300))") }
        // Whatever the content holds, what reaches the terminal stays a few lines long.
        #expect(result.stderr.utf8.count < 4_000, "\(result.stderr.prefix(300))")
    }
}
