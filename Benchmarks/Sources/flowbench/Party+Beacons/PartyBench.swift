import Foundation
import FlowKit
import GeoKit

/// Duty cycles on the real tracks: every party here replayed with each policy against its
/// full tracks (``DutyCycleComparison``), summed per policy. The data are the repository's own
/// files (the example party, and the PCT tracks with safe zones at the hiker's stops), plus any
/// GPX in the folder `--tracks` names (none by default) that is not one of them byte for byte.
struct PartyBench {
    /// One party as the bench replays it.
    struct Dataset {
        var name: String
        var members: [String]
        var tracks: [[TimedFix]]
        var zones: [GeofenceRegion]
        var settings: PartySettings
    }

    /// The party files replayed, relative to the root.
    static let partyFiles = ["Tests/GeoKitTests/Fixtures/tracks/tuolumne-party.json", "Tests/GeoKitTests/Fixtures/tracks/pct-stops.json"]
    /// The tracks the stops party is made of (``PartyBench/stopsParty(tracks:folder:)``), relative to the root.
    static let trackFolder = "Tests/GeoKitTests/Fixtures/tracks"
    static let trackFiles = ["yose-pct-2019-07-29-enter.gpx", "yose-pct-2019-07-31-morning-inside.gpx", "yose-pct-2019-07-31-exit.gpx"]
    var datasets: [Dataset] = []
    /// What was found in the `--tracks` folder, for the report.
    var tracksNote = "more tracks: none (flowbench party --tracks DIR replays a folder's GPX files too)"

    /// The parties of the repository under `root`, and one-member parties of the GPX files in
    /// `tracks` (a folder, relative to the working directory) when given.
    init(root: String, tracks: String? = nil) throws(BenchError) {
        let base = URL(fileURLWithPath: root)
        for file in Self.partyFiles {
            let party: Party
            do { party = try PartyFile.read(base.appendingPathComponent(file).path, displayPath: file) } catch {
                throw .setup("\(error.description) (flowbench party replays the repository's party files)")
            }
            datasets.append(
                Dataset(
                    name: file, members: party.members.map(\.id), tracks: party.members.map(\.fixes),
                    zones: party.zones, settings: party.settings))
        }
        if let tracks {
            let (extra, note) = try Self.moreDatasets(root: base, folder: tracks)
            datasets += extra
            tracksNote = note
        }
    }

    /// What one policy did over every dataset.
    struct Result {
        var label: String
        var policy: DutyCyclePolicy
        var comparisons: [DutyCycleComparison]

        var matches: [DutyCycleComparison.Match] { comparisons.flatMap(\.matches) }
        var exits: [DutyCycleComparison.Match] { comparisons.flatMap { $0.matches(of: .leftZones) } }
        var extra: Int { comparisons.reduce(0) { $0 + $1.extra.count } }
        var usage: [DutyCycleComparison.Usage] { comparisons.flatMap(\.usage).filter { $0.span > 0 } }
        /// GPS-on seconds over every member's span.
        var onShare: Double {
            let on = usage.reduce(0) { $0 + $1.onSeconds }, span = usage.reduce(0) { $0 + $1.span }
            return span > 0 ? on / span : 1
        }
        /// The member whose GPS was on the longest share of their track.
        var worstShare: Double { usage.map(\.onShare).max() ?? 1 }
        var fixes: Int { usage.reduce(0) { $0 + $1.fixes } }
        var fullFixes: Int { usage.reduce(0) { $0 + $1.fullFixes } }
    }

    /// Replays every dataset with `policy`.
    func run(_ policy: DutyCyclePolicy, label: String) throws(BenchError) -> Result {
        var comparisons: [DutyCycleComparison] = []
        for d in datasets {
            do {
                comparisons.append(try DutyCycleComparison.run(tracks: d.tracks, zones: d.zones, settings: d.settings, policy: policy))
            } catch {
                throw .setup("\(d.name): \(error.description)")
            }
        }
        return Result(label: label, policy: policy, comparisons: comparisons)
    }

    /// The policies every run compares: always on, plain rhythms, the default and variants of it.
    static let policies: [(label: String, text: String)] = [
        ("always on", "always"),
        ("10/60", "10/60"),
        ("10/120", "10/120"),
        ("default", "default"),
        ("default without hold", "default,hold=off"),
        ("default without near", "default,near=off"),
        ("default at 10/60", "10/60,near=50:10/30,hold=30"),
    ]

    // MARK: - Private

    /// One-member parties of the GPX files in `folder` that are not byte for byte one of the
    /// repository's, with safe zones at their stops.
    /// - Throws: `BenchError.badInput` when the folder cannot be listed or a file is not GPX.
    private static func moreDatasets(root: URL, folder shown: String) throws(BenchError) -> ([Dataset], String) {
        let folder = URL(fileURLWithPath: shown).standardizedFileURL
        let fm = FileManager.default
        guard let names = try? fm.contentsOfDirectory(atPath: folder.path) else { throw .badInput("--tracks \(shown): not a readable folder") }
        let gpx = names.filter { $0.hasSuffix(".gpx") }.sorted()
        let ours = Set(trackFiles.compactMap { fm.contents(atPath: root.appendingPathComponent(trackFolder).appendingPathComponent($0).path) })
        var out: [Dataset] = []
        for name in gpx {
            let path = folder.appendingPathComponent(name).path
            guard let data = fm.contents(atPath: path), !ours.contains(data) else { continue }
            let track: [TimedFix]
            do { track = try GPXReader.read(contentsOf: path, displayPath: "\(shown)/\(name)").timedFixes() } catch {
                throw .badInput(error.description)
            }
            let zones = stopZones(track, prefix: "s\(out.count + 1)", day: name)
            do {
                out.append(
                    Dataset(
                        name: "\(shown)/\(name)", members: [name], tracks: [track],
                        zones: try zones.map { z throws(GeoError) in try GeofenceRegion(id: z.id, name: z.name, center: z.center, radius: stopRadius) },
                        settings: PartySettings()))
            } catch {
                throw .setup("\(name): \(error.description)")
            }
        }
        let note =
            "--tracks \(shown): \(gpx.count) GPX file\(gpx.count == 1 ? "" : "s"), "
            + (out.isEmpty ? "all the same bytes as the repository's" : "\(out.count) replayed besides the repository's")
        return (out, note)
    }
}
