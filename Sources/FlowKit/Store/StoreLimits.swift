/// What one park's data in a visitor store may hold, so that no script can grow the store
/// without bound. A store chooses its limits (``VisitorStore/limits``); the `store` module
/// checks them before it writes, and a write past one is a Lua error naming the limit.
/// README ("The visitor's store", Limits) shows the same table.
public struct StoreLimits: Sendable, Equatable {
    /// Favorite sites per park. Default 10,000.
    public var favorites = 10_000
    /// Visited sites per park. Default 10,000.
    public var visited = 10_000
    /// The visitor's own pins per park. Default 1,000.
    public var pins = 1_000
    /// Photos per pin. Default 20.
    public var photosPerPin = 20
    /// Settings (`store.set` keys) per park. Default 500.
    public var settings = 500
    /// Characters of a pin's title. Default 200.
    public var titleLength = 200
    /// Characters of a pin's note. Default 4,000.
    public var noteLength = 4_000
    /// Characters of a photo's file reference. Default 255.
    public var fileNameLength = 255
    /// Characters of a setting's key. Default 100.
    public var keyLength = 100
    /// Bytes of a setting's value as JSON text. Default 4,096.
    public var valueBytes = 4_096
    /// Safe zones of one party, the file's and those its flows added. Default 100.
    public var partyZones = 100
    /// Members of one party, the file's and those its flows added. Default 100.
    public var partyMembers = 100
    /// Bytes of a photo file found under the profile's `photos/` folder. Default 25 MiB.
    public var photoBytes = 25 << 20

    /// The defaults above; set fields to change them.
    public init() {}
}
