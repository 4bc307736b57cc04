import Testing
@testable import GeoKit

/// exhibits.geojson's rules (errors with the feature and field path) and the scan log's
/// bad input (errors with file:line, or counted and skipped).
struct ExhibitContentTests {
    static let uuid = "D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59"

    static func feature(_ id: String, beacons: String, extra: String = "", lon: Double = -110.83) -> String {
        """
        {"type":"Feature","geometry":{"type":"Point","coordinates":[\(lon),44.4589]},
         "properties":{"id":"\(id)","title":"T \(id)","text":"About.","building":"Hall"\(extra),"beacons":[\(beacons)]}}
        """
    }

    static func ibeacon(_ minor: Int, uuid: String = uuid) -> String {
        #"{"type":"ibeacon","uuid":"\#(uuid)","major":1,"minor":\#(minor)}"#
    }

    static func read(_ features: [String], boundary: Boundary? = nil) throws(GeoError) -> ExhibitCatalog {
        let text = #"{"type":"FeatureCollection","features":["# + features.joined(separator: ",") + "]}"
        return try ExhibitCatalog(geoJSON: Array(text.utf8), displayPath: "parks/TEST/exhibits.geojson", boundary: boundary)
    }

    static func message(_ features: [String], boundary: Boundary? = nil) -> String {
        do { _ = try read(features, boundary: boundary); return "no error" } catch { return error.description }
    }

    @Test func readsExhibitsAndTheirBeacons() throws {
        let catalog = try Self.read([
            Self.feature(
                "a",
                beacons: Self.ibeacon(1) + ","
                    + #"{"type":"eddystone","namespace":"4f4656454359454c4c57","instance":"000000000104","measured_power":-62,"path_loss":2.3}"#),
            Self.feature("b", beacons: Self.ibeacon(2), extra: #","floor":1,"picture":"halls/b.png","picture_alt":"The hall's geyser model""#),
        ])
        #expect(catalog.exhibits.map(\.id) == ["a", "b"])
        #expect(catalog.beacons.count == 3 && catalog.exhibitOfBeacon == [0, 0, 1])
        #expect(catalog.beacons[1].id.description == "eddystone:4F4656454359454C4C57:000000000104")
        #expect(catalog.beacons[1].calibration == BeaconCalibration(measuredPower: -62, pathLoss: 2.3))
        #expect(catalog.beacons[0].calibration == BeaconCalibration())
        #expect(catalog.exhibits[1].floor == 1 && catalog.exhibits[1].picture == "halls/b.png")
        #expect(catalog.exhibits[1].pictureAlt == "The hall's geyser model" && catalog.exhibits[0].pictureAlt == nil)
    }

    @Test func mistakesNameTheFeatureAndField() {
        let file = "parks/TEST/exhibits.geojson: "
        #expect(
            Self.message([Self.feature("a", beacons: Self.ibeacon(1)), Self.feature("b", beacons: Self.ibeacon(1))])
                == file + "feature 2 ('b'): beacons[1]: duplicate beacon ibeacon:\(Self.uuid):1:1, first listed by exhibit 'a'")
        #expect(
            Self.message([Self.feature("a", beacons: Self.ibeacon(1, uuid: "not-a-uuid"))])
                == file + "feature 1 ('a'): beacons[1]: uuid 'not-a-uuid' is not a UUID (8-4-4-4-12 hex digits, e.g. F7826DA6-4FA2-4E98-8024-BC5B71E0893E)")
        #expect(
            Self.message([Self.feature("a", beacons: Self.ibeacon(1), extra: #","floor":1.5"#)])
                == file + "feature 1 ('a'): floor: must be an integer in [-5, 200], got 1.5")
        #expect(Self.message([Self.feature("a", beacons: "")]) == file + "feature 1 ('a'): beacons: must be a non-empty array")
        #expect(
            Self.message([#"{"type":"Feature","geometry":{"type":"Point","coordinates":[0,0]},"properties":{"id":"x","text":"t","building":"b","beacons":[]}}"#]
            )
                == file + "feature 1 ('x'): title: missing")
        #expect(
            Self.message([Self.feature("a", beacons: #"{"type":"ibeacon","uuid":"\#(Self.uuid)","major":70000,"minor":1}"#)])
                == file + "feature 1 ('a'): beacons[1]: major 70000 out of range [0, 65535]")
        #expect(
            Self.message([Self.feature("a", beacons: Self.ibeacon(1)), Self.feature("a", beacons: Self.ibeacon(2))])
                == file + "feature 2 ('a'): id: duplicate id 'a', first used by feature 1")
    }

    @Test func aPictureComesWithItsTextAlternative() throws {
        let file = "parks/TEST/exhibits.geojson: feature 1 ('a'): picture_alt: "
        #expect(
            Self.message([Self.feature("a", beacons: Self.ibeacon(1), extra: #","picture":"halls/a.png""#)])
                == file + "missing: a picture needs what it shows for screen readers (\"\" if it only decorates)")
        #expect(Self.message([Self.feature("a", beacons: Self.ibeacon(1), extra: #","picture_alt":"A model""#)]) == file + "there is no picture to describe")
        #expect(
            Self.message([Self.feature("a", beacons: Self.ibeacon(1), extra: #","picture":"halls/a.png","picture_alt":3"#)])
                == file + "must be a string, got 3")
        let decorative = try Self.read([Self.feature("a", beacons: Self.ibeacon(1), extra: #","picture":"halls/a.png","picture_alt":"""#)])
        #expect(decorative.exhibits[0].pictureAlt == "")
    }

    @Test func aPositionOutsideTheBoundaryIsAnError() throws {
        let square = #"{"type":"Polygon","coordinates":[[[-111,44],[-110,44],[-110,45],[-111,45],[-111,44]]]}"#
        let boundary = try Boundary(geoJSON: Array(square.utf8), displayPath: "boundary.geojson")
        #expect(
            Self.message([Self.feature("a", beacons: Self.ibeacon(1), lon: -109.5)], boundary: boundary)
                == "parks/TEST/exhibits.geojson: feature 1 ('a'): geometry: position 44.4589,-109.5 is outside the park's boundary")
    }

    // MARK: - Scan logs

    static func log(_ body: String) throws(GeoError) -> ScanLog {
        let catalog = try read([feature("a", beacons: ibeacon(1))])
        return try ScanLog(csv: body, displayPath: "walk.csv", catalog: catalog)
    }

    static func logMessage(_ body: String) -> String {
        do { _ = try log(body); return "no error" } catch { return error.description }
    }

    @Test func readsAScanLogAndSkipsWhatItDocuments() throws {
        let log = try Self.log(
            """
            # made by hand
            time,beacon,rssi,tx_power
            10,ibeacon:\(Self.uuid.lowercased()):1:1,-61,-59
            10.5,ibeacon:\(Self.uuid):1:9,-70,
            11,ibeacon:\(Self.uuid):1:1,127,
            12,ibeacon:\(Self.uuid):1:1,-64,
            """)
        #expect(log.scans == [.init(time: 10, beacon: 0, rssi: -61, txPower: -59, line: 3), .init(time: 12, beacon: 0, rssi: -64, line: 6)])
        #expect(log.unknownBeacons == ["ibeacon:\(Self.uuid):1:9": 1])
        #expect(log.rssiOutOfRange == 1 && log.skipped == 2)
    }

    @Test func brokenRowsAreErrorsWithFileAndLine() {
        let row = "ibeacon:\(Self.uuid):1:1"
        #expect(Self.logMessage("time,rssi\n1,-60") == "walk.csv:1: header lacks column beacon (expected time,beacon,rssi[,tx_power])")
        #expect(
            Self.logMessage("time,beacon,rssi\n5,\(row),-60\n4,\(row),-60")
                == "walk.csv:3: time 4 is before the previous row's 5: a log's times never go backwards")
        #expect(Self.logMessage("time,beacon,rssi\n5,\(row)") == "walk.csv:2: 2 fields, the header names 3")
        #expect(Self.logMessage("time,beacon,rssi\nsoon,\(row),-60") == "walk.csv:2: time 'soon' is not a number of seconds")
        #expect(Self.logMessage("time,beacon,rssi\n1,\(row),loud") == "walk.csv:2: rssi 'loud' is not a number")
        #expect(
            Self.logMessage("time,beacon,rssi\n1,bluetooth:12,-60")
                == "walk.csv:2: beacon 'bluetooth:12' is neither ibeacon:UUID:MAJOR:MINOR nor eddystone:NAMESPACE:INSTANCE")
        #expect(Self.logMessage("# nothing\n") == "walk.csv: no header: expected time,beacon,rssi[,tx_power]")
    }
}
