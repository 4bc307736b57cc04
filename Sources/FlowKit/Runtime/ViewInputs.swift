public import GeoKit

/// The map camera a request asks for: `--center` and `--zoom`, or `--bbox` (or a `go`
/// action's `center`, `zoom` and `bbox` args). A field is nil when the request did not give
/// it; the map flow then uses the park's `center` and `zoom`. Flows see it as `ctx.view`.
public struct MapView: Sendable, Hashable {
    /// Where the map is centered.
    public var center: Coordinate?
    /// The zoom, within ``zoomRange`` (the map flow clusters at its whole part).
    public var zoom: Double?
    /// The box to show instead of a center and zoom.
    public var bbox: BoundingBox?

    /// The zooms a map may be asked for (as `map.viewport` takes).
    public static let zoomRange = 0.0...30.0

    /// A camera from checked values (see ``parse(center:zoom:bbox:name:)`` for text).
    /// - Parameters:
    ///   - center: where the map is centered.
    ///   - zoom: the zoom, within ``zoomRange``.
    ///   - bbox: a box to show instead of a center and zoom.
    public init(center: Coordinate? = nil, zoom: Double? = nil, bbox: BoundingBox? = nil) {
        self.center = center
        self.zoom = zoom
        self.bbox = bbox
    }

    /// Whether the request asked for nothing.
    public var isEmpty: Bool { center == nil && zoom == nil && bbox == nil }

    /// Parses and checks the text forms, each nil when not given: `center` as `LAT,LON`,
    /// `zoom` a number in ``zoomRange``, `bbox` as `W,S,E,N`; a box excludes a center and zoom.
    /// - Parameters:
    ///   - center: `LAT,LON` (`37.8,-122.46`), or nil.
    ///   - zoom: a number in ``zoomRange``, or nil.
    ///   - bbox: `W,S,E,N`, or nil.
    ///   - name: How a message names another value (`--zoom` on the command line).
    /// - Throws: ``InputError`` naming the value at fault.
    public static func parse(
        center: String?, zoom: String?, bbox: String?,
        name: (String) -> String = { $0 }
    ) throws(InputError) -> MapView {
        var view = MapView()
        if let center { view.center = try InputError.reading("center", center, as: .center) }
        if let zoom { view.zoom = try InputError.reading("zoom", zoom, as: .zoom) }
        if let bbox {
            view.bbox = try InputError.reading("bbox", bbox, as: .bbox)
            guard view.center == nil, view.zoom == nil else { throw InputError(key: "bbox", message: eitherBoxOrCenter(mention: name)) }
        }
        return view
    }

    /// What a box given with a center or zoom is told, naming the inputs with `mention`.
    static func eitherBoxOrCenter(mention: (String) -> String) -> String {
        "give either \(mention("bbox")) or \(mention("center"))/\(mention("zoom")), not both"
    }
}

/// How the phone's camera is held for an AR view: `--heading`, `--pitch`, `--fov` (or a
/// `go` action's args of those names). A field is nil when the request did not give it; the
/// AR flow then uses pitch 0 and the park's `ar.fov`. Flows see it as `ctx.ar`.
public struct ARView: Sendable, Hashable {
    /// Compass heading the camera looks, degrees clockwise from north, in [0, 360).
    public var heading: Double?
    /// Tilt, degrees up, in [-90, 90].
    public var pitch: Double?
    /// Horizontal field of view, degrees, more than 0 and less than 180.
    public var fov: Double?

    /// A camera from checked values (see ``parse(heading:pitch:fov:)`` for text).
    /// - Parameters:
    ///   - heading: degrees clockwise from north, in [0, 360).
    ///   - pitch: degrees up, in [-90, 90].
    ///   - fov: degrees, more than 0 and less than 180.
    public init(heading: Double? = nil, pitch: Double? = nil, fov: Double? = nil) {
        self.heading = heading
        self.pitch = pitch
        self.fov = fov
    }

    /// Whether the request asked for nothing.
    public var isEmpty: Bool { heading == nil && pitch == nil && fov == nil }

    /// Parses and checks the text forms, each nil when not given: decimal degrees within
    /// the ranges of ``heading``, ``pitch`` and ``fov``.
    /// - Parameters:
    ///   - heading: the heading's text, or nil.
    ///   - pitch: the pitch's text, or nil.
    ///   - fov: the field of view's text, or nil.
    /// - Throws: ``InputError`` naming the value at fault: `heading`, `400 out of range [0, 360)`.
    public static func parse(heading: String?, pitch: String?, fov: String?) throws(InputError) -> ARView {
        var view = ARView()
        if let heading { view.heading = try InputError.reading("heading", heading, as: .heading) }
        if let pitch { view.pitch = try InputError.reading("pitch", pitch, as: .pitch) }
        if let fov { view.fov = try InputError.reading("fov", fov, as: .fov) }
        return view
    }
}

/// A value of a request that is wrong: which one (`zoom`) and why (`31 out of range [0, 30]`).
/// The caller says where: `--zoom: ...` on the command line, the action's field path for a
/// `go` action's args.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value's key: a view key (`center`, `zoom`, `bbox`, `size`, `heading`, `pitch` or
    /// `fov`), or the name of a run input (``RunInputField``).
    public var key: String
    /// What is wrong, without the key.
    public var message: String

    /// An error about the value under `key`.
    /// - Parameters:
    ///   - key: the value's key (`zoom`).
    ///   - message: what is wrong, without the key.
    public init(key: String, message: String) {
        self.key = key
        self.message = message
    }

    /// `zoom: 31 out of range [0, 30]`.
    public var description: String { "\(key): \(message)" }

    /// The value of `key` read from `text` as the run input of that name reads it
    /// (``RunInputField/all``): the same parse and checks as `--KEY`.
    static func reading<Value>(_ key: String, _ text: String, as type: RunInputType<Value>) throws(InputError) -> Value {
        do { return try type.text(text) } catch { throw InputError(key: key, message: error.message) }
    }
}
