import ArgumentParser
import FlowBundle
import FlowKit
import FlowrunCommands
import Foundation
import LoopbackServer
import PartyRelay

extension Flowrun {
    /// `flowrun relay --db URL --key keys/relay.key`: the party service (``RelayServer``).
    struct Relay: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: FullCommandLine.Command.relay.rawValue,
            abstract: FullCommandLine.Command.relay.abstract,
            discussion: """
                Keeps parties, members, zones, watches, reports and alerts in PostgreSQL (--db) and serves the API \
                of docs/relay.md at http://HOST:PORT/v1/. Every relay of a deployment uses the same database and \
                the same key (make one with 'flowrun keys new relay'); run several behind a proxy (docs/relay.md, \
                Deployment). Stop it with Ctrl-C. Exits 2 for a bad --db, --key or --port, 1 when the database \
                cannot be reached at start.
                """)

        @Option(help: ArgumentHelp("The database: postgres://USER[:PASSWORD]@HOST[:PORT]/DATABASE[?sslmode=disable|prefer|require].", valueName: "url"))
        var db: String

        @Option(help: ArgumentHelp("The Ed25519 key members' tokens are signed with ('flowrun keys new relay').", valueName: "file"))
        var key: String

        @Option(help: "The address to listen on.")
        var host = "127.0.0.1"

        @Option(help: "The port to listen on (0 for any free one).")
        var port = 8470

        @Option(help: "Connections open at once: each member's phone holds one for its alerts.")
        var maxConnections = 8_192

        @OptionGroup var project: ProjectOptions

        func validate() throws {
            guard (0...65_535).contains(port) else { throw ValidationError("--port must be 0...65535, got \(port)") }
            guard (16...1_000_000).contains(maxConnections) else { throw ValidationError("--max-connections must be 16...1000000") }
        }

        func run() throws {
            let url: RelayDatabaseURL
            do { url = try RelayDatabaseURL(db) } catch { throw FlowError.badArgument(name: "--db", message: Self.dropName(error.description)) }
            let signing: SigningKey
            do { signing = try SigningKey.load(key) } catch { throw FlowError.badArgument(name: "--key", message: "\(error)") }
            let root = try project.project()
            var configuration = RelayConfiguration(database: url)
            (configuration.host, configuration.port, configuration.connections) = (host, port, maxConnections)
            let server = RelayServer(configuration: configuration, key: signing, root: root)
            let host = self.host
            ProcessBackstop.liftCPULimit()
            // Before any task runs: the relay's tasks on its event loops (false: they stay on the pool).
            _ = RelayServer.runTasksOnEventLoops()
            let result = Blocking.wait { () async throws -> Void in
                try await server.run { port in
                    let line = "flowrun relay: serving parties of \(url) at http://\(host):\(port)/v1/ (Ctrl-C to stop)\n"
                    FileHandle.standardOutput.write(Data(line.utf8))
                }
            }
            switch result {
            case .success?, nil: return
            case .failure(let error as LoopbackServer.StartError)?: throw FlowError.badArgument(name: "--port", message: error.description)
            case .failure(let error as RelayError)?:
                FileHandle.standardError.write(Data("flowrun: \(error)\n".utf8))
                throw ExitCode(1)
            case .failure(let error)?: throw error
            }
        }

        /// `--db: ...` without its name, which the bad-argument error adds.
        static func dropName(_ text: String) -> String { text.hasPrefix("--db: ") ? String(text.dropFirst(6)) : text }
    }
}
