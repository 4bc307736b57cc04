import Formats
import ArgumentParser
import FlowrunCommands
import FlowBundle
import FlowKit
import Foundation
import ScreenModel

extension Flowrun {
    /// `flowrun bundle --park CODE | --all --key FILE`: signed, content-addressed bundles.
    struct Bundle: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: FullCommandLine.Command.bundle.rawValue,
            abstract: FullCommandLine.Command.bundle.abstract,
            discussion: """
                The bundle holds flows/, parks/defaults.lua and parks/CODE/ (but its tests/), each file \
                stored once as objects/<sha256>; manifest.json lists them with their size and SHA-256 and \
                is signed with --key (Ed25519, manifest.sig); versions/N.json keeps every published \
                manifest. Nothing is written unless 'flowrun check' and 'flowrun test' pass for every park \
                asked for. The version is one more than the published one unless --version says which (it \
                must be greater). The manifest carries the time it was made (SOURCE_DATE_EPOCH, seconds \
                since 1970, when set, else the clock) and expires --expires-in days later: 'flowrun sync' \
                refuses an expired manifest, so publish again before then (unchanged files are not \
                written again). The same files and SOURCE_DATE_EPOCH give the same bytes. Run it with \
                'flowrun --bundle OUT/CODE --park CODE'.
                """)

        @OptionGroup var project: ProjectOptions

        @Option(help: "The park to bundle.")
        var park: String?

        @Flag(help: "Bundle every park.")
        var all = false

        @Option(help: ArgumentHelp("The private key that signs (flowrun keys new NAME writes keys/NAME.key).", valueName: "file.key"))
        var key: String

        @Option(help: "The content's version (default: one more than the published one).")
        var version: Int?

        @Option(help: ArgumentHelp("Where bundles go: one folder per park.", valueName: "dir"))
        var out = "dist"

        @Option(
            help: ArgumentHelp(
                "Days until the manifest expires, 1 to \(BundleWriter.maxLifetimeDays); 'flowrun sync' refuses it after.", valueName: "days"))
        var expiresIn = BundleWriter.defaultLifetimeDays

        func validate() throws {
            guard (park == nil) != !all else { throw ValidationError("give either --park CODE or --all") }
            if let version, version < 1 { throw ValidationError("--version must be 1 or more, got \(version)") }
            guard (1...BundleWriter.maxLifetimeDays).contains(expiresIn) else {
                throw ValidationError("--expires-in must be 1 to \(BundleWriter.maxLifetimeDays) days, got \(expiresIn)")
            }
        }

        func run() throws {
            let root = try project.project()
            let catalog = ParkCatalog(root: root)
            let codes = try park.map { [try catalog.resolve($0)] } ?? catalog.codes
            let signer = try SigningKey.load(key)
            let created = try Self.sourceDate(Environment.value("SOURCE_DATE_EPOCH")) ?? Date()
            // Every park passes its check and its scenarios before anything is written.
            for code in codes { try ParkGate.require(root: project.root, park: code) }
            let writer = BundleWriter(root: root, key: signer)
            for code in codes {
                let outcome = try writer.write(park: code, to: out, version: version, created: created, lifetimeDays: expiresIn)
                let manifest = outcome.manifest
                print(
                    "bundled \(code) version \(manifest.version) in \(outcome.folder): \(Excerpt.count(manifest.files.count)) files, "
                        + "\(Excerpt.count(manifest.totalBytes)) bytes (\(Excerpt.count(outcome.newObjects)) new object\(outcome.newObjects == 1 ? "" : "s"), "
                        + "\(Excerpt.count(outcome.newBytes)) bytes), signed by key \(signer.publicKey.id), expires \(manifest.expires ?? "never")")
            }
        }

        /// The time `SOURCE_DATE_EPOCH` gives (whole seconds since 1970, UTC), nil when it is
        /// unset or empty: the reproducible-builds convention for a build's clock.
        static func sourceDate(_ value: String?) throws -> Date? {
            guard let value, !value.isEmpty else { return nil }
            guard value.utf8.count <= 12, value.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }), let seconds = Int(value) else {
                throw FlowError.badArgument(
                    name: "SOURCE_DATE_EPOCH", message: "expected whole seconds since 1970 such as 1767225600, got \(Excerpt.quoted(value))")
            }
            return Date(timeIntervalSince1970: TimeInterval(seconds))
        }
    }
}
