import Formats
import ArgumentParser
import FlowKit
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `flowbench`: release-built benchmarks of flowrun (docs/architecture.md, "Measuring"). Each
/// subcommand prints a report; the runtime benchmark is the default.
@main
struct Flowbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "flowbench",
        abstract: "Benchmarks of flowrun, built in release: each prints a report of medians with their comparisons from the same run.",
        discussion: """
            Build both binaries in release (flowbench is a package of its own, Benchmarks/) and run \
            from the repository root; Benchmarks/run does both (Benchmarks/README.md):
              swift build -c release --package-path Benchmarks --product flowbench
              swift build -c release --package-path Benchmarks --product flowrun
              Benchmarks/.build/release/flowbench --help
            The reference files cluster, geofence, geodesy and readers compare with are in \
            Benchmarks/reference.
            Examples:
              flowbench                         the runtime benchmark, the default
              flowbench --runs 5 --iterations 3000000
              flowbench help runtime            the default's options
              flowbench cluster --with-python --runs 7
              flowbench geofence --with-python --quick
              flowbench patterns --no-stock
              flowbench readers
              flowbench render --json
              flowbench warm --json
              flowbench bundle
              flowbench preview                 needs chromium and chromium-driver
              flowbench sync
              flowbench store
              flowbench party                   GPS duty cycles on the real tracks
              flowbench servers --against OLD   the local servers against hostile clients
              flowbench preview-api --against OLD   the preview's JSON API and idle CPU
              flowbench relay                   the party relay: two relays, one PostgreSQL
            The machine is noisy: compare ratios taken in the same run, not absolute figures \
            across runs.
            Exit codes: 0 with a report (even when a goal fails), 1 when a benchmark cannot be set \
            up or run, 2 for bad usage or bad input, 3 when a check of 'flowbench patterns' fails.
            """,
        subcommands: [
            Runtime.self, Cluster.self, ClusterQuery.self, ClusterBuildOnce.self, Geodesy.self,
            Geofence.self, Containment.self, Patterns.self, Readers.self, ReaderOnce.self,
            Render.self, Warm.self, Bundle.self, Preview.self, PreviewAPI.self, Sync.self, Store.self,
            Beacons.self, BeaconsGen.self, Party.self, Live.self, Servers.self, FromLua.self, Scale.self, Relay.self,
        ],
        defaultSubcommand: Runtime.self
    )

    /// Maps errors to the exit codes of the contract: usage errors (ArgumentParser's 64)
    /// become 2, as in flowrun; a BenchError says its own.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as BenchError {
            progress(error.description)
            terminate(error.exitCode)
        } catch {
            guard exitCode(for: error) == .validationFailure else { exit(withError: error) }
            TerminalText.writeError(fullMessage(for: error))
            terminate(2)
        }
    }
}

/// Progress on standard error, so standard output holds only the report.
func progress(_ message: String) {
    TerminalText.writeError("flowbench: \(message)")
}

/// The C library's exit (inside `Flowbench`, `exit` names ArgumentParser's).
private func terminate(_ code: Int32) -> Never { exit(code) }
