import ArgumentParser
import FlowrunCommands
import FlowBundle

extension Flowrun {
    /// `flowrun keys new [NAME] [--out DIR]`: a key pair for signing bundles.
    struct Keys: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: FullCommandLine.Command.keys.rawValue,
            abstract: FullCommandLine.Command.keys.abstract,
            subcommands: [Make.self])

        /// `flowrun keys new [NAME] [--out DIR]`: NAME defaults to `signing`, DIR to `keys`.
        struct Make: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "new",
                abstract: "Write a new Ed25519 key pair: DIR/NAME.key (private, mode 0600) and DIR/NAME.pub.",
                discussion: """
                    Sign with the .key ('flowrun bundle --key keys/NAME.key'), keep it out of version control \
                    (.gitignore has keys/*.key) and give the .pub to whoever runs bundles (apps pin it; \
                    'flowrun --bundle' trusts keys/*.pub). An existing key is never overwritten.
                    """)

            @Argument(help: "The pair's name: letters, digits, '_' or '-'.")
            var name = "signing"

            @Option(help: ArgumentHelp("Where key pairs are kept.", valueName: "dir"))
            var out = "keys"

            func run() throws {
                let key = SigningKey.generate()
                let (privateKey, publicKey) = try key.writeFiles(name: name, in: out)
                print("wrote \(privateKey) (private: keep it secret) and \(publicKey) (key id \(key.publicKey.id))")
            }
        }
    }
}
