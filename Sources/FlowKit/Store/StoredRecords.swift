/// What a visitor store holds, one type per table. Times are ISO 8601 UTC text
/// (`2026-07-04T16:30:00Z`) from the run's clock; `park` is the park's code.

/// A favorite site.
public struct StoredFavorite: Sendable, Equatable {
    /// The park's code.
    public var park: String
    /// The site's id in the park's `sites.geojson`.
    public var site: String
    /// When it was added.
    public var added: String

    /// A favorite; each parameter sets the property of the same name.
    public init(park: String, site: String, added: String) {
        (self.park, self.site, self.added) = (park, site, added)
    }
}

/// A site the visitor has been to, with the latest time it was marked.
public struct StoredVisit: Sendable, Equatable {
    /// The park's code.
    public var park: String
    /// The site's id in the park's `sites.geojson`.
    public var site: String
    /// When it was last marked visited.
    public var at: String

    /// A visit; each parameter sets the property of the same name.
    public init(park: String, site: String, at: String) {
        (self.park, self.site, self.at) = (park, site, at)
    }
}

/// A photo of a pin: a file reference, relative to the profile's `photos/` folder.
public struct StoredPhoto: Sendable, Equatable {
    /// The file's name relative to `photos/` (`2026/ferry.jpg`).
    public var file: String
    /// When it was added.
    public var added: String

    /// A photo; each parameter sets the property of the same name.
    public init(file: String, added: String) {
        (self.file, self.added) = (file, added)
    }
}

/// One of the visitor's own pins.
public struct StoredPin: Sendable, Equatable {
    /// The pin's id, unique in the store (0 for a pin not stored yet).
    public var id: Int64
    /// The park's code.
    public var park: String
    /// Latitude in degrees, [-90, 90].
    public var latitude: Double
    /// Longitude in degrees, [-180, 180].
    public var longitude: Double
    /// Its title, if any.
    public var title: String?
    /// Its note, if any.
    public var note: String?
    /// When it was dropped.
    public var created: String
    /// Its photos, oldest first.
    public var photos: [StoredPhoto]

    /// A pin; each parameter sets the property of the same name.
    public init(
        id: Int64 = 0, park: String, latitude: Double, longitude: Double, title: String? = nil, note: String? = nil,
        created: String, photos: [StoredPhoto] = []
    ) {
        (self.id, self.park, self.latitude, self.longitude) = (id, park, latitude, longitude)
        (self.title, self.note, self.created, self.photos) = (title, note, created, photos)
    }
}

/// Which parks a list reads: the run's own, or every park on purpose (`{park = "*"}`).
public enum StoreScope: Sendable, Equatable {
    /// One park's data.
    case park(String)
    /// Every park's data.
    case allParks
}

/// The tables whose rows per park are limited (``StoreLimits``).
public enum StoreTable: String, Sendable, CaseIterable {
    case favorites, visited, pins, settings
}

/// A photo file found under the profile's `photos/` folder: its size and first bytes, to
/// check its type.
public struct PhotoFile: Sendable, Equatable {
    /// Its size in bytes.
    public var size: Int
    /// Its first bytes (up to 16).
    public var head: [UInt8]

    /// A photo file; each parameter sets the property of the same name.
    public init(size: Int, head: [UInt8]) {
        (self.size, self.head) = (size, head)
    }
}

/// A party alert kept for the member told of it (``FlowSession`` keeps each once), so one who
/// opens the app later sees what happened and when.
public struct StoredPartyAlert: Sendable, Equatable {
    /// The park's code.
    public var park: String
    /// The party's name.
    public var party: String
    /// The member it was delivered to.
    public var recipient: String
    /// The party event's kind (`left_zones`, `silent`, `drift`, ...; GeoKit's `PartyEvent.Kind`).
    public var kind: String
    /// When it happened, seconds since 1970.
    public var time: Double
    /// The member it is about.
    public var member: String
    /// The other member of a drift or together alert; empty otherwise.
    public var other: String
    /// The safe zone left or entered; empty otherwise.
    public var zone: String
    /// Where the member was; nil when the recipient may not see it.
    public var latitude: Double?
    public var longitude: Double?
    /// Metres apart, for a drift or together alert.
    public var distance: Double?

    /// An alert; each parameter sets the property of the same name.
    public init(
        park: String, party: String, recipient: String, kind: String, time: Double, member: String,
        other: String = "", zone: String = "", latitude: Double? = nil, longitude: Double? = nil, distance: Double? = nil
    ) {
        (self.park, self.party, self.recipient, self.kind, self.time, self.member) = (park, party, recipient, kind, time, member)
        (self.other, self.zone, self.latitude, self.longitude, self.distance) = (other, zone, latitude, longitude, distance)
    }
}
