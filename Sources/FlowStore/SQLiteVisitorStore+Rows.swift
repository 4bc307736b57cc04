import Formats
public import FlowKit
import Foundation
import GRDB
import GRDBSQLite

/// The store's reads and writes, each one cached statement inside the run's transaction.
extension SQLiteVisitorStore {
    public func count(_ table: StoreTable, park: String) throws(StoreError) -> Int {
        try read(0) { db in
            try Int.fetchOne(db.cachedStatement(sql: "SELECT count(*) FROM \(table.rawValue) WHERE park = ?"), arguments: [park]) ?? 0
        }
    }

    // MARK: - Favorites

    public func favorites(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredFavorite] {
        try siteRows(table: "favorites", time: "added", scope, limit) { StoredFavorite(park: $0, site: $1, added: $2) }
    }

    public func favoriteTexts(
        in scope: StoreScope, limit: Int?,
        _ row: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
    ) throws(StoreError) {
        try texts("SELECT site, added\(Self.parkColumn(scope)) FROM favorites \(Self.filter(scope)) ORDER BY added DESC, id DESC LIMIT ?", scope, limit, row)
    }

    public func isFavorite(_ site: String, park: String) throws(StoreError) -> Bool {
        try read(false) { db in
            try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM favorites WHERE park = ? AND site = ?"), arguments: [park, site]) ?? false
        }
    }

    public func addFavorite(_ site: String, park: String, at time: String) throws(StoreError) -> Bool {
        try access { db in
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO favorites (park, site, added) VALUES (?, ?, ?)").execute(arguments: [park, site, time])
            return db.changesCount > 0
        }
    }

    public func removeFavorite(_ site: String, park: String) throws(StoreError) -> Bool {
        try access { db in
            try db.cachedStatement(sql: "DELETE FROM favorites WHERE park = ? AND site = ?").execute(arguments: [park, site])
            return db.changesCount > 0
        }
    }

    // MARK: - Visits

    public func visits(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredVisit] {
        try siteRows(table: "visited", time: "at", scope, limit) { StoredVisit(park: $0, site: $1, at: $2) }
    }

    /// A site list's rows (favorites, visits), newest first, each made by `make(park, site, time)`.
    private func siteRows<Row>(
        table: String, time: String, _ scope: StoreScope, _ limit: Int?,
        _ make: (String, String, String) -> Row
    ) throws(StoreError) -> [Row] {
        try read([]) { db in
            // One park's rows do not read its code 10,000 times.
            let park = Self.park(scope)
            var rows: [Row] = []
            try Self.texts(
                db, "SELECT site, \(time)\(park == nil ? ", park" : "") FROM \(table) \(Self.filter(scope)) ORDER BY \(time) DESC, id DESC LIMIT ?",
                Self.arguments(scope, limit)
            ) { column in
                rows.append(make(park ?? column(2), column(0), column(1)))
            }
            return rows
        }
    }

    public func visitTexts(
        in scope: StoreScope, limit: Int?,
        _ row: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
    ) throws(StoreError) {
        try texts("SELECT site, at\(Self.parkColumn(scope)) FROM visited \(Self.filter(scope)) ORDER BY at DESC, id DESC LIMIT ?", scope, limit, row)
    }

    /// The park column of a list, read only across parks: in one park it is known, and
    /// decoding it took a fifth of a 10,000-row listing's time in SQLite.
    private static func parkColumn(_ scope: StoreScope) -> String {
        scope == .allParks ? ", park" : ""
    }

    /// Two or three text columns of each row to `row`, as SQLite's own bytes (the third
    /// empty when the statement has two).
    private func texts(
        _ sql: String, _ scope: StoreScope, _ limit: Int?,
        _ row: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
    ) throws(StoreError) {
        try read(()) { db in
            let statement = try db.cachedStatement(sql: sql)
            try statement.setArguments(Self.arguments(scope, limit))
            let raw = statement.sqliteStatement
            defer { sqlite3_reset(raw) }
            let third = sqlite3_column_count(raw) > 2
            // Valid until the next step: handed on at once, never kept.
            let column: (Int32) -> UnsafeRawBufferPointer = { i in
                guard i < 2 || third else { return UnsafeRawBufferPointer(start: nil, count: 0) }
                return UnsafeRawBufferPointer(start: sqlite3_column_text(raw, i), count: Int(sqlite3_column_bytes(raw, i)))
            }
            while true {
                let code = sqlite3_step(raw)
                guard code == SQLITE_ROW else {
                    guard code == SQLITE_DONE else {
                        throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
                    }
                    return
                }
                row(column(0), column(1), column(2))
            }
        }
    }

    public func markVisited(_ site: String, park: String, at time: String) throws(StoreError) -> Bool {
        try access { db in
            let known = try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM visited WHERE park = ? AND site = ?"), arguments: [park, site]) ?? false
            try db.cachedStatement(sql: "INSERT INTO visited (park, site, at) VALUES (?, ?, ?) ON CONFLICT (park, site) DO UPDATE SET at = excluded.at")
                .execute(arguments: [park, site, time])
            return !known
        }
    }

    // MARK: - Pins

    public func pins(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredPin] {
        try read([]) { db in
            let rows = try Row.fetchCursor(
                db.cachedStatement(
                    sql: "SELECT id, park, lat, lon, title, note, created FROM pins \(Self.filter(scope)) ORDER BY created DESC, id DESC LIMIT ?"),
                arguments: Self.arguments(scope, limit))
            var pins: [StoredPin] = []
            var index: [Int64: Int] = [:]
            while let row = try rows.next() {
                index[row[0]] = pins.count
                pins.append(Self.pin(row))
            }
            guard !pins.isEmpty else { return pins }
            // One query for the photos of all of them, not one per pin.
            let photos = try Row.fetchCursor(
                db.cachedStatement(
                    sql: """
                        SELECT pin_photos.pin, pin_photos.file, pin_photos.added FROM pin_photos JOIN pins ON pins.id = pin_photos.pin
                        \(Self.filter(scope, column: "pins.park")) ORDER BY pin_photos.id
                        """), arguments: Self.parkArgument(scope))
            while let row = try photos.next() {
                if let i = index[row[0]] { pins[i].photos.append(StoredPhoto(file: row[1], added: row[2])) }
            }
            return pins
        }
    }

    public func pin(_ id: Int64, park: String) throws(StoreError) -> StoredPin? {
        try read(nil) { db in
            guard
                let row = try Row.fetchOne(
                    db.cachedStatement(sql: "SELECT id, park, lat, lon, title, note, created FROM pins WHERE id = ? AND park = ?"),
                    arguments: [id, park])
            else { return nil }
            var pin = Self.pin(row)
            let photos = try Row.fetchCursor(db.cachedStatement(sql: "SELECT file, added FROM pin_photos WHERE pin = ? ORDER BY id"), arguments: [id])
            while let photo = try photos.next() { pin.photos.append(StoredPhoto(file: photo[0], added: photo[1])) }
            return pin
        }
    }

    public func addPin(_ pin: StoredPin) throws(StoreError) -> Int64 {
        try access { db in
            try db.cachedStatement(sql: "INSERT INTO pins (park, lat, lon, title, note, created) VALUES (?, ?, ?, ?, ?, ?)")
                .execute(arguments: [pin.park, pin.latitude, pin.longitude, pin.title, pin.note, pin.created])
            return db.lastInsertedRowID
        }
    }

    public func removePin(_ id: Int64, park: String) throws(StoreError) -> Bool {
        try access { db in
            try db.cachedStatement(sql: "DELETE FROM pins WHERE id = ? AND park = ?").execute(arguments: [id, park])
            return db.changesCount > 0
        }
    }

    public func addPhoto(_ file: String, pin id: Int64, at time: String) throws(StoreError) -> Bool {
        try access { db in
            try db.cachedStatement(sql: "INSERT OR IGNORE INTO pin_photos (pin, file, added) VALUES (?, ?, ?)").execute(arguments: [id, file, time])
            return db.changesCount > 0
        }
    }

    // MARK: - Settings

    public func setting(_ key: String, park: String) throws(StoreError) -> String? {
        try read(nil) { db in
            try String.fetchOne(db.cachedStatement(sql: "SELECT value FROM settings WHERE park = ? AND key = ?"), arguments: [park, key])
        }
    }

    public func setSetting(_ key: String, park: String, json: String?, at time: String) throws(StoreError) -> Bool {
        try access { db in
            let known = try Bool.fetchOne(db.cachedStatement(sql: "SELECT 1 FROM settings WHERE park = ? AND key = ?"), arguments: [park, key]) ?? false
            if let json {
                try db.cachedStatement(
                    sql:
                        "INSERT INTO settings (park, key, value, updated) VALUES (?, ?, ?, ?) ON CONFLICT (park, key) DO UPDATE SET value = excluded.value, updated = excluded.updated"
                )
                .execute(arguments: [park, key, json, time])
            } else {
                try db.cachedStatement(sql: "DELETE FROM settings WHERE park = ? AND key = ?").execute(arguments: [park, key])
            }
            return !known && json != nil
        }
    }

    // MARK: - Party alerts

    public func keepPartyAlert(_ alert: StoredPartyAlert) throws(StoreError) -> Bool {
        try access { db in
            try db.cachedStatement(
                sql: """
                    INSERT OR IGNORE INTO party_alerts (park, party, recipient, kind, time, member, other, zone, lat, lon, distance)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """
            ).execute(arguments: [
                alert.park, alert.party, alert.recipient, alert.kind, alert.time, alert.member, alert.other, alert.zone,
                alert.latitude, alert.longitude, alert.distance,
            ])
            return db.changesCount > 0
        }
    }

    public func partyAlerts(park: String, party: String, recipient: String, limit: Int?) throws(StoreError) -> [StoredPartyAlert] {
        try read([]) { db in
            try Row.fetchAll(
                db.cachedStatement(
                    sql: """
                        SELECT kind, time, member, other, zone, lat, lon, distance FROM party_alerts
                        WHERE park = ? AND party = ? AND recipient = ? ORDER BY time DESC, id DESC LIMIT ?
                        """),
                arguments: [park, party, recipient, limit ?? -1]
            ).map { row in
                StoredPartyAlert(
                    park: park, party: party, recipient: recipient, kind: row["kind"], time: row["time"], member: row["member"],
                    other: row["other"], zone: row["zone"], latitude: row["lat"], longitude: row["lon"], distance: row["distance"])
            }
        }
    }

    // MARK: - Photos folder

    public func photoFile(_ file: String) -> PhotoFile? {
        // A regular file only, opened without blocking: a FIFO named as a photo holds nothing up.
        guard let (size, head) = FileReader.head(atPath: profile.photosPath + "/" + file, count: 16, links: .within(FileReader.realFolder(profile.photosPath)))
        else { return nil }
        return PhotoFile(size: size, head: head)
    }

    // MARK: - Private

    private static func filter(_ scope: StoreScope, column: String = "park") -> String {
        scope == .allParks ? "" : "WHERE \(column) = ?"
    }

    /// Steps a cached statement whose columns are text, calling `row` with a reader of the
    /// current row's columns: a list of 10,000 favorites spent more in GRDB's row cursor than
    /// in SQLite.
    private static func texts(
        _ db: Database, _ sql: String, _ arguments: StatementArguments,
        row: ((Int32) -> String) throws -> Void
    ) throws {
        let statement = try db.cachedStatement(sql: sql)
        try statement.setArguments(arguments)
        let raw = statement.sqliteStatement
        defer { sqlite3_reset(raw) }
        let column: (Int32) -> String = { i in sqlite3_column_text(raw, i).map { String(cString: $0) } ?? "" }
        while true {
            let code = sqlite3_step(raw)
            guard code == SQLITE_ROW else {
                guard code == SQLITE_DONE else {
                    throw DatabaseError(resultCode: ResultCode(rawValue: code), message: String(cString: sqlite3_errmsg(db.sqliteConnection)), sql: sql)
                }
                return
            }
            try row(column)
        }
    }

    /// The one park read, or nil for every park.
    private static func park(_ scope: StoreScope) -> String? {
        if case .park(let code) = scope { return code }
        return nil
    }

    /// The park, unless every park is read.
    private static func parkArgument(_ scope: StoreScope) -> StatementArguments {
        if case .park(let code) = scope { return [code] }
        return []
    }

    /// The park (unless every park is read) and the limit (-1: none, in SQLite's words).
    private static func arguments(_ scope: StoreScope, _ limit: Int?) -> StatementArguments {
        var arguments = parkArgument(scope)
        arguments += [limit ?? -1]
        return arguments
    }

    private static func pin(_ row: Row) -> StoredPin {
        StoredPin(id: row[0], park: row[1], latitude: row[2], longitude: row[3], title: row[4], note: row[5], created: row[6])
    }
}
