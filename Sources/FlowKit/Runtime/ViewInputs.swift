import Formats
public import GeoKit
import ScreenModel

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
        if let center { view.center = try InputError.at("center") { () throws(GeoError) in try Coordinate.parse(center) } }
        if let zoom { view.zoom = try InputError.number(zoom, "zoom", example: "12", in: zoomRange) }
        if let bbox {
            view.bbox = try InputError.at("bbox") { () throws(GeoError) in try BoundingBox.parse(bbox) }
            guard view.center == nil, view.zoom == nil else {
                throw InputError(key: "bbox", message: "give either \(name("bbox")) or \(name("center"))/\(name("zoom")), not both")
            }
        }
        return view
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
        if let heading { view.heading = try InputError.number(heading, "heading", example: "90", from: 0, below: 360) }
        if let pitch { view.pitch = try InputError.number(pitch, "pitch", example: "-10", in: -90...90) }
        if let fov { view.fov = try InputError.number(fov, "fov", example: "60", above: 0, below: 180) }
        return view
    }
}

/// A value of a request that is wrong: which one (`zoom`) and why (`31 out of range [0, 30]`).
/// The caller says where: `--zoom: ...` on the command line, the action's field path for a
/// `go` action's args.
public struct InputError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The value's key: `center`, `zoom`, `bbox`, `size`, `heading`, `pitch` or `fov`.
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

    /// Runs a GeoKit parser, its error becoming this key's.
    static func at<T>(_ key: String, _ parse: () throws(GeoError) -> T) throws(InputError) -> T {
        do { return try parse() } catch { throw InputError(key: key, message: error.message) }
    }

    /// A decimal number in `range`: `31 out of range [0, 30]`.
    static func number(_ text: String, _ key: String, example: String, in range: ClosedRange<Double>) throws(InputError) -> Double {
        let value = try number(text, key, example: example)
        guard range.contains(value) else {
            throw InputError(key: key, message: "\(GeoError.text(value)) out of range [\(GeoError.text(range.lowerBound)), \(GeoError.text(range.upperBound))]")
        }
        return value
    }

    /// A decimal number from `low` up to, not including, `high`: `400 out of range [0, 360)`.
    static func number(_ text: String, _ key: String, example: String, from low: Double, below high: Double) throws(InputError) -> Double {
        let value = try number(text, key, example: example)
        guard value >= low, value < high else {
            throw InputError(key: key, message: "\(GeoError.text(value)) out of range [\(GeoError.text(low)), \(GeoError.text(high)))")
        }
        return value
    }

    /// A decimal number strictly between `low` and `high`: `0 out of range (0, 180)`.
    static func number(_ text: String, _ key: String, example: String, above low: Double, below high: Double) throws(InputError) -> Double {
        let value = try number(text, key, example: example)
        guard value > low, value < high else {
            throw InputError(key: key, message: "\(GeoError.text(value)) out of range (\(GeoError.text(low)), \(GeoError.text(high)))")
        }
        return value
    }

    private static func number(_ text: String, _ key: String, example: String) throws(InputError) -> Double {
        guard let value = NumberText.decimal(text), value.isFinite else {
            throw InputError(key: key, message: "expected a number such as \(example), got \(Excerpt.quoted(text))")
        }
        return value
    }
}
