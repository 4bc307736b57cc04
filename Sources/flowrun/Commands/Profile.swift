import ArgumentParser
import FlowKit
import FlowStore
import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Flowrun {
    /// `flowrun profile [show|export|reset]`: the visitor's profile (`--profile DIR` or the
    /// default folder), where runs keep favorites, visits, pins and settings.
    struct ProfileCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "profile",
            abstract: "Print, export or reset the visitor's profile (the store runs read and write).",
            subcommands: [Show.self, Export.self, Reset.self],
            defaultSubcommand: Show.self)

        /// `flowrun profile [show]`: the profile's folder, one line.
        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(abstract: "Print the profile's folder (the default one unless --profile).")

            @OptionGroup var profile: ProfileOptions

            func run() throws {
                print(profile.chosen.path)
            }
        }

        /// `flowrun profile export`: everything in the store as JSON on standard output.
        struct Export: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Write everything the profile's store holds as JSON to standard output (flowrun/profile@1); reads only.")

            @OptionGroup var profile: ProfileOptions

            func run() throws {
                do {
                    print(try ProfileExport.json(profile.chosen), terminator: "")
                } catch {
                    throw FlowError.store(error)
                }
            }
        }

        /// `flowrun profile reset [--yes]`: removes the database (asks first on a terminal).
        struct Reset: ParsableCommand {
            static let configuration = CommandConfiguration(
                abstract: "Remove the profile's database (store.sqlite and its -wal, -shm files); photos/ stays.",
                discussion: "Asks on a terminal; elsewhere it needs --yes.")

            @OptionGroup var profile: ProfileOptions

            @Flag(help: "Remove without asking.")
            var yes = false

            func run() throws {
                let chosen = profile.chosen
                guard chosen.hasDatabase else {
                    print("nothing to reset: \(chosen.databasePath) does not exist")
                    return
                }
                if !yes {
                    guard isatty(STDIN_FILENO) != 0 else {
                        throw FlowError.badArgument(name: "profile reset", message: "removes \(chosen.databasePath) and everything in it; standard input is not a terminal to ask, so confirm with --yes")
                    }
                    print("Remove \(chosen.databasePath) and every favorite, visit, pin and setting in it? [y/N] ", terminator: "")
                    fflush(nil)   // every stream: the prompt has no newline
                    guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                        print("kept \(chosen.databasePath)")
                        return
                    }
                }
                do {
                    let removed = try chosen.reset()
                    print("removed \(removed.joined(separator: ", "))")
                } catch {
                    throw FlowError.store(error)
                }
            }
        }
    }
}
