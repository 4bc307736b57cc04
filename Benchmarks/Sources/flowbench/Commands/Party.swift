import ArgumentParser
import Foundation
import GeoKit

extension Flowbench {
    /// `flowbench party`: GPS duty cycles on the real tracks, against the full tracks.
    struct Party: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "GPS duty cycles on the real tracks: GPS-on time, safe-zone exits missed, median and worst delay, per policy.",
            discussion: """
                Replays the repository's parties (Tests/GeoKitTests/Fixtures/tracks/tuolumne-party.json, the example; \
                pct-stops.json, the three PCT tracks with safe zones at the hiker's stops) and any GPX in the \
                --tracks folder that is not one of the repository's, once on the full tracks (a fix a \
                second) and once per policy on the fixes a phone under it would get, and matches their \
                events. The figures do not depend on the build or the machine: the replays are deterministic.
                Goal (issue 18): the default policy has the GPS on ≤ 20 % of the time, misses no safe-zone \
                exit and delays none by more than 90 s.
                Policies are written as flowrun's --duty-cycle: \(DutyCyclePolicy.syntax).
                Examples:
                  flowbench party
                  flowbench party --policy 8/60,near=200:8/20 --policy 10/90 --detail
                  flowbench party --write-stops Tests/GeoKitTests/Fixtures/tracks/pct-stops.json
                """)

        @Option(help: "The project root.") var root = "."

        @Option(name: .customLong("policy"), help: ArgumentHelp("Another policy to compare (repeatable).", valueName: "policy"))
        var policies: [String] = []

        @Flag(help: "List every exit, and each member's GPS time, under the default policy and each --policy.")
        var detail = false

        @Option(
            help: ArgumentHelp(
                "A folder of more GPX tracks to replay, each a one-member party with safe zones at its stops (none by default).", valueName: "dir"))
        var tracks: String?

        @Option(help: ArgumentHelp("Write the stops party (the PCT tracks, safe zones at their stops) to this file and stop.", valueName: "file.json"))
        var writeStops: String?

        func validate() throws {
            for text in policies {
                do { _ = try DutyCyclePolicy(parsing: text) } catch { throw ValidationError("--policy: \(error.message)") }
            }
        }

        func run() throws {
            let base = URL(fileURLWithPath: root)
            if let writeStops {
                let json = try PartyBench.stopsPartyJSON(root: base)
                do { try json.write(toFile: writeStops, atomically: true, encoding: .utf8) } catch {
                    throw BenchError.badInput("--write-stops \(writeStops): \(error.localizedDescription)")
                }
                print("wrote \(writeStops)")
                return
            }
            let bench = try PartyBench(root: root, tracks: tracks)
            var results: [PartyBench.Result] = []
            for (label, text) in PartyBench.policies + policies.map({ ($0, $0) }) {
                progress("replaying with \(text)")
                results.append(try bench.run(try DutyCyclePolicy(parsing: text), label: label))
            }
            let detailed: Set<String> = detail ? Set(["default"] + policies) : []
            print(bench.render(results, defaultLabel: "default", detail: detailed), terminator: "")
            let stops = PartyBench.partyFiles[1]
            if let written = try? String(contentsOf: base.appendingPathComponent(stops), encoding: .utf8),
                written != (try? PartyBench.stopsPartyJSON(root: base))
            {
                print("  note: \(stops) differs from what the stop rule makes of the tracks now; flowbench party --write-stops \(stops)")
            }
        }
    }
}
