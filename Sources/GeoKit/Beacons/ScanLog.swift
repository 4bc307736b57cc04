import Formats
#if canImport(FoundationEssentials)
public import FoundationEssentials
#else
#endif

/// A recorded Bluetooth scan log (CSV), read against a park's exhibits for replay.
///
/// The first line that is not blank or a `#` comment is the header; it names the columns
/// `time` (seconds, a decimal number), `beacon` (``BeaconID``'s text form) and `rssi` (dBm),
/// in any order, and may add `tx_power` (dBm at 1 m, may be empty) and others (ignored).
/// Bad input, as documented in the README (Exhibits):
/// - errors naming `file:line`: a missing column in the header, a row with fewer fields
///   than the header, a time or RSSI that is not a number, a beacon id that does not parse,
///   a time before the previous row's (times going backwards);
/// - counted and skipped: a beacon the park does not list (a scanner hears other people's
///   beacons), an RSSI outside ``rssiRange`` (Android reports 127 for "unknown").
public struct ScanLog: Sendable {
    /// One reading: at `time`, beacon `beacon` (an index into ``ExhibitCatalog/beacons``)
    /// was heard at `rssi` dBm, advertising `txPower` at 1 m (nil: not reported).
    public struct Scan: Sendable, Hashable {
        public var time: Double
        public var beacon: Int
        public var rssi: Double
        public var txPower: Double?
        /// The 1-based line of the file, for messages.
        public var line: Int

        /// A reading; each parameter sets the property of the same name.
        public init(time: Double, beacon: Int, rssi: Double, txPower: Double? = nil, line: Int = 0) {
            self.time = time
            self.beacon = beacon
            self.rssi = rssi
            self.txPower = txPower
            self.line = line
        }
    }

    /// The RSSI values a reading may have, dBm; others are skipped.
    public static let rssiRange = -127.0...0.0

    /// The path as the user gave it, for messages.
    public var displayPath: String
    /// The readings kept, in time order.
    public var scans: [Scan]
    /// Rows skipped because the park lists no such beacon, by beacon id.
    public var unknownBeacons: [String: Int] = [:]
    /// Rows skipped for an RSSI outside ``rssiRange``.
    public var rssiOutOfRange = 0

    /// All rows skipped.
    public var skipped: Int { unknownBeacons.values.reduce(0, +) + rssiOutOfRange }

    /// A log of readings already made (tests, generators).
    public init(displayPath: String, scans: [Scan]) {
        self.displayPath = displayPath
        self.scans = scans
    }

    /// Reads a scan log file.
    /// - Parameters:
    ///   - path: the file's path.
    ///   - displayPath: how messages name it (default: `path`).
    ///   - catalog: the exhibits whose beacons the rows name.
    /// - Throws: ``GeoError`` naming `file:line` (see the type's rules).
    public static func read(_ path: String, displayPath: String? = nil, catalog: ExhibitCatalog) throws(GeoError) -> ScanLog {
        let shown = displayPath ?? path
        let bytes = try GeoError.lifting { () throws(FormatError) in try FileReader.bytes(atPath: path, file: shown) }
        return try ScanLog(csv: String(decoding: bytes, as: UTF8.self), displayPath: shown, catalog: catalog)
    }

    /// Reads a scan log from its text, as ``read(_:displayPath:catalog:)``.
    public init(csv text: String, displayPath: String, catalog: ExhibitCatalog) throws(GeoError) {
        self.displayPath = displayPath
        scans = []
        var columns: (time: Int, beacon: Int, rssi: Int, tx: Int?, count: Int)?
        var lastTime = -Double.infinity
        var known: [Substring: Int] = [:]  // the text a log writes → beacon index: parsed once per id
        for (offset, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = offset + 1
            let row = raw.hasSuffix("\r") ? raw.dropLast() : raw
            if row.allSatisfy({ $0 == " " || $0 == "\t" }) || row.hasPrefix("#") { continue }
            let fields = row.split(separator: ",", omittingEmptySubsequences: false).map { String(NumberText.trimmed($0)) }
            func fail(_ message: String) -> GeoError {
                var error = GeoError(.invalidContent, message)
                error.file = "\(displayPath):\(line)"  // `file:line:`, as a CSV's reader counts (no column)
                error.line = line
                return error
            }
            guard let c = columns else {
                let names = fields.map { $0.lowercased() }
                let missing = ["time", "beacon", "rssi"].filter { !names.contains($0) }
                guard missing.isEmpty, let t = names.firstIndex(of: "time"), let b = names.firstIndex(of: "beacon"), let r = names.firstIndex(of: "rssi") else {
                    throw fail("header lacks column\(missing.count == 1 ? "" : "s") \(missing.joined(separator: ", ")) (expected time,beacon,rssi[,tx_power])")
                }
                columns = (t, b, r, names.firstIndex(of: "tx_power"), names.count)
                continue
            }
            guard fields.count >= c.count else {
                throw fail("\(fields.count) field\(fields.count == 1 ? "" : "s"), the header names \(c.count)")
            }
            guard let time = Double(fields[c.time]), time.isFinite else { throw fail("time \(Excerpt.quoted(fields[c.time])) is not a number of seconds") }
            guard time >= lastTime else {
                throw fail("time \(GeoError.text(time)) is before the previous row's \(GeoError.text(lastTime)): a log's times never go backwards")
            }
            lastTime = time
            guard let rssi = Double(fields[c.rssi]), !rssi.isNaN else { throw fail("rssi \(Excerpt.quoted(fields[c.rssi])) is not a number") }
            var tx: Double?
            if let i = c.tx, !fields[i].isEmpty {
                guard let value = Double(fields[i]), value.isFinite else { throw fail("tx_power \(Excerpt.quoted(fields[i])) is not a number") }
                tx = value
            }
            let text = Substring(fields[c.beacon])
            let beacon: Int
            if let hit = known[text] {
                beacon = hit
            } else {
                let id: BeaconID
                do { id = try BeaconID.parse(text) } catch { throw fail(error.message) }
                beacon = catalog.beaconIndex[id] ?? -1
                known[text] = beacon
            }
            guard beacon >= 0 else { unknownBeacons[String(text), default: 0] += 1; continue }
            guard Self.rssiRange.contains(rssi) else { rssiOutOfRange += 1; continue }
            scans.append(Scan(time: time, beacon: beacon, rssi: rssi, txPower: tx, line: line))
        }
        guard columns != nil else {
            var error = GeoError(.invalidContent, "no header: expected time,beacon,rssi[,tx_power]")
            error.file = displayPath
            throw error
        }
    }
}
