/// Where a visitor's favorites, visits, pins and settings are kept, for the `store` module.
/// FlowKit knows no database: `FlowStore` implements this on SQLite (a profile's
/// `store.sqlite`), ``MemoryVisitorStore`` in memory (tests, `flowrun check` and `test`).
///
/// The runtime drives one transaction per run: ``begin(writing:)`` before a run's first
/// store call (writing only in an act run), then ``commit()`` when an act run returned a
/// valid screen, ``rollback()`` otherwise. Every other call happens inside it. The module
/// checks arguments and ``limits`` before it calls a write, so a store only stores.
/// Lists are newest first (ties: the one stored last first).
public protocol VisitorStore: AnyObject {
    /// What one park's data may hold (default ``StoreLimits/init()``).
    var limits: StoreLimits { get }

    /// Starts the run's transaction; a writing one takes the write lock at once, so two
    /// writers wait for each other instead of failing half-way.
    /// - Throws: ``StoreError``: an unusable profile, or busy past the timeout.
    func begin(writing: Bool) throws(StoreError)
    /// Makes the run's writes durable, all of them or none.
    /// - Throws: ``StoreError``; nothing is written then.
    func commit() throws(StoreError)
    /// Drops the run's writes. Never fails: a transaction it cannot end is dropped with the connection.
    func rollback()
    /// What the store holds, as a value that changes whenever that may have changed
    /// (``StoreRevision``); nil when the store cannot tell, which keeps nothing.
    func revision() -> StoreRevision?

    /// Rows of `table` kept for `park`.
    func count(_ table: StoreTable, park: String) throws(StoreError) -> Int

    /// Favorites, newest first, at most `limit` (nil: all).
    func favorites(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredFavorite]
    /// ``favorites(in:limit:)`` as UTF-8 text, each favorite's site, time and park handed to
    /// `row` without a `String` for any: how `store.favorites` lists 10,000 into Lua. The
    /// park may be empty when `scope` is one park (it is that park).
    /// Default: from ``favorites(in:limit:)``.
    func favoriteTexts(
        in scope: StoreScope, limit: Int?,
        _ row: (
            _ site: UnsafeRawBufferPointer, _ added: UnsafeRawBufferPointer,
            _ park: UnsafeRawBufferPointer
        ) -> Void) throws(StoreError)
    /// Whether `site` is a favorite in `park`.
    func isFavorite(_ site: String, park: String) throws(StoreError) -> Bool
    /// Adds a favorite; false when it was one already (its time stays).
    func addFavorite(_ site: String, park: String, at time: String) throws(StoreError) -> Bool
    /// Removes a favorite; false when it was none.
    func removeFavorite(_ site: String, park: String) throws(StoreError) -> Bool

    /// Visited sites, most recently marked first, at most `limit` (nil: all).
    func visits(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredVisit]
    /// ``visits(in:limit:)`` as UTF-8 text, as ``favoriteTexts(in:limit:_:)``. Default: from ``visits(in:limit:)``.
    func visitTexts(
        in scope: StoreScope, limit: Int?,
        _ row: (
            _ site: UnsafeRawBufferPointer, _ at: UnsafeRawBufferPointer,
            _ park: UnsafeRawBufferPointer
        ) -> Void) throws(StoreError)
    /// Marks `site` visited at `time`; true when it was not visited before.
    func markVisited(_ site: String, park: String, at time: String) throws(StoreError) -> Bool

    /// Pins with their photos, newest first, at most `limit` (nil: all).
    func pins(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredPin]
    /// Pin `id` of `park` with its photos, or nil (another park's pin is nil too).
    func pin(_ id: Int64, park: String) throws(StoreError) -> StoredPin?
    /// Stores a new pin (its `id` and `photos` are ignored) and returns its id.
    func addPin(_ pin: StoredPin) throws(StoreError) -> Int64
    /// Removes pin `id` of `park` and its photos; false when there was none.
    func removePin(_ id: Int64, park: String) throws(StoreError) -> Bool
    /// Sets the title and note of pin `id` of `park` (nil clears one); false when there is none.
    func editPin(_ id: Int64, park: String, title: String?, note: String?) throws(StoreError) -> Bool
    /// Adds a photo to pin `id`; false when the pin has that file already.
    func addPhoto(_ file: String, pin id: Int64, at time: String) throws(StoreError) -> Bool
    /// Removes photo `file` from pin `id`; false when the pin has no such photo.
    func removePhoto(_ file: String, pin id: Int64) throws(StoreError) -> Bool

    /// The JSON text stored under `key` for `park`, or nil.
    func setting(_ key: String, park: String) throws(StoreError) -> String?
    /// Stores `json` under `key` for `park` (nil removes the key); true when the key is new.
    func setSetting(_ key: String, park: String, json: String?, at time: String) throws(StoreError) -> Bool

    /// Keeps a party alert delivered to its recipient; false when it was kept already (the
    /// same kind, time, member and other member for the same recipient of the same party).
    func keepPartyAlert(_ alert: StoredPartyAlert) throws(StoreError) -> Bool
    /// The alerts kept for `recipient` in `party`, newest first, at most `limit` (nil: all).
    func partyAlerts(park: String, party: String, recipient: String, limit: Int?) throws(StoreError) -> [StoredPartyAlert]

    /// The zone changes kept for `party` in `park`, oldest change first (ties by zone id).
    func partyZones(park: String, party: String) throws(StoreError) -> [StoredPartyZone]
    /// Keeps a zone change, replacing the one kept for the same zone.
    func savePartyZone(_ zone: StoredPartyZone) throws(StoreError)
    /// The member changes kept for `party` in `park`, oldest change first (ties by member id).
    func partyMembers(park: String, party: String) throws(StoreError) -> [StoredPartyMember]
    /// Keeps a member change, replacing the one kept for the same member.
    func savePartyMember(_ member: StoredPartyMember) throws(StoreError)
    /// The watches kept for `party` in `park`, by when they started (ties by member id).
    func partyWatches(park: String, party: String) throws(StoreError) -> [StoredPartyWatch]
    /// Keeps a watch, replacing the member's last.
    func savePartyWatch(_ watch: StoredPartyWatch) throws(StoreError)

    /// The photo file `file` names under the profile's `photos/` folder, or nil when there
    /// is none (or no folder: the default).
    func photoFile(_ file: String) -> PhotoFile?
}

extension VisitorStore {
    /// The defaults.
    public var limits: StoreLimits { StoreLimits() }
    /// No photos folder.
    public func photoFile(_ file: String) -> PhotoFile? { nil }

    /// From ``favorites(in:limit:)``.
    public func favoriteTexts(
        in scope: StoreScope, limit: Int?, _ row: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
    ) throws(StoreError) {
        for favorite in try favorites(in: scope, limit: limit) { Self.texts(favorite.site, favorite.added, favorite.park, row) }
    }

    /// From ``visits(in:limit:)``.
    public func visitTexts(
        in scope: StoreScope, limit: Int?, _ row: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void
    ) throws(StoreError) {
        for visit in try visits(in: scope, limit: limit) { Self.texts(visit.site, visit.at, visit.park, row) }
    }

    private static func texts(_ a: String, _ b: String, _ c: String, _ row: (UnsafeRawBufferPointer, UnsafeRawBufferPointer, UnsafeRawBufferPointer) -> Void) {
        var (a, b, c) = (a, b, c)
        a.withUTF8 { a in b.withUTF8 { b in c.withUTF8 { c in row(UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b), UnsafeRawBufferPointer(c)) } } }
    }
}
