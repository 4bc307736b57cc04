public import FlowKit
import Formats
#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// `flowrun profile import FILE`: merges an export (`flowrun profile export`,
/// `flowrun/profile@1`) into a profile's store, so a visitor moves to a new phone. The
/// whole file is read and checked first: a damaged or foreign export is refused, naming
/// the field, before anything is written. Then every row merges in one transaction under
/// the write lock, all or nothing:
/// - a favorite, by park and site: added, or kept as it is;
/// - a visit, by park and site: the later time wins;
/// - a pin, by park, position and the time it was dropped: added (with an id of this
///   store: the export's ids are its own), or kept, gaining the photos it lacks;
/// - a setting, by park and key: the one updated later wins;
/// - a party alert, by what it says: added, or kept;
/// - a party's zone or member change, by party and id: the one updated later wins; a watch,
///   by party and member: the one started later wins.
/// The store's limits (`StoreLimits`) hold after the merge, or nothing merges. Photos are
/// names in the profile's `photos/` folder: the files travel beside the export.
public enum ProfileImport {
    /// What a merge did, kind by kind.
    public struct Report: Equatable, Sendable {
        /// Rows of one kind.
        public struct Rows: Equatable, Sendable {
            /// New here.
            public var added = 0
            /// Here already, replaced by the export's newer one.
            public var updated = 0
            /// Here already and kept: the same, or newer here.
            public var kept = 0
        }
        public var favorites = Rows()
        public var visited = Rows()
        public var pins = Rows()
        public var photos = Rows()
        public var settings = Rows()
        public var partyAlerts = Rows()
        /// The party's zones, members and watches together.
        public var partyChanges = Rows()

        /// `2 favorites added, 1 kept; 1 visit updated; ...`: the kinds the export had.
        public var summary: String {
            let kinds: [(String, Rows)] = [
                ("favorites", favorites), ("visits", visited), ("pins", pins), ("photos", photos), ("settings", settings),
                ("party alerts", partyAlerts), ("party changes", partyChanges),
            ]
            let parts = kinds.compactMap { name, rows -> String? in
                let counts = [("added", rows.added), ("updated", rows.updated), ("kept", rows.kept)].filter { $0.1 > 0 }
                guard !counts.isEmpty else { return nil }
                return "\(name): " + counts.map { "\($0.1) \($0.0)" }.joined(separator: ", ")
            }
            return parts.isEmpty ? "the export held nothing" : parts.joined(separator: "; ")
        }
    }

    /// The largest export read, in bytes: 64 MiB.
    public static let maxBytes = 64 << 20

    /// Reads the export at `path` (named `shown` in messages), checks all of it, then merges
    /// it into `store`.
    /// - Throws: `FlowError.badContent` (exit 2) for a file that is not such
    ///   an export, or whose merge would pass the store's limits: nothing is written;
    ///   `FlowError.store` for the store (busy, damaged, from a newer flowrun).
    public static func merge(file path: String, shown: String, into store: SQLiteVisitorStore) throws(FlowError) -> Report {
        let bytes: [UInt8]
        do {
            bytes = try FileReader.bytes(atPath: path, file: shown, limit: maxBytes)
        } catch {
            throw .badContent(file: shown, message: error.message)
        }
        let document = try ExportReader(file: shown, limits: store.limits).document(String(decoding: bytes, as: UTF8.self))
        do throws(StoreError) {
            try store.begin(writing: true)
        } catch {
            throw .store(error)
        }
        let merged: (report: Report, overLimit: String?)
        do throws(StoreError) {
            merged = try store.access { db in try merge(document, into: db, limits: store.limits) }
        } catch {
            store.rollback()
            throw .store(error)
        }
        if let problem = merged.overLimit {
            store.rollback()
            throw .badContent(file: shown, message: problem)
        }
        do throws(StoreError) {
            try store.commit()
        } catch {
            store.rollback()
            throw .store(error)
        }
        return merged.report
    }

    /// The rows merged, and why the merge must not stand when it passes a limit.
    private static func merge(_ document: ProfileExport.Document, into db: SQLiteDatabase, limits: StoreLimits) throws -> (Report, String?) {
        var report = Report()
        for favorite in document.favorites {
            try db.statement("INSERT OR IGNORE INTO favorites (park, site, added) VALUES (?, ?, ?)")
                .run([.text(favorite.park), .text(favorite.site), .text(favorite.added)])
            if db.changes > 0 { report.favorites.added += 1 } else { report.favorites.kept += 1 }
        }
        for visit in document.visited {
            let here = try db.statement("SELECT at FROM visited WHERE park = ? AND site = ?").first([.text(visit.park), .text(visit.site)]) { $0.text(0) }
            if let here, here >= visit.at {
                report.visited.kept += 1
            } else {
                try db.statement("INSERT INTO visited (park, site, at) VALUES (?, ?, ?) ON CONFLICT (park, site) DO UPDATE SET at = excluded.at")
                    .run([.text(visit.park), .text(visit.site), .text(visit.at)])
                if here == nil { report.visited.added += 1 } else { report.visited.updated += 1 }
            }
        }
        for pin in document.pins {
            let key: [SQLiteValue] = [.text(pin.park), .real(pin.lat), .real(pin.lon), .text(pin.created)]
            var id = try db.statement("SELECT id FROM pins WHERE park = ? AND lat = ? AND lon = ? AND created = ? ORDER BY id LIMIT 1").first(key) {
                $0.integer(0)
            }
            if id == nil {
                try db.statement("INSERT INTO pins (park, lat, lon, title, note, created) VALUES (?, ?, ?, ?, ?, ?)")
                    .run([.text(pin.park), .real(pin.lat), .real(pin.lon), .text(pin.title), .text(pin.note), .text(pin.created)])
                id = db.lastInsertedRowID
                report.pins.added += 1
            } else {
                report.pins.kept += 1
            }
            for photo in pin.photos {
                try db.statement("INSERT OR IGNORE INTO pin_photos (pin, file, added) VALUES (?, ?, ?)")
                    .run([.integer(id ?? 0), .text(photo.file), .text(photo.added)])
                if db.changes > 0 { report.photos.added += 1 } else { report.photos.kept += 1 }
            }
        }
        for setting in document.settings {
            let here = try db.statement("SELECT updated FROM settings WHERE park = ? AND key = ?").first([.text(setting.park), .text(setting.key)]) {
                $0.text(0)
            }
            if let here, here >= setting.updated {
                report.settings.kept += 1
            } else {
                try db.statement(
                    "INSERT INTO settings (park, key, value, updated) VALUES (?, ?, ?, ?) "
                        + "ON CONFLICT (park, key) DO UPDATE SET value = excluded.value, updated = excluded.updated"
                ).run([.text(setting.park), .text(setting.key), .text(setting.value.description), .text(setting.updated)])
                if here == nil { report.settings.added += 1 } else { report.settings.updated += 1 }
            }
        }
        for alert in document.party_alerts {
            try db.statement(
                "INSERT OR IGNORE INTO party_alerts (park, party, recipient, kind, time, member, other, zone, lat, lon, distance) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            ).run([
                .text(alert.park), .text(alert.party), .text(alert.recipient), .text(alert.kind), .real(alert.time), .text(alert.member),
                .text(alert.other), .text(alert.zone), .real(alert.lat), .real(alert.lon), .real(alert.distance),
            ])
            if db.changes > 0 { report.partyAlerts.added += 1 } else { report.partyAlerts.kept += 1 }
        }
        try mergeParty(document, into: db, report: &report.partyChanges)
        return (report, try overLimit(db, limits: limits))
    }

    /// Zones and members by party and id, the later change winning; watches by party and
    /// member, the later start winning.
    private static func mergeParty(_ document: ProfileExport.Document, into db: SQLiteDatabase, report: inout Report.Rows) throws {
        /// Counts a row and says whether the export's replaces what is here (`here`: nil, none).
        func wins<T: Comparable>(_ here: T?, _ theirs: T) -> Bool {
            guard let here else { report.added += 1; return true }
            if here < theirs { report.updated += 1; return true }
            report.kept += 1
            return false
        }
        for z in document.party_zones {
            let here = try db.statement("SELECT updated FROM party_zones WHERE park = ? AND party = ? AND zone = ?")
                .first([.text(z.park), .text(z.party), .text(z.zone)]) { $0.text(0) }
            guard wins(here, z.updated) else { continue }
            try db.statement("INSERT OR REPLACE INTO party_zones (park, party, zone, spec, updated, by) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.text(z.park), .text(z.party), .text(z.zone), .text(z.spec.isNull ? nil : z.spec.description), .text(z.updated), .text(z.by)])
        }
        for m in document.party_members {
            let here = try db.statement("SELECT updated FROM party_members WHERE park = ? AND party = ? AND member = ?")
                .first([.text(m.park), .text(m.party), .text(m.member)]) { $0.text(0) }
            guard wins(here, m.updated) else { continue }
            try db.statement(
                "INSERT OR REPLACE INTO party_members (park, party, member, name, role, removed, updated, by) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
            ).run([
                .text(m.park), .text(m.party), .text(m.member), .text(m.name), .text(m.role), .integer(m.removed ? 1 : 0), .text(m.updated),
                .text(m.by),
            ])
        }
        for w in document.party_watches {
            let here = try db.statement("SELECT started FROM party_watches WHERE park = ? AND party = ? AND member = ?")
                .first([.text(w.park), .text(w.party), .text(w.member)]) { $0.real(0) }
            guard wins(here, w.started) else { continue }
            try db.statement("INSERT OR REPLACE INTO party_watches (park, party, member, started, until, checked_in) VALUES (?, ?, ?, ?, ?, ?)")
                .run([.text(w.park), .text(w.party), .text(w.member), .real(w.started), .real(w.until), .real(w.checked_in)])
        }
    }

    /// The first of the store's limits the merge passed, said for people; nil within them all.
    private static func overLimit(_ db: SQLiteDatabase, limits: StoreLimits) throws -> String? {
        let tables: [(table: String, noun: String, limit: Int)] = [
            ("favorites", "favorites", limits.favorites), ("visited", "visited sites", limits.visited), ("pins", "pins", limits.pins),
            ("settings", "settings", limits.settings),
        ]
        for (table, noun, limit) in tables {
            let over = try db.statement("SELECT park, count(*) FROM \(table) GROUP BY park HAVING count(*) > ? ORDER BY park LIMIT 1")
                .first([.integer(Int64(limit))]) { ($0.text(0), $0.integer(1)) }
            if let over {
                let (park, count) = over
                return
                    "merged, park \(park) would keep \(Excerpt.count(Int(count))) \(noun), more than the \(Excerpt.count(limit)) a park may; nothing was merged"
            }
        }
        let crowded = try db.statement("SELECT pin, count(*) FROM pin_photos GROUP BY pin HAVING count(*) > ? LIMIT 1")
            .first([.integer(Int64(limits.photosPerPin))]) { ($0.integer(0), $0.integer(1)) }
        if let crowded {
            let (pin, count) = crowded
            return "merged, pin \(pin) would have \(count) photos, more than the \(limits.photosPerPin) a pin may; nothing was merged"
        }
        return nil
    }
}
