/// A hostile content file or recording the host must contain (issue 37): the files it writes
/// into a copy of the project, the command that meets them, and the outcome it must end with.
/// The flow-side corpus is Tests/FlowrunTests/Fixtures/attacks; these are the attacks a Lua
/// file cannot stage, generated at their largest useful size. `AttackTests` runs each through
/// the CLI, and `flowbench containment` measures each from outside (goal: 2 s, 300 MiB).
public struct ContentAttack: Sendable, CustomStringConvertible {
    /// A short name: `boundary_zigzag`.
    public let name: String
    /// The park whose folder the command needs (a copy of it is enough).
    public var park = "GOGA"
    /// Makes the files to write, by path relative to the project (`parks/GOGA/boundary.geojson`):
    /// made when staged, not held, so a benchmark spawning from a small process measures
    /// flowrun's memory, not its own (a spawned child starts with its parent's pages).
    public let files: @Sendable () -> [String: [UInt8]]
    /// The command after `--root ROOT`; `{root}` in an argument stands for the project folder.
    public let arguments: [String]
    /// The exit code it must end with.
    public let exitCode: Int32
    /// What the first line of standard error must hold (one of them); empty when the run
    /// succeeds and says nothing in particular.
    public let messages: [String]
    /// The file the first line must name, when it fails.
    public let file: String?

    public var description: String { name }

    /// The command with `{root}` replaced by `root`, after `--root root`.
    public func arguments(root: String) -> [String] {
        ["--root", root] + arguments.map { $0 == "{root}" ? root : $0.hasPrefix("{root}/") ? root + $0.dropFirst("{root}".count) : $0 }
    }

    /// Every content attack.
    public static let all: [ContentAttack] = [
        ContentAttack(
            name: "boundary_zigzag", files: { ["parks/GOGA/boundary.geojson": boundary(zigzag(100_000, crossing: false))] },
            arguments: ["--park", "GOGA", "geofence", "--at", "37.8,-122.47"], exitCode: 0, messages: [], file: nil),
        ContentAttack(
            name: "boundary_zigzag_crossing", files: { ["parks/GOGA/boundary.geojson": boundary(zigzag(100_000, crossing: true))] },
            arguments: ["--park", "GOGA", "geofence", "--at", "37.8,-122.47"], exitCode: 2, messages: ["crosses itself"],
            file: "parks/GOGA/boundary.geojson"),
        ContentAttack(
            name: "site_description_escapes", park: "BIBE",
            files: { ["parks/BIBE/sites.geojson": sites(description: String(repeating: "\u{1B}", count: 200_000))] },
            arguments: ["--park", "BIBE", "sites", "--arg", "id=atk-1"], exitCode: 0, messages: [], file: nil),
        ContentAttack(
            name: "site_description_words", park: "BIBE",
            files: { ["parks/BIBE/sites.geojson": sites(description: String(repeating: "a ", count: 2_000_000))] },
            arguments: ["--park", "BIBE", "sites", "--arg", "id=atk-1"], exitCode: 0, messages: [], file: nil),
        ContentAttack(
            name: "party_silence", files: { party(settings: #""silence_s": 1e23"#, offset: "0", zone: circleZone) },
            arguments: partyRun, exitCode: 2, messages: ["settings.silence_s"], file: "party.json"),
        ContentAttack(
            name: "party_offset", files: { party(settings: #""silence_s": 600"#, offset: "1e309", zone: circleZone) },
            arguments: partyRun, exitCode: 2, messages: ["offset_s"], file: "party.json"),
        ContentAttack(
            name: "party_zone_zigzag", files: { party(settings: #""silence_s": 600"#, offset: "0", zone: zigzagZone()) },
            arguments: partyRun, exitCode: 2, messages: ["crosses itself"], file: "party.json"),
        ContentAttack(
            name: "scan_log_field",
            files: {
                [
                    "parks/GOGA/exhibits.geojson": Array(exhibits.utf8),
                    "recordings/scan.csv": Array(("time,beacon,rssi\n" + String(repeating: "9", count: 8_000_000) + ",\(beacon),-70\n").utf8),
                ]
            },
            arguments: ["--park", "GOGA", "exhibits", "--beacons", "{root}/recordings/scan.csv"], exitCode: 2,
            messages: ["characters)"], file: "scan.csv"),
    ]

    // MARK: - Generators

    /// A ring of `n` vertices zigzagging between two longitudes as it climbs, so that every
    /// edge overlaps every other in longitude (the worst case of a sweep by longitude alone),
    /// closed around the park's sites; with `crossing`, its last edge cuts back across it.
    static func zigzag(_ n: Int, crossing: Bool) -> [(lon: Double, lat: Double)] {
        var ring: [(lon: Double, lat: Double)] = []
        ring.reserveCapacity(n + 3)
        for i in 0..<n {
            let lon = -124.0 + Double(i % 2) * 0.1
            let lat = 36.5 + Double(i) * 2.5 / Double(n)
            ring.append((lon: lon, lat: lat))
        }
        if crossing {
            ring.append((lon: -124.2, lat: 37.75))
        } else {
            ring += [(lon: -121.0, lat: 39.0), (lon: -121.0, lat: 36.5)]
        }
        ring.append(ring[0])
        return ring
    }

    static func boundary(_ ring: [(lon: Double, lat: Double)]) -> [UInt8] {
        let positions = ring.map { "[\($0.lon),\($0.lat)]" }.joined(separator: ",")
        return Array(
            #"{"type":"FeatureCollection","features":[{"type":"Feature","properties":{"name":"zigzag"},"geometry":{"type":"Polygon","coordinates":[["#
                .utf8) + Array(positions.utf8) + Array("]]}}]}".utf8)
    }

    static func sites(description: String) -> [UInt8] {
        var escaped = ""
        escaped.reserveCapacity(description.utf8.count * 6)
        for scalar in description.unicodeScalars {
            if scalar.value < 0x20 {
                escaped += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return Array(
            """
            {"type":"FeatureCollection","features":[
            {"type":"Feature","geometry":{"type":"Point","coordinates":[-119.5936,37.7456]},
             "properties":{"id":"atk-1","name":"Long","category":"viewpoint","description":"\(escaped)"}},
            {"type":"Feature","geometry":{"type":"Point","coordinates":[-119.5332,37.7459]},
             "properties":{"id":"atk-2","name":"Short","category":"viewpoint","description":"A view."}}]}
            """.utf8)
    }

    static let partyRun = ["--park", "GOGA", "party", "--party", "{root}/recordings/party.json", "--as", "ana"]
    static let circleZone = #"{"id": "camp", "lat": 37.8, "lon": -122.47, "radius_m": 300}"#
    static func zigzagZone() -> String {
        let points = zigzag(100_000, crossing: true).map { #"{"lat":\#($0.lat),"lon":\#($0.lon)}"# }
        return #"{"id": "zig", "rings": [["# + points.joined(separator: ",") + "]]}"
    }

    static func party(settings: String, offset: String, zone: String) -> [String: [UInt8]] {
        let track = """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="flowrun attacks" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>Ana</name><trkseg>
            <trkpt lat="37.80" lon="-122.47"><time>2026-07-04T16:00:00Z</time></trkpt>
            <trkpt lat="37.801" lon="-122.471"><time>2026-07-04T16:01:00Z</time></trkpt>
            </trkseg></trk></gpx>
            """
        let file = """
            {"format": "flowrun/party@1", "settings": {\(settings)},
             "members": [{"id": "ana", "role": "guardian", "track": "ana.gpx", "offset_s": \(offset)}],
             "zones": [\(zone)]}
            """
        return ["recordings/party.json": Array(file.utf8), "recordings/ana.gpx": Array(track.utf8)]
    }

    static let beacon = "ibeacon:D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59:1:1"
    static let exhibits = """
        {"type":"FeatureCollection","features":[{"type":"Feature",
         "geometry":{"type":"Point","coordinates":[-122.473363,37.787217]},
         "properties":{"id":"gate","title":"Gate","text":"An exhibit.","building":"Gate house","floor":0,
          "beacons":[{"type":"ibeacon","uuid":"D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59","major":1,"minor":1,"measured_power":-59,"path_loss":2.2}]}}]}
        """
}
