public import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import GeoKit
import ScreenModel

/// Reads a party file (JSON, `schema/party.schema.json`): every field checked, unknown
/// fields refused, each error naming the file and the field (or the track's file and line).
///
/// ```json
/// { "format": "flowrun/party@1", "name": "Mist Trail family",
///   "settings": { "drift_m": 800, "silence_s": 600 },
///   "members": [ { "id": "ana", "name": "Ana", "role": "guardian", "track": "ana.gpx" },
///                { "id": "ben", "name": "Ben", "role": "child", "track": "group.gpx", "trk": "Ben", "offset_s": 120 } ],
///   "zones": [ { "id": "camp", "name": "Camp", "lat": 37.74, "lon": -119.57, "radius_m": 300 } ] }
/// ```
/// Track paths are relative to the party file's folder.
public enum PartyFile {
    /// The format this reader reads.
    public static let format = "flowrun/party@1"
    /// The largest party file read: members, zones and settings, not tracks (those are GPX files).
    public static let maxBytes = 4 << 20

    /// The fields each object of the file may have (`schema/party.schema.json` names the same).
    enum Fields {
        static let top: Set = ["format", "name", "settings", "members", "zones"]
        static let settings: Set = ["drift_m", "silence_s"]
        static let member: Set = ["id", "name", "role", "track", "trk", "offset_s"]
        static let zone: Set = ["id", "name", "lat", "lon", "radius_m", "rings"]
        static let point: Set = ["lat", "lon"]
    }

    /// Reads and checks a party file.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - displayPath: how messages name it (default: `path`).
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the file and field, or the track's
    ///   file and line.
    public static func read(_ path: String, displayPath: String? = nil) throws(FlowError) -> Party {
        let shown = displayPath ?? path
        let data: [UInt8]
        do { data = try FileReader.bytes(atPath: path, file: shown, limit: Self.maxBytes) } catch {
            let why = FileManager.default.fileExists(atPath: path) ? error.message : "no such file"
            throw .invalidContent("\(shown): cannot read the party file (\(why))")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw .invalidContent("\(shown): not UTF-8 text") }
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch {
            throw .invalidContent("\(shown): \(lined(error.message, in: text))")
        }
        let folder = PathText.folder(of: path)
        let shownFolder = PathText.folder(of: shown)
        do {
            return try party(json, file: shown) { track in
                (PathText.joined(folder, track), PathText.joined(shownFolder, track))
            }
        } catch let error as Problem {
            throw .invalidContent(error.inTrack ? error.message : "\(shown): \(error.message)")
        } catch {
            throw .invalidContent("\(shown): \(error)")
        }
    }

    /// A safe zone written as a party file's `zones[]` entry, checked: the relay
    /// (`flowrun relay`) takes zones in the same shape, by the same rules.
    /// - Parameters:
    ///   - value: the zone's JSON.
    ///   - path: the field it came from, for messages (`zones[2]`).
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the field.
    public static func zone(_ value: JSONValue, path: String) throws(FlowError) -> (spec: RegionSpec, region: GeofenceRegion) {
        do {
            let spec = try zone(value, path)
            return (spec, try spec.region(path: path))
        } catch let error as Problem {
            throw .invalidContent(error.message)
        } catch let error as GeoError {
            throw .invalidContent(error.message)
        } catch {
            throw .invalidContent("\(path): \(error)")
        }
    }

    /// A party file's `settings` (`drift_m`, `silence_s`) over the defaults, checked.
    /// - Throws: ``FlowError/invalidContent(_:)`` naming the field.
    public static func settings(_ value: JSONValue?) throws(FlowError) -> PartySettings {
        var settings = PartySettings()
        guard let value else { return settings }
        do {
            let o = try object(value, "settings", keys: Fields.settings)
            if let v = o["drift_m"] { settings.driftDistance = try number(v, "settings.drift_m") }
            if let v = o["silence_s"] { settings.silenceTimeout = try number(v, "settings.silence_s") }
        } catch let error as Problem {
            throw .invalidContent(error.message)
        } catch {
            throw .invalidContent("settings: \(error)")
        }
        if let problem = settings.problem() { throw .invalidContent("settings.\(problem)") }
        return settings
    }

    /// The largest time shift of a member's track (seconds): a year.
    static let largestOffset = 31_536_000.0

    struct Problem: Error {
        var message: String
        /// A track's own error, which names its file and line already.
        var inTrack = false
    }

    /// The party in `json`; `locate` turns a member's `track` into a path to read and one to show.
    static func party(_ json: JSONValue, file: String, locate: (String) -> (String, String)) throws -> Party {
        let top = try object(json, "", keys: Fields.top)
        guard let format = top["format"]?.stringValue, format == Self.format else {
            throw Problem(message: "format: expected \"\(Self.format)\", got \(top["format"].map { $0.description } ?? "nothing")")
        }
        let settings: PartySettings
        do { settings = try Self.settings(top["settings"]) } catch { throw Problem(message: error.description) }
        guard let list = top["members"]?.arrayValue, !list.isEmpty else {
            throw Problem(message: "members: expected a list of at least one member")
        }
        var members: [Party.Member] = [], seen: [String: Int] = [:]
        for (i, value) in list.enumerated() {
            let here = "members[\(i + 1)]"
            let o = try object(value, here, keys: Fields.member)
            let id = try string(o["id"], "\(here).id")
            if let first = seen[id] { throw Problem(message: "\(here).id: '\(id)' is already members[\(first + 1)]'s id") }
            seen[id] = i
            let roleName = try string(o["role"], "\(here).role")
            guard let role = PartyRole(rawValue: roleName) else {
                let hint = Excerpt.suggestion(for: roleName, in: PartyRole.allCases.map(\.rawValue)).map { "; did you mean '\($0)'?" } ?? ""
                throw Problem(message: "\(here).role: unknown role '\(roleName)' (roles: \(PartyRole.list))\(hint)")
            }
            let name = try o["name"].map { try string($0, "\(here).name") } ?? id
            let offset = try o["offset_s"].map { try number($0, "\(here).offset_s") } ?? 0
            // Tracks of one outing, recorded on different days at most: a year either way.
            guard abs(offset) <= Self.largestOffset else {
                throw Problem(
                    message:
                        "\(here).offset_s: \(GeoError.text(offset)) must be a number of seconds in [-\(Int(Self.largestOffset)), \(Int(Self.largestOffset))] (a year)"
                )
            }
            let trk = try o["trk"].map { try string($0, "\(here).trk") }
            let (read, shown) = locate(try string(o["track"], "\(here).track"))
            var fixes = try track(read, shown: shown, trk: trk, field: "\(here)")
            if offset != 0 { for i in fixes.indices { fixes[i].time += offset } }
            members.append(Party.Member(id: id, name: name, role: role, source: trk.map { "\(shown)#\($0)" } ?? shown, fixes: fixes))
        }
        guard members.contains(where: { $0.role == .guardian }) else {
            throw Problem(message: "members: a party needs a guardian (alerts go to guardians)")
        }
        var specs: [RegionSpec] = [], zones: [GeofenceRegion] = [], zoneIDs: [String: Int] = [:]
        for (i, value) in (top["zones"]?.arrayValue ?? []).enumerated() {
            let spec = try zone(value, "zones[\(i + 1)]")
            if let first = zoneIDs[spec.id] { throw Problem(message: "zones[\(i + 1)].id: '\(spec.id)' is already zones[\(first + 1)]'s id") }
            zoneIDs[spec.id] = i
            do { zones.append(try spec.region(path: "zones[\(i + 1)]")) } catch { throw Problem(message: error.message) }
            specs.append(spec)
        }
        if let z = top["zones"], z.arrayValue == nil { throw Problem(message: "zones: expected a list") }
        let name = try top["name"].map { try string($0, "name") } ?? file
        return Party(name: name, file: file, members: members, zoneSpecs: specs, zones: zones, settings: settings)
    }

    static func track(_ path: String, shown: String, trk: String?, field: String) throws -> [TimedFix] {
        do {
            var document = try GPXReader.read(contentsOf: path, displayPath: shown)
            if let trk {
                let names = document.tracks.compactMap(\.name)
                guard let chosen = document.tracks.first(where: { $0.name == trk }) else {
                    throw Problem(
                        message:
                            "\(field).trk: \(shown) has no <trk> named '\(trk)' (it has \(names.isEmpty ? "no named tracks" : names.map { "'\($0)'" }.joined(separator: ", ")))"
                    )
                }
                document.tracks = [chosen]
            }
            return try document.timedFixes()
        } catch let error as GeoError where error.kind == .unreadableFile {
            // Nothing to point at inside the track: name the member whose track it is.
            throw Problem(message: "\(field).track: \(error.description)")
        } catch let error as GeoError {
            throw Problem(message: error.description, inTrack: true)
        }
    }

    static func zone(_ value: JSONValue, _ path: String) throws -> RegionSpec {
        let o = try object(value, path, keys: Fields.zone)
        var spec = RegionSpec(id: try string(o["id"], "\(path).id"), rings: [])
        spec.rings = nil
        spec.name = try o["name"].map { try string($0, "\(path).name") }
        spec.lat = try o["lat"].map { try number($0, "\(path).lat") }
        spec.lon = try o["lon"].map { try number($0, "\(path).lon") }
        spec.radius_m = try o["radius_m"].map { try number($0, "\(path).radius_m") }
        if let rings = o["rings"] {
            guard let list = rings.arrayValue else { throw Problem(message: "\(path).rings: expected a list of rings") }
            spec.rings = try list.enumerated().map { r, ring in
                guard let points = ring.arrayValue else { throw Problem(message: "\(path).rings[\(r + 1)]: expected a list of points") }
                return try points.enumerated().map { p, point in
                    let here = "\(path).rings[\(r + 1)][\(p + 1)]"
                    let o = try object(point, here, keys: Fields.point)
                    return RegionSpec.Point(lat: try number(o["lat"], "\(here).lat"), lon: try number(o["lon"], "\(here).lon"))
                }
            }
        }
        return spec
    }

    // MARK: - Fields

    static func object(_ value: JSONValue, _ path: String, keys: Set<String>) throws -> [String: JSONValue] {
        guard let o = value.objectValue else { throw Problem(message: "\(path.isEmpty ? "the file" : path): expected an object") }
        for key in o.keys.sorted() where !keys.contains(key) {
            let hint = Excerpt.suggestion(for: key, in: Array(keys)).map { "; did you mean '\($0)'?" } ?? ""
            throw Problem(message: "\(path.isEmpty ? "" : path + ".")\(key): unknown field\(hint)")
        }
        return o
    }

    static func string(_ value: JSONValue?, _ path: String) throws -> String {
        guard let value else { throw Problem(message: "\(path): missing (required)") }
        guard let s = value.stringValue, !s.isBlank else {
            throw Problem(message: "\(path): expected a non-empty string, got \(value.description)")
        }
        return s
    }

    static func number(_ value: JSONValue?, _ path: String) throws -> Double {
        guard let value else { throw Problem(message: "\(path): missing (required)") }
        guard let n = value.numberValue else { throw Problem(message: "\(path): expected a number, got \(Excerpt.text(value.description))") }
        guard n.isFinite else { throw Problem(message: "\(path): \(GeoError.text(n)) is not a finite number") }
        return n
    }

    /// `malformed JSON at byte 41: ...` as `line 3, column 7: malformed JSON: ...`.
    static func lined(_ message: String, in text: String) -> String {
        guard let at = message.firstRange(of: "at byte "),
            case let digits = message[at.upperBound...].prefix(while: \.isNumber), let offset = Int(digits)
        else { return message }
        let range = at.lowerBound..<digits.endIndex
        let prefix = text.utf8.prefix(max(0, offset - 1))
        let line = prefix.reduce(1) { $0 + ($1 == 10 ? 1 : 0) }
        let column = prefix.count - (prefix.lastIndex(of: 10).map { prefix.distance(from: prefix.startIndex, to: $0) + 1 } ?? 0) + 1
        var rest = message
        rest.replaceSubrange(range, with: "")
        return "line \(line), column \(column): " + rest.replacing("  ", with: " ").replacing(" :", with: ":")
    }
}
