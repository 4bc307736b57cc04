/// A visitor store in memory: what a runtime uses when it is given none (`flowrun check`,
/// `flowrun test`, the preview, a library user), so flows that read the store run
/// everywhere. It starts empty and ends with its runtime; its transactions are snapshots.
public final class MemoryVisitorStore: VisitorStore {
    /// The store's limits (default ``StoreLimits/init()``).
    public let limits: StoreLimits

    /// Everything stored: copied at `begin`, put back by `rollback`.
    private struct Tables {
        /// Each row with the sequence number it was stored under, which breaks ties of time.
        var favorites: [(seq: Int, row: StoredFavorite)] = []
        var visits: [(seq: Int, row: StoredVisit)] = []
        var pins: [StoredPin] = []
        var settings: [String: String] = [:]  // "park\u{0}key" → JSON text
        var partyAlerts: [StoredPartyAlert] = []
        var partyZones: [StoredPartyZone] = []
        var partyMembers: [StoredPartyMember] = []
        var partyWatches: [StoredPartyWatch] = []
        var nextSeq = 1
        var nextPin: Int64 = 1
    }

    private var tables = Tables()
    private var snapshot: Tables?
    /// Whether the transaction in progress writes, and how many writing ones committed.
    private var writing = false
    private var commits = 0

    /// An empty store.
    /// - Parameter limits: what one park's data may hold (default ``StoreLimits/init()``).
    public init(limits: StoreLimits = StoreLimits()) {
        self.limits = limits
    }

    /// Forgets everything stored: the store is as new (each scenario of `flowrun test` starts so).
    public func removeAll() {
        tables = Tables()
        snapshot = nil
        commits += 1
    }

    public func begin(writing: Bool) throws(StoreError) {
        snapshot = tables
        self.writing = writing
    }
    public func commit() throws(StoreError) {
        snapshot = nil
        if writing { commits += 1 }
        writing = false
    }
    public func rollback() {
        if let snapshot { tables = snapshot }
        snapshot = nil
        writing = false
    }
    public func revision() -> StoreRevision? { StoreRevision(commits: commits) }

    public func count(_ table: StoreTable, park: String) throws(StoreError) -> Int {
        switch table {
        case .favorites: tables.favorites.count { $0.row.park == park }
        case .visited: tables.visits.count { $0.row.park == park }
        case .pins: tables.pins.count { $0.park == park }
        case .settings: tables.settings.keys.count { $0.hasPrefix(park + "\u{0}") }
        }
    }

    // MARK: - Favorites and visits

    public func favorites(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredFavorite] {
        Self.newest(tables.favorites.filter { Self.matches($0.row.park, scope) }, time: \.added, limit: limit)
    }

    public func isFavorite(_ site: String, park: String) throws(StoreError) -> Bool {
        tables.favorites.contains { $0.row.park == park && $0.row.site == site }
    }

    public func addFavorite(_ site: String, park: String, at time: String) throws(StoreError) -> Bool {
        guard try !isFavorite(site, park: park) else { return false }
        tables.favorites.append((nextSeq(), StoredFavorite(park: park, site: site, added: time)))
        return true
    }

    public func removeFavorite(_ site: String, park: String) throws(StoreError) -> Bool {
        let before = tables.favorites.count
        tables.favorites.removeAll { $0.row.park == park && $0.row.site == site }
        return tables.favorites.count < before
    }

    public func visits(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredVisit] {
        Self.newest(tables.visits.filter { Self.matches($0.row.park, scope) }, time: \.at, limit: limit)
    }

    public func markVisited(_ site: String, park: String, at time: String) throws(StoreError) -> Bool {
        if let i = tables.visits.firstIndex(where: { $0.row.park == park && $0.row.site == site }) {
            tables.visits[i].row.at = time
            return false
        }
        tables.visits.append((nextSeq(), StoredVisit(park: park, site: site, at: time)))
        return true
    }

    // MARK: - Pins

    public func pins(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredPin] {
        let newest = tables.pins.filter { Self.matches($0.park, scope) }
            .sorted { ($0.created, $0.id) > ($1.created, $1.id) }
        return limit.map { Array(newest.prefix($0)) } ?? newest
    }

    public func pin(_ id: Int64, park: String) throws(StoreError) -> StoredPin? {
        tables.pins.first { $0.id == id && $0.park == park }
    }

    public func addPin(_ pin: StoredPin) throws(StoreError) -> Int64 {
        var stored = pin
        stored.id = tables.nextPin
        stored.photos = []
        tables.nextPin += 1
        tables.pins.append(stored)
        return stored.id
    }

    public func removePin(_ id: Int64, park: String) throws(StoreError) -> Bool {
        let before = tables.pins.count
        tables.pins.removeAll { $0.id == id && $0.park == park }
        return tables.pins.count < before
    }

    public func editPin(_ id: Int64, park: String, title: String?, note: String?) throws(StoreError) -> Bool {
        guard let index = tables.pins.firstIndex(where: { $0.id == id && $0.park == park }) else { return false }
        (tables.pins[index].title, tables.pins[index].note) = (title, note)
        return true
    }

    public func removePhoto(_ file: String, pin id: Int64) throws(StoreError) -> Bool {
        guard let index = tables.pins.firstIndex(where: { $0.id == id }) else { return false }
        let before = tables.pins[index].photos.count
        tables.pins[index].photos.removeAll { $0.file == file }
        return tables.pins[index].photos.count < before
    }

    public func addPhoto(_ file: String, pin id: Int64, at time: String) throws(StoreError) -> Bool {
        guard let index = tables.pins.firstIndex(where: { $0.id == id }),
            !tables.pins[index].photos.contains(where: { $0.file == file })
        else { return false }
        tables.pins[index].photos.append(StoredPhoto(file: file, added: time))
        return true
    }

    // MARK: - Settings

    public func setting(_ key: String, park: String) throws(StoreError) -> String? {
        tables.settings[park + "\u{0}" + key]
    }

    public func setSetting(_ key: String, park: String, json: String?, at time: String) throws(StoreError) -> Bool {
        let existed = tables.settings[park + "\u{0}" + key] != nil
        tables.settings[park + "\u{0}" + key] = json
        return !existed && json != nil
    }

    // MARK: - Party alerts

    public func keepPartyAlert(_ alert: StoredPartyAlert) throws(StoreError) -> Bool {
        let kept = tables.partyAlerts.contains {
            ($0.park, $0.party, $0.recipient) == (alert.park, alert.party, alert.recipient)
                && ($0.kind, $0.time, $0.member, $0.other) == (alert.kind, alert.time, alert.member, alert.other)
        }
        if !kept { tables.partyAlerts.append(alert) }
        return !kept
    }

    public func partyAlerts(park: String, party: String, recipient: String, limit: Int?) throws(StoreError) -> [StoredPartyAlert] {
        let mine = tables.partyAlerts.enumerated().filter { $1.park == park && $1.party == party && $1.recipient == recipient }
        let newest = mine.sorted { ($0.element.time, $0.offset) > ($1.element.time, $1.offset) }.map(\.element)
        return limit.map { Array(newest.prefix($0)) } ?? newest
    }

    // MARK: - Party changes

    public func partyZones(park: String, party: String) throws(StoreError) -> [StoredPartyZone] {
        tables.partyZones.filter { $0.park == park && $0.party == party }.sorted { ($0.updated, $0.zone) < ($1.updated, $1.zone) }
    }

    public func savePartyZone(_ zone: StoredPartyZone) throws(StoreError) {
        tables.partyZones.removeAll { ($0.park, $0.party, $0.zone) == (zone.park, zone.party, zone.zone) }
        tables.partyZones.append(zone)
    }

    public func partyMembers(park: String, party: String) throws(StoreError) -> [StoredPartyMember] {
        tables.partyMembers.filter { $0.park == park && $0.party == party }.sorted { ($0.updated, $0.member) < ($1.updated, $1.member) }
    }

    public func savePartyMember(_ member: StoredPartyMember) throws(StoreError) {
        tables.partyMembers.removeAll { ($0.park, $0.party, $0.member) == (member.park, member.party, member.member) }
        tables.partyMembers.append(member)
    }

    public func partyWatches(park: String, party: String) throws(StoreError) -> [StoredPartyWatch] {
        tables.partyWatches.filter { $0.park == park && $0.party == party }.sorted { ($0.started, $0.member) < ($1.started, $1.member) }
    }

    public func savePartyWatch(_ watch: StoredPartyWatch) throws(StoreError) {
        tables.partyWatches.removeAll { ($0.park, $0.party, $0.member) == (watch.park, watch.party, watch.member) }
        tables.partyWatches.append(watch)
    }

    // MARK: - Private

    private func nextSeq() -> Int {
        defer { tables.nextSeq += 1 }
        return tables.nextSeq
    }

    private static func matches(_ park: String, _ scope: StoreScope) -> Bool {
        if case .park(let code) = scope { return park == code }
        return true
    }

    /// Newest first by time, then by the order they were stored (as the SQLite store sorts).
    private static func newest<Row>(_ rows: [(seq: Int, row: Row)], time: KeyPath<Row, String>, limit: Int?) -> [Row] {
        let sorted = rows.sorted { ($0.row[keyPath: time], $0.seq) > ($1.row[keyPath: time], $1.seq) }.map(\.row)
        return limit.map { Array(sorted.prefix($0)) } ?? sorted
    }
}
