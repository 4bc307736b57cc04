import CSQLite
import Formats
public import FlowKit

/// The store's reads and writes, each one cached statement inside the run's transaction.
extension SQLiteVisitorStore {
    public func count(_ table: StoreTable, park: String) throws(StoreError) -> Int {
        try read(0) { db in
            Int(try db.statement("SELECT count(*) FROM \(table.rawValue) WHERE park = ?").first([.text(park)]) { $0.integer(0) } ?? 0)
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
            try db.statement("SELECT 1 FROM favorites WHERE park = ? AND site = ?").first([.text(park), .text(site)]) { _ in true } ?? false
        }
    }

    public func addFavorite(_ site: String, park: String, at time: String) throws(StoreError) -> Bool {
        try access { db in
            try db.statement("INSERT OR IGNORE INTO favorites (park, site, added) VALUES (?, ?, ?)").run([.text(park), .text(site), .text(time)])
            return db.changes > 0
        }
    }

    public func removeFavorite(_ site: String, park: String) throws(StoreError) -> Bool {
        try access { db in
            try db.statement("DELETE FROM favorites WHERE park = ? AND site = ?").run([.text(park), .text(site)])
            return db.changes > 0
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
            try db.statement("SELECT site, \(time)\(park == nil ? ", park" : "") FROM \(table) \(Self.filter(scope)) ORDER BY \(time) DESC, id DESC LIMIT ?")
                .rows(Self.arguments(scope, limit)) { row in
                    rows.append(make(park ?? row.text(2), row.text(0), row.text(1)))
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
            // Valid until the next step: handed on at once, never kept.
            try db.statement(sql).rows(Self.arguments(scope, limit)) { columns in
                let third = columns.count > 2 ? columns.bytes(2) : UnsafeRawBufferPointer(start: nil, count: 0)
                row(columns.bytes(0), columns.bytes(1), third)
            }
        }
    }

    public func markVisited(_ site: String, park: String, at time: String) throws(StoreError) -> Bool {
        try access { db in
            let known = try db.statement("SELECT 1 FROM visited WHERE park = ? AND site = ?").first([.text(park), .text(site)]) { _ in true } ?? false
            try db.statement("INSERT INTO visited (park, site, at) VALUES (?, ?, ?) ON CONFLICT (park, site) DO UPDATE SET at = excluded.at")
                .run([.text(park), .text(site), .text(time)])
            return !known
        }
    }

    // MARK: - Pins

    public func pins(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredPin] {
        try read([]) { db in
            var pins: [StoredPin] = []
            var index: [Int64: Int] = [:]
            try db.statement("SELECT id, park, lat, lon, title, note, created FROM pins \(Self.filter(scope)) ORDER BY created DESC, id DESC LIMIT ?")
                .rows(Self.arguments(scope, limit)) { row in
                    index[row.integer(0)] = pins.count
                    pins.append(Self.pin(row))
                }
            guard !pins.isEmpty else { return pins }
            // One query for the photos of all of them, not one per pin.
            try db.statement(
                """
                SELECT pin_photos.pin, pin_photos.file, pin_photos.added FROM pin_photos JOIN pins ON pins.id = pin_photos.pin
                \(Self.filter(scope, column: "pins.park")) ORDER BY pin_photos.id
                """
            ).rows(Self.parkArgument(scope)) { row in
                if let i = index[row.integer(0)] { pins[i].photos.append(StoredPhoto(file: row.text(1), added: row.text(2))) }
            }
            return pins
        }
    }

    public func pin(_ id: Int64, park: String) throws(StoreError) -> StoredPin? {
        try read(nil) { db in
            guard
                var pin = try db.statement("SELECT id, park, lat, lon, title, note, created FROM pins WHERE id = ? AND park = ?")
                    .first([.integer(id), .text(park)], Self.pin)
            else { return nil }
            try db.statement("SELECT file, added FROM pin_photos WHERE pin = ? ORDER BY id").rows([.integer(id)]) { photo in
                pin.photos.append(StoredPhoto(file: photo.text(0), added: photo.text(1)))
            }
            return pin
        }
    }

    public func addPin(_ pin: StoredPin) throws(StoreError) -> Int64 {
        try access { db in
            try db.statement("INSERT INTO pins (park, lat, lon, title, note, created) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.text(pin.park), .real(pin.latitude), .real(pin.longitude), .text(pin.title), .text(pin.note), .text(pin.created)])
            return db.lastInsertedRowID
        }
    }

    public func removePin(_ id: Int64, park: String) throws(StoreError) -> Bool {
        try access { db in
            try db.statement("DELETE FROM pins WHERE id = ? AND park = ?").run([.integer(id), .text(park)])
            return db.changes > 0
        }
    }

    public func editPin(_ id: Int64, park: String, title: String?, note: String?) throws(StoreError) -> Bool {
        try access { db in
            try db.statement("UPDATE pins SET title = ?, note = ? WHERE id = ? AND park = ?").run([.text(title), .text(note), .integer(id), .text(park)])
            return db.changes > 0
        }
    }

    public func removePhoto(_ file: String, pin id: Int64) throws(StoreError) -> Bool {
        try access { db in
            try db.statement("DELETE FROM pin_photos WHERE pin = ? AND file = ?").run([.integer(id), .text(file)])
            return db.changes > 0
        }
    }

    public func addPhoto(_ file: String, pin id: Int64, at time: String) throws(StoreError) -> Bool {
        try access { db in
            try db.statement("INSERT OR IGNORE INTO pin_photos (pin, file, added) VALUES (?, ?, ?)").run([.integer(id), .text(file), .text(time)])
            return db.changes > 0
        }
    }

    // MARK: - Settings

    public func setting(_ key: String, park: String) throws(StoreError) -> String? {
        try read(nil) { db in
            try db.statement("SELECT value FROM settings WHERE park = ? AND key = ?").first([.text(park), .text(key)]) { $0.text(0) }
        }
    }

    public func setSetting(_ key: String, park: String, json: String?, at time: String) throws(StoreError) -> Bool {
        try access { db in
            let known = try db.statement("SELECT 1 FROM settings WHERE park = ? AND key = ?").first([.text(park), .text(key)]) { _ in true } ?? false
            if let json {
                try db.statement(
                    "INSERT INTO settings (park, key, value, updated) VALUES (?, ?, ?, ?) ON CONFLICT (park, key) DO UPDATE SET value = excluded.value, updated = excluded.updated"
                )
                .run([.text(park), .text(key), .text(json), .text(time)])
            } else {
                try db.statement("DELETE FROM settings WHERE park = ? AND key = ?").run([.text(park), .text(key)])
            }
            return !known && json != nil
        }
    }

    // MARK: - Party alerts

    public func keepPartyAlert(_ alert: StoredPartyAlert) throws(StoreError) -> Bool {
        try access { db in
            try db.statement(
                """
                INSERT OR IGNORE INTO party_alerts (park, party, recipient, kind, time, member, other, zone, lat, lon, distance)
                VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                """
            ).run([
                .text(alert.park), .text(alert.party), .text(alert.recipient), .text(alert.kind), .real(alert.time), .text(alert.member),
                .text(alert.other), .text(alert.zone), .real(alert.latitude), .real(alert.longitude), .real(alert.distance),
            ])
            return db.changes > 0
        }
    }

    public func partyAlerts(park: String, party: String, recipient: String, limit: Int?) throws(StoreError) -> [StoredPartyAlert] {
        try read([]) { db in
            try db.statement(
                """
                SELECT kind, time, member, other, zone, lat, lon, distance FROM party_alerts
                WHERE park = ? AND party = ? AND recipient = ? ORDER BY time DESC, id DESC LIMIT ?
                """
            ).all([.text(park), .text(party), .text(recipient), .integer(Int64(limit ?? -1))]) { row in
                StoredPartyAlert(
                    park: park, party: party, recipient: recipient, kind: row.text(0), time: row.real(1), member: row.text(2),
                    other: row.text(3), zone: row.text(4), latitude: row.optionalReal(5), longitude: row.optionalReal(6), distance: row.optionalReal(7))
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

    /// The one park read, or nil for every park.
    private static func park(_ scope: StoreScope) -> String? {
        if case .park(let code) = scope { return code }
        return nil
    }

    /// The park, unless every park is read.
    private static func parkArgument(_ scope: StoreScope) -> [SQLiteValue] {
        if case .park(let code) = scope { return [.text(code)] }
        return []
    }

    /// The park (unless every park is read) and the limit (-1: none, in SQLite's words).
    private static func arguments(_ scope: StoreScope, _ limit: Int?) -> [SQLiteValue] {
        parkArgument(scope) + [.integer(Int64(limit ?? -1))]
    }

    private static func pin(_ row: SQLiteRow) -> StoredPin {
        StoredPin(
            id: row.integer(0), park: row.text(1), latitude: row.real(2), longitude: row.real(3), title: row.optionalText(4), note: row.optionalText(5),
            created: row.text(6))
    }
}
