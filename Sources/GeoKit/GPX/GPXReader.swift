import Formats
/// Reads GPX 1.1 and 1.0 files: tracks, routes and waypoints with their times, elevations
/// and names. Pure Swift, no XML library: a ``GPXDocument`` from a 10 MB track in a few
/// tens of milliseconds.
///
/// Elements are matched by local name, so `<gpx:trkpt>` works as well as `<trkpt>`;
/// `<metadata>`, `<extensions>` and any element GeoKit does not use are skipped with their
/// content. A UTF-8 byte-order mark and CRLF line ends are fine.
///
/// Errors name the file, line and column:
/// - `tracks/a.gpx:7:3: malformed XML: expected </trkseg>, got </trk> (<trkseg> opened at 4:1)`
/// - `tracks/a.gpx:1:1: not a GPX file: the root element is <kml>, expected <gpx>`
/// - `tracks/a.gpx:12:15: latitude 137.8 out of range [-90, 90]`
/// - `tracks/a.gpx:14:7: time '2019-13-45T10:00:00Z' is not an ISO 8601 date`
public enum GPXReader {
    /// Reads a GPX file.
    /// - Parameters:
    ///   - path: The file's path, absolute or relative to the working directory.
    ///   - displayPath: The path shown in errors, e.g. `tracks/yose.gpx`.
    /// - Returns: The file's tracks, routes and waypoints.
    /// - Throws: ``GeoError``: an unreadable file (``GeoError/Kind/unreadableFile``), an empty
    ///   file or malformed XML (``GeoError/Kind/malformedXML``), a coordinate out of range
    ///   (``GeoError/Kind/invalidCoordinate``), or XML that is not GPX or a bad `<time>` or
    ///   `<ele>` (``GeoError/Kind/invalidContent``).
    public static func read(contentsOf path: String, displayPath: String) throws(GeoError) -> GPXDocument {
        let bytes = try GeoError.lifting { () throws(FormatError) in try FileReader.bytes(atPath: path, file: displayPath) }
        return try read(bytes: bytes, displayPath: displayPath)
    }

    /// Reads GPX from bytes (a `String`'s `utf8`, `Data`, `[UInt8]`).
    /// - Parameters:
    ///   - bytes: UTF-8 XML.
    ///   - displayPath: The path shown in errors.
    /// - Throws: ``GeoError`` as ``read(contentsOf:displayPath:)`` does.
    public static func read(bytes: some Collection<UInt8>, displayPath: String) throws(GeoError) -> GPXDocument {
        try bytes.withContiguousBytes { buffer throws(GeoError) in
            try GPXParser.document(buffer, file: displayPath)
        }
    }

    /// Reads GPX from text.
    /// - Parameters:
    ///   - text: The XML.
    ///   - displayPath: The path shown in errors.
    /// - Throws: ``GeoError`` as ``read(contentsOf:displayPath:)`` does.
    public static func read(text: String, displayPath: String) throws(GeoError) -> GPXDocument {
        var text = text
        // A native UTF-8 string gives its bytes without a copy.
        text.makeContiguousUTF8()
        return try read(bytes: text.utf8, displayPath: displayPath)
    }
}
