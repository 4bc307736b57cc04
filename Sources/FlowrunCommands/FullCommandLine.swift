import Formats
import ArgumentParser
import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ScreenModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// What only `flowrun-full` links: the servers (preview, serve), the updater (sync), signed
/// bundles (keys, bundle, `--bundle`, `--cache`) and the picture loader (`--assets`). The
/// lean `flowrun` a plain run starts leaves out their libraries (NIO, Hummingbird,
/// AsyncHTTPClient, BoringSSL), which every cold run paid for in start-up time
/// (docs/benchmarks.md, "What linking costs a cold run"), and hands a command line that
/// needs them to `flowrun-full` beside it, unchanged.
package enum FullCommandLine {
    /// The commands only flowrun-full runs, in the order `flowrun --help` lists them.
    package enum Command: String, CaseIterable, Sendable {
        case preview, keys, bundle, serve, sync, relay

        /// What the command does, for `flowrun --help` (both executables list it).
        package var abstract: String {
            switch self {
            case .preview: "Serve a live preview of the park's screens on 127.0.0.1 (a page, and JSON for app clients)."
            case .keys: "Make key pairs that sign bundles."
            case .bundle: "Check a park, then write its signed bundle: OUT/CODE/manifest.json, manifest.sig, objects/, versions/."
            case .serve: "Serve a folder of bundles over HTTP on 127.0.0.1, as a static host or CDN serves them: for authoring and tests."
            case .sync: "Update a cache of a park's bundle from a server: fetch what changed, verify it, switch to it atomically."
            case .relay: "Run the party relay: members' phones report to it, and it tells each member the alerts their role hears (PostgreSQL)."
            }
        }
    }

    /// Options of the other commands that need flowrun-full (``Parts``).
    package static let options: Set<String> = ["--bundle", "--cache", "--trust", "--assets", "--assets-parallel", "--assets-timeout", "--relay"]

    /// The executable's name, beside `flowrun`.
    package static let executable = "flowrun-full"

    /// The parts flowrun-full installs before it parses; nil in the lean flowrun. Unchecked
    /// but safe: written once by ``install(_:commands:)`` on the main thread before any
    /// command runs or any task starts, and only read after.
    nonisolated(unsafe) package private(set) static var parts: (any Parts)?
    /// The commands of ``Command`` as the root lists them: the real ones in flowrun-full,
    /// and in the lean flowrun ones that hand the command line over. Written and read as
    /// ``parts`` is.
    nonisolated(unsafe) package private(set) static var commandTypes: [any ParsableCommand.Type] = [
        HandOver<PreviewName>.self, HandOver<KeysName>.self, HandOver<BundleName>.self, HandOver<ServeName>.self, HandOver<SyncName>.self,
        HandOver<RelayName>.self,
    ]

    /// flowrun-full's start: its parts and its commands, in ``Command``'s order. Called once,
    /// before the command line is parsed (nothing reads them earlier).
    package static func install(_ parts: any Parts, commands: [any ParsableCommand.Type]) {
        self.parts = parts
        commandTypes = commands
    }

    /// Whether `arguments` (without the program's name) need flowrun-full: a word that names
    /// one of its commands, or one of its options (`--bundle DIR` or `--bundle=DIR`). A word
    /// that only looks so (a flow named `serve`) hands over too, which costs only the start
    /// of the larger executable: flowrun-full runs every command line as flowrun would.
    /// (An array, not any sequence: a generic called across modules is not specialized, and
    /// its first call made the runtime scan the conformance records, 1.4% of a cold run.)
    package static func needed(_ arguments: [String]) -> Bool {
        arguments.contains { word in
            Command(rawValue: word) != nil || options.contains(word.hasPrefix("--") ? String(word.prefix { $0 != "=" }) : word)
        }
    }

    /// Replaces this process with flowrun-full, beside this executable, with the same
    /// arguments; or says how to build it (exit 2) when it is not there.
    package static func handOver() -> Never {
        let path = siblingPath()
        let arguments = [path] + CommandLine.arguments.dropFirst()
        var argv = arguments.map { strdup($0) } + [nil]
        execv(path, &argv)
        // execv returns only when it failed.
        let reason = String(cString: strerror(errno))
        StandardError.write(
            """
            flowrun: this command needs \(executable) (servers, sync, signed bundles, pictures), which could not be started at \(path): \(reason)
            flowrun: build it beside flowrun: swift build -c release --product \(executable)

            """)
        exit(2)
    }

    /// flowrun-full's path: in the folder of this process's executable.
    private static func siblingPath() -> String {
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent(executable).path
    }

    /// What flowrun-full adds to the lean commands.
    package protocol Parts: Sendable {
        /// The project of a verified bundle (`--bundle`) or of park `park`'s version in a cache
        /// (`--cache`; nil: the first park it holds), with the cache's other parks beside it,
        /// checked against `trust` (default keys/*.pub), and what it holds, for people.
        func verified(bundle: String?, cache: String?, park: String?, trust: [String]) throws -> (root: ProjectRoot, holds: String)
        /// `--assets`: what loads a screen's pictures and reports them, or nil without it.
        func pictures(for request: RunRequest) throws -> (any ScreenPictures)?
        /// The message and exit code of one of flowrun-full's own errors, or nil.
        func exit(for error: any Error) -> (message: String, code: Int32)?
        /// `flowrun live --relay URL`: this phone's link to the party on the relay, joined
        /// with `code` or carrying `token` (neither: the one kept in `folder`), running.
        func liveRelay(url: String, token: String?, code: String?, folder: String) throws -> any LiveRelay
    }

    /// A live session's party on a relay (`flowrun live --relay`), as the lean command drives it.
    package protocol LiveRelay: AnyObject {
        /// What the session reports to and hears from.
        var link: any PartyRelayLink { get }
        /// The party as the relay describes it, this member the viewer.
        var run: PartyRun { get }
        /// The park the party is in.
        var park: String { get }
        /// The others' positions the session took since the last call, for printing.
        func positionsTaken() -> [RelayDelivery.Position]
        /// Whether the relay has acknowledged everything queued, or refuses this member.
        var settled: Bool { get }
        /// Sends what is queued, waiting at most `seconds`; then stops the link. Lines for
        /// standard error: what is still queued or was dropped, and why.
        func finish(within seconds: Double) -> [String]
    }

    /// Loads a run's screen's pictures and reports them (`--assets`).
    package protocol ScreenPictures {
        func load(_ screen: Screen, runtime: FlowRuntime, request: FlowRequest)
    }
}

/// A command of flowrun-full in the lean flowrun: listed by `flowrun --help`, and handing
/// the command line over when run (``FullCommandLine/needed(_:)`` normally hands it over
/// before parsing, so its own help is flowrun-full's).
struct HandOver<Name: FullCommandName>: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: Name.command.rawValue, abstract: Name.command.abstract)
    }

    @Argument(parsing: .captureForPassthrough) var arguments: [String] = []

    func run() throws { FullCommandLine.handOver() }
}

/// One of ``FullCommandLine/Command`` as a type, for ``HandOver``.
protocol FullCommandName { static var command: FullCommandLine.Command { get } }
enum PreviewName: FullCommandName { static let command = FullCommandLine.Command.preview }
enum KeysName: FullCommandName { static let command = FullCommandLine.Command.keys }
enum BundleName: FullCommandName { static let command = FullCommandLine.Command.bundle }
enum ServeName: FullCommandName { static let command = FullCommandLine.Command.serve }
enum SyncName: FullCommandName { static let command = FullCommandLine.Command.sync }
enum RelayName: FullCommandName { static let command = FullCommandLine.Command.relay }
