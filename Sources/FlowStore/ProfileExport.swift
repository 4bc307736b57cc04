import Formats
public import FlowKit
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import GeoKit

/// Everything a profile's store holds, as one JSON document (`flowrun profile export`):
/// `{"schema": "flowrun/profile@1", "favorites": [...], "visited": [...], "pins": [...],
/// "settings": [...], "party_alerts": [...], "party_zones": [...],
/// "party_members": [...], "party_watches": [...]}`, each list in the order the tables were written, settings' values as
/// JSON. Reading never writes: a profile without a database exports empty lists and is not
/// made, and the database is opened read-only.
public enum ProfileExport {
    /// The export document's `schema`.
    public static let schemaID = "flowrun/profile@1"

    struct Document: Encodable {
        var schema = ProfileExport.schemaID
        var favorites: [Favorite] = []
        var visited: [Visit] = []
        var pins: [Pin] = []
        var settings: [Setting] = []
        var party_alerts: [PartyAlert] = []
        var party_zones: [PartyZone] = []
        var party_members: [PartyMember] = []
        var party_watches: [PartyWatch] = []
    }
    struct PartyZone: Encodable {
        var park, party, zone: String
        /// The zone as `party.set_zone` took it; null: removed.
        var spec: JSONValue
        var updated, by: String
    }
    struct PartyMember: Encodable {
        var park, party, member, name, role: String
        var removed: Bool
        var updated, by: String
    }
    struct PartyWatch: Encodable {
        var park, party, member: String
        var started, until: Double
        var checked_in: Double?
    }
    struct PartyAlert: Encodable {
        var park, party, recipient, kind: String
        var time: Double
        var member, other, zone: String
        var lat, lon, distance: Double?
    }
    struct Favorite: Encodable { var park, site, added: String }
    struct Visit: Encodable { var park, site, at: String }
    struct Pin: Encodable {
        var id: Int64
        var park: String
        var lat, lon: Double
        var title, note: String?
        var created: String
        var photos: [Photo]
    }
    struct Photo: Encodable { var file, added: String }
    struct Setting: Encodable {
        var park, key: String
        var value: JSONValue
        var updated: String
    }

    /// The profile's store as pretty JSON with sorted keys, ending in a newline.
    /// - Throws: `StoreError` for a damaged database, one from a newer flowrun or another program's.
    public static func json(_ profile: Profile) throws(StoreError) -> String {
        var document = Document()
        if FileManager.default.fileExists(atPath: profile.databasePath) {
            try profile.checkDatabaseFiles()
            do {
                let db = try SQLiteDatabase(path: profile.databasePath, readOnly: true, busyTimeout: 0)
                // One read transaction: every table as of one moment.
                try db.transaction { try read(db, into: &document, profile: profile) }
            } catch {
                throw StoreFailure.error(error, profile: profile, busyTimeout: 0)
            }
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            return String(decoding: try encoder.encode(document), as: UTF8.self) + "\n"
        } catch {
            throw StoreError(.failed, "\(profile.databasePath): cannot write the export: \(error)")
        }
    }

    private static func read(_ db: SQLiteDatabase, into document: inout Document, profile: Profile) throws {
        let applied = try StoreSchema.check(db, profile: profile)
        guard !applied.isEmpty else { return }  // made, never used
        document.favorites = try db.statement("SELECT park, site, added FROM favorites ORDER BY id").all {
            Favorite(park: $0.text(0), site: $0.text(1), added: $0.text(2))
        }
        document.visited = try db.statement("SELECT park, site, at FROM visited ORDER BY id").all {
            Visit(park: $0.text(0), site: $0.text(1), at: $0.text(2))
        }
        var photos: [Int64: [Photo]] = [:]
        try db.statement("SELECT pin, file, added FROM pin_photos ORDER BY id").rows { row in
            photos[row.integer(0), default: []].append(Photo(file: row.text(1), added: row.text(2)))
        }
        document.pins = try db.statement("SELECT id, park, lat, lon, title, note, created FROM pins ORDER BY id").all {
            Pin(
                id: $0.integer(0), park: $0.text(1), lat: $0.real(2), lon: $0.real(3), title: $0.optionalText(4), note: $0.optionalText(5),
                created: $0.text(6), photos: photos[$0.integer(0)] ?? [])
        }
        document.settings = try db.statement("SELECT park, key, value, updated FROM settings ORDER BY park, key").all {
            let text = $0.text(2)
            // A value that is not JSON (changed by hand) is exported as its text.
            let value = (try? JSONValue.parse(text)) ?? .string(text)
            return Setting(park: $0.text(0), key: $0.text(1), value: value, updated: $0.text(3))
        }
        guard applied.contains("v2") else { return }
        document.party_alerts = try db.statement(
            "SELECT park, party, recipient, kind, time, member, other, zone, lat, lon, distance FROM party_alerts ORDER BY id"
        ).all {
            PartyAlert(
                park: $0.text(0), party: $0.text(1), recipient: $0.text(2), kind: $0.text(3), time: $0.real(4), member: $0.text(5),
                other: $0.text(6), zone: $0.text(7), lat: $0.optionalReal(8), lon: $0.optionalReal(9), distance: $0.optionalReal(10))
        }
        guard applied.contains("v3") else { return }
        document.party_zones = try db.statement("SELECT park, party, zone, spec, updated, by FROM party_zones ORDER BY park, party, zone").all {
            let spec = $0.optionalText(3).map { (try? JSONValue.parse($0)) ?? .string($0) } ?? .null
            return PartyZone(park: $0.text(0), party: $0.text(1), zone: $0.text(2), spec: spec, updated: $0.text(4), by: $0.text(5))
        }
        document.party_members = try db.statement(
            "SELECT park, party, member, name, role, removed, updated, by FROM party_members ORDER BY park, party, member"
        ).all {
            PartyMember(
                park: $0.text(0), party: $0.text(1), member: $0.text(2), name: $0.text(3), role: $0.text(4), removed: $0.integer(5) != 0,
                updated: $0.text(6), by: $0.text(7))
        }
        document.party_watches = try db.statement(
            "SELECT park, party, member, started, until, checked_in FROM party_watches ORDER BY park, party, member"
        ).all {
            PartyWatch(park: $0.text(0), party: $0.text(1), member: $0.text(2), started: $0.real(3), until: $0.real(4), checked_in: $0.optionalReal(5))
        }
    }
}
