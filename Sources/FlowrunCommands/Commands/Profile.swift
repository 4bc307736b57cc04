import ArgumentParser
import FlowKit
import FlowStore
import Formats
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension Flowrun {
    /// `flowrun profile [show|export|import|reset]`: the visitor's profile (`--profile DIR` or the
    /// default folder), where runs keep favorites, visits, pins and settings.
    struct ProfileCommand: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "profile",
            abstract: "Print, export, import or reset the visitor's profile (the store runs read and write).",
            subcommands: [Show.self, Export.self, Import.self, Reset.self],
            defaultSubcommand: Show.self)

        /// `flowrun profile [show]`: the profile's folder, one line.
        struct Show: ParsableCommand {
            static let configuration = CommandConfiguration(commandName: "show", abstract: "Print the profile's folder (the default one unless --profile).")

            @OptionGroup var profile: ProfileOptions

            func run() throws {
                print(profile.chosen.path)
            }
        }

        /// `flowrun profile export`: everything in the store as JSON on standard output.
        struct Export: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "export",
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

        /// `flowrun profile import FILE`: an export merged into the store (ProfileImport).
        struct Import: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "import",
                abstract: "Merge an export (flowrun profile export) into the profile's store, as a visitor moving to a new phone.",
                discussion: """
                    Favorites and visits by park and site (a visit keeps the later time), pins by park, position \
                    and the time they were dropped (a pin here already gains the photos it lacks), settings by park \
                    and key (the one updated later wins), party alerts by what they say, a party's zone and member \
                    changes by id (the later wins) and watches by member (the later start wins). The whole file is checked \
                    first: a damaged or foreign export, or one whose merge would pass the store's limits, is refused \
                    with the field named and exit 2, and nothing merges. Photos are names: copy the old profile's \
                    photos/ folder beside the new one's. Prints what merged.
                    """)

            @OptionGroup var profile: ProfileOptions

            @Argument(help: ArgumentHelp("The export to merge.", valueName: "file.json"))
            var file: String

            func run() throws {
                let chosen = profile.chosen
                let report = try ProfileImport.merge(file: file, shown: file, into: SQLiteVisitorStore(profile: chosen))
                print("merged \(TerminalText.line(file)) into \(chosen.databasePath): \(report.summary)")
            }
        }

        /// `flowrun profile reset [--yes]`: empties the store (asks first on a terminal).
        struct Reset: ParsableCommand {
            static let configuration = CommandConfiguration(
                commandName: "reset",
                abstract: "Remove every favorite, visit, pin and setting from the profile's store; photos/ stays.",
                discussion: """
                    Asks on a terminal; elsewhere it needs --yes. The store is emptied under its write lock, so a \
                    flowrun using the profile at the same time finishes its run first and then sees the empty store. \
                    A store.sqlite that is not a readable database is removed with its -wal and -shm files.
                    """)

            @OptionGroup var profile: ProfileOptions

            @Flag(help: "Reset without asking.")
            var yes = false

            func run() throws {
                let chosen = profile.chosen
                guard chosen.hasDatabase else {
                    print("nothing to reset: \(chosen.databasePath) does not exist")
                    return
                }
                if !yes {
                    guard isatty(STDIN_FILENO) != 0 else {
                        throw FlowError.badArgument(
                            name: "profile reset",
                            message: "removes everything in \(chosen.databasePath); standard input is not a terminal to ask, so confirm with --yes")
                    }
                    print("Remove every favorite, visit, pin and setting in \(chosen.databasePath)? [y/N] ", terminator: "")
                    fflush(nil)  // every stream: the prompt has no newline
                    guard let answer = readLine(), ["y", "yes"].contains(answer.lowercased()) else {
                        print("kept \(chosen.databasePath)")
                        return
                    }
                }
                do {
                    switch try chosen.reset() {
                    case .nothing:
                        print("nothing to reset: \(chosen.databasePath) does not exist")
                    case .emptied(let tables):
                        print("emptied \(chosen.databasePath): \(Self.removed(tables))")
                    case .removedDamaged(let files, let reason):
                        print("removed \(files.joined(separator: ", ")): not a readable database (\(reason))")
                    }
                } catch {
                    throw FlowError.store(error)
                }
            }

            /// `2 favorites, 1 visited site, 0 pins, ...` in the tables' order.
            static func removed(_ tables: [ProfileReset.RemovedRows]) -> String {
                let nouns = [
                    "favorites": ("favorite", "favorites"), "visited": ("visited site", "visited sites"), "pins": ("pin", "pins"),
                    "pin_photos": ("photo of a pin", "photos of pins"), "settings": ("setting", "settings"),
                    "party_alerts": ("party alert", "party alerts"), "party_zones": ("party zone change", "party zone changes"),
                    "party_members": ("party member change", "party member changes"), "party_watches": ("party watch", "party watches"),
                ]
                let parts = tables.map { removed in
                    guard let (one, many) = nouns[removed.table] else { return "\(removed.count) rows of \(removed.table)" }
                    return "\(removed.count) \(removed.count == 1 ? one : many)"
                }
                return parts.isEmpty ? "it held nothing" : parts.joined(separator: ", ") + " removed"
            }
        }
    }
}
