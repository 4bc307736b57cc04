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

    /// Rows of `table` kept for `park`.
    func count(_ table: StoreTable, park: String) throws(StoreError) -> Int

    /// Favorites, newest first, at most `limit` (nil: all).
    func favorites(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredFavorite]
    /// Whether `site` is a favorite in `park`.
    func isFavorite(_ site: String, park: String) throws(StoreError) -> Bool
    /// Adds a favorite; false when it was one already (its time stays).
    func addFavorite(_ site: String, park: String, at time: String) throws(StoreError) -> Bool
    /// Removes a favorite; false when it was none.
    func removeFavorite(_ site: String, park: String) throws(StoreError) -> Bool

    /// Visited sites, most recently marked first, at most `limit` (nil: all).
    func visits(in scope: StoreScope, limit: Int?) throws(StoreError) -> [StoredVisit]
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
    /// Adds a photo to pin `id`; false when the pin has that file already.
    func addPhoto(_ file: String, pin id: Int64, at time: String) throws(StoreError) -> Bool

    /// The JSON text stored under `key` for `park`, or nil.
    func setting(_ key: String, park: String) throws(StoreError) -> String?
    /// Stores `json` under `key` for `park` (nil removes the key); true when the key is new.
    func setSetting(_ key: String, park: String, json: String?, at time: String) throws(StoreError) -> Bool

    /// The photo file `file` names under the profile's `photos/` folder, or nil when there
    /// is none (or no folder: the default).
    func photoFile(_ file: String) -> PhotoFile?
}

extension VisitorStore {
    /// The defaults.
    public var limits: StoreLimits { StoreLimits() }
    /// No photos folder.
    public func photoFile(_ file: String) -> PhotoFile? { nil }
}
