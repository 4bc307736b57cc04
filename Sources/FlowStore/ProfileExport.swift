import Formats
public import FlowKit
import Foundation
import GeoKit
import GRDB

/// Everything a profile's store holds, as one JSON document (`flowrun profile export`):
/// `{"schema": "flowrun/profile@1", "favorites": [...], "visited": [...], "pins": [...],
/// "settings": [...], "party_alerts": [...]}`, each list in the order the tables were written, settings' values as
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
                var configuration = Configuration()
                configuration.readonly = true
                let queue = try DatabaseQueue(path: profile.databasePath, configuration: configuration)
                try queue.read { db in try read(db, into: &document, profile: profile) }
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

    private static func read(_ db: Database, into document: inout Document, profile: Profile) throws {
        let applied = try StoreSchema.check(db, profile: profile)
        guard !applied.isEmpty else { return }  // made, never used
        document.favorites = try Row.fetchAll(db, sql: "SELECT park, site, added FROM favorites ORDER BY id").map {
            Favorite(park: $0[0], site: $0[1], added: $0[2])
        }
        document.visited = try Row.fetchAll(db, sql: "SELECT park, site, at FROM visited ORDER BY id").map {
            Visit(park: $0[0], site: $0[1], at: $0[2])
        }
        var photos: [Int64: [Photo]] = [:]
        for row in try Row.fetchAll(db, sql: "SELECT pin, file, added FROM pin_photos ORDER BY id") {
            photos[row[0], default: []].append(Photo(file: row[1], added: row[2]))
        }
        document.pins = try Row.fetchAll(db, sql: "SELECT id, park, lat, lon, title, note, created FROM pins ORDER BY id").map {
            Pin(id: $0[0], park: $0[1], lat: $0[2], lon: $0[3], title: $0[4], note: $0[5], created: $0[6], photos: photos[$0[0]] ?? [])
        }
        document.settings = try Row.fetchAll(db, sql: "SELECT park, key, value, updated FROM settings ORDER BY park, key").map {
            let text: String = $0[2]
            // A value that is not JSON (changed by hand) is exported as its text.
            let value = (try? JSONValue.parse(text)) ?? .string(text)
            return Setting(park: $0[0], key: $0[1], value: value, updated: $0[3])
        }
        guard applied.contains("v2") else { return }
        document.party_alerts = try Row.fetchAll(
            db, sql: "SELECT park, party, recipient, kind, time, member, other, zone, lat, lon, distance FROM party_alerts ORDER BY id"
        ).map {
            PartyAlert(
                park: $0[0], party: $0[1], recipient: $0[2], kind: $0[3], time: $0[4], member: $0[5], other: $0[6], zone: $0[7],
                lat: $0[8], lon: $0[9], distance: $0[10])
        }
    }
}
