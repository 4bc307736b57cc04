import Foundation
import GeoKit

/// Safe zones where a hiker really stopped: the bench's exits to catch. A stop is where the
/// recording stays within ``stopSpread`` metres of a point for ``stopLength`` seconds or more
/// (a break, a camp); each track's first and last points are stops too (where the day began
/// and ended). Each gets a circle of ``stopRadius`` metres at the mean of its points, unless
/// an earlier one is within ``stopSeparation``. `flowbench party --write-stops` writes them,
/// with the three PCT tracks as members, to `Tests/GeoKitTests/Fixtures/tracks/pct-stops.json`.
extension PartyBench {
    /// A stop, before it is a region.
    struct Stop: Equatable {
        var id: String
        var name: String
        var center: Coordinate
    }

    /// Metres around a stop's centre: a camp or a rest spot by the trail.
    static let stopRadius = 100.0
    /// Metres the recording stays within during a stop.
    static let stopSpread = 60.0
    /// Seconds a stop lasts at least.
    static let stopLength = 480.0
    /// Metres within which a stop is an earlier one.
    static let stopSeparation = 200.0
    /// The tracks' clock for names: Pacific daylight time, the park's in July.
    static let nameOffset = -7 * 3600.0

    /// The stops of a track, ids starting with `prefix`, names ending with `day`, leaving out
    /// those within ``stopSeparation`` of `existing`.
    static func stopZones(_ track: [TimedFix], prefix: String, day: String, existing: [Stop] = []) -> [Stop] {
        guard let first = track.first, let last = track.last else { return [] }
        var found: [(center: Coordinate, time: Double, what: String)] = [(first.coordinate, first.time, "start")]
        var i = 0
        while i < track.count {
            var j = i
            while j + 1 < track.count, Spherical.distance(track[i].coordinate, track[j + 1].coordinate) < stopSpread { j += 1 }
            if track[j].time - track[i].time >= stopLength {
                let n = Double(j - i + 1)
                let lat = track[i...j].reduce(0) { $0 + $1.coordinate.latitude } / n
                let lon = track[i...j].reduce(0) { $0 + $1.coordinate.longitude } / n
                found.append((Coordinate(latitude: lat, longitude: lon), track[i].time, "stop"))
                i = j + 1
            } else {
                i += 1
            }
        }
        found.append((last.coordinate, last.time, "end"))
        var out: [Stop] = []
        for f in found where !(existing + out).contains(where: { Spherical.distance($0.center, f.center) < stopSeparation }) {
            let clock = clockText(f.time)
            let id = f.what == "stop" ? "\(prefix)-\(clock.replacingOccurrences(of: ":", with: ""))" : "\(prefix)-\(f.what)"
            let name = "\(f.what.prefix(1).uppercased() + f.what.dropFirst()) \(clock), \(day)"
            out.append(Stop(id: id, name: name, center: rounded(f.center)))
        }
        return out
    }

    /// The stops party as JSON (flowrun/party@1): the three PCT tracks as members on their own
    /// days, the stops of all three as safe zones, the default settings.
    /// - Parameter root: the project root.
    static func stopsPartyJSON(root: URL) throws(BenchError) -> String {
        let members: [(id: String, name: String, day: String, role: String, file: String)] = [
            ("jul29", "29 July, into Yosemite", "29 July", "guardian", trackFiles[0]),
            ("jul31am", "31 July, morning at Tuolumne", "31 July am", "member", trackFiles[1]),
            ("jul31pm", "31 July, Lyell Canyon and out", "31 July pm", "member", trackFiles[2]),
        ]
        var stops: [Stop] = []
        for m in members {
            let path = root.appendingPathComponent(trackFolder).appendingPathComponent(m.file).path
            do {
                let track = try GPXReader.read(contentsOf: path, displayPath: "\(trackFolder)/\(m.file)").timedFixes()
                stops += stopZones(track, prefix: m.id, day: m.day, existing: stops)
            } catch {
                throw .setup(error.description)
            }
        }
        let relative = ""  // the party file sits beside its tracks
        var lines = [
            "{", "  \"format\": \"flowrun/party@1\",",
            "  \"name\": \"PCT through Yosemite, safe zones at the hiker's stops\",", "  \"members\": [",
        ]
        lines += members.enumerated().map { i, m in
            "    { \"id\": \"\(m.id)\", \"name\": \"\(m.name)\", \"role\": \"\(m.role)\", \"track\": \"\(relative + m.file)\" }"
                + (i == members.count - 1 ? "" : ",")
        }
        lines += ["  ],", "  \"zones\": ["]
        lines += stops.enumerated().map { i, s in
            "    { \"id\": \"\(s.id)\", \"name\": \"\(s.name)\", \"lat\": \(degrees(s.center.latitude)), \"lon\": \(degrees(s.center.longitude)), \"radius_m\": \(Int(stopRadius)) }"
                + (i == stops.count - 1 ? "" : ",")
        }
        lines += ["  ]", "}"]
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: - Private

    /// `HH:MM` on the names' clock.
    private static func clockText(_ time: Double) -> String {
        let minutes = Int(((time + nameOffset) / 60).rounded(.down)) % (24 * 60)
        let m = (minutes + 24 * 60) % (24 * 60)
        return String(format: "%02d:%02d", m / 60, m % 60)
    }

    /// Six decimals (11 cm), as the file keeps them.
    private static func rounded(_ c: Coordinate) -> Coordinate {
        Coordinate(latitude: (c.latitude * 1e6).rounded() / 1e6, longitude: (c.longitude * 1e6).rounded() / 1e6)
    }

    private static func degrees(_ value: Double) -> String { String(format: "%.6f", value) }
}
