import Foundation
import Testing

/// The exhibits flow from the command line: a scan log's replay and one moment of it, the list
/// without beacons, bad scan logs, and check's field paths for a bad exhibits file.
@Suite struct ExhibitsCommandTests {
    static let walk = "parks/YELL/tests/scans/ofvec-walk.csv"
    static let uuid = "D3F1A7C2-0B5E-4C8A-9F17-2E6B4A1C0D59"

    @Test(arguments: [
        (["--park", "YELL", "exhibits", "--beacons", walk], "yell-exhibits-replay.txt"),
        (["--park", "YELL", "exhibits", "--beacons", walk, "--format", "json"], "yell-exhibits-replay.json"),
        (["--park", "YELL", "exhibits", "--beacons", walk, "--at-time", "100"], "yell-exhibits-at-time.txt"),
        (["--park", "YELL", "exhibits"], "yell-exhibits-list.txt"),
        (["--park", "YELL", "exhibits", "--arg", "id=young-scientist"], "yell-exhibits-one.txt"),
    ])
    func goldenExhibitScreens(arguments: [String], golden: String) throws {
        let result = try flowrun(arguments + ["--time", fixedTime])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr == "")
        try expectGolden(result.stdout, golden)
    }

    /// The moment shows the exhibit the replay had shown by then, and --at-time takes ISO 8601 too.
    @Test func atTimeShowsTheExhibitOfThatMoment() throws {
        let seconds = try flowrun(["--park", "YELL", "exhibits", "--beacons", Self.walk, "--at-time", "100", "--format", "json", "--time", fixedTime])
        let iso = try flowrun([
            "--park", "YELL", "exhibits", "--beacons", Self.walk, "--at-time", "2026-07-04T10:01:40-06:00", "--format", "json", "--time", fixedTime,
        ])
        #expect(seconds.status == 0 && iso.status == 0)
        #expect(seconds.stdout == iso.stdout)
        #expect(seconds.stdout.contains("Around you"))
    }

    @Test(arguments: [
        ("time,beacon\n1,x", "flowrun: bad.csv:1: header lacks column rssi (expected time,beacon,rssi[,tx_power])\n"),
        (
            "time,beacon,rssi\n5,ibeacon:\(uuid):1:1,-60\n4,ibeacon:\(uuid):1:1,-60",
            "flowrun: bad.csv:3: time 4 is before the previous row's 5: a log's times never go backwards\n"
        ),
        ("time,beacon,rssi\n5,ibeacon:\(uuid):1:1", "flowrun: bad.csv:2: 2 fields, the header names 3\n"),
    ])
    func badScanLogsExitTwoWithFileAndLine(text: String, message: String) throws {
        let project = try ProjectCopy()
        try project.write("bad.csv", text + "\n")
        let result = try flowrun(["--root", project.url.path, "--park", "YELL", "exhibits", "--beacons", "bad.csv"], in: project.url)
        #expect(result.status == 2)
        #expect(result.stdout == "")
        #expect(result.stderr == message)
    }

    @Test func unknownBeaconsAndRSSIOutOfRangeAreCountedAndSkipped() throws {
        let project = try ProjectCopy()
        try project.write(
            "odd.csv",
            """
            time,beacon,rssi
            1783180800,ibeacon:\(Self.uuid):1:1,-60
            1783180801,ibeacon:\(Self.uuid):9:9,-60
            1783180802,ibeacon:\(Self.uuid):1:1,127

            """)
        let result = try flowrun(["--root", project.url.path, "--park", "YELL", "exhibits", "--beacons", "odd.csv", "--format", "json"], in: project.url)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 from beacons the park does not list, 1 with RSSI out of range"))
    }

    /// --at-time counts from the log's first reading, as --until from a track's first fix, and
    /// a moment outside the log is refused with the log's span.
    @Test(arguments: [
        ("300", "'300' is after"),
        ("2026-07-04T09:59:00-06:00", "'2026-07-04T09:59:00-06:00' is before"),
        ("-5", "'-5' is before"),
        ("soon", "expected seconds from the scan log's first reading (such as 100) or an ISO 8601 time"),
    ])
    func atTimeOutsideTheLogIsRefused(moment: String, message: String) throws {
        let result = try flowrun(["--park", "YELL", "exhibits", "--beacons", Self.walk, "--at-time", moment])
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("flowrun: --at-time: \(message)"), "\(result.stderr)")
        if message.contains(" is ") {
            #expect(result.stderr.contains("\(Self.walk) runs from 2026-07-04T16:00:00Z (line 3) to 2026-07-04T16:04:13Z (line "), "\(result.stderr)")
        }
    }

    @Test func atTimeNeedsBeacons() throws {
        let result = try flowrun(["--park", "YELL", "exhibits", "--at-time", "10"])
        #expect(result.status == 2)
        #expect(result.stderr == "flowrun: --at-time: needs --beacons FILE.csv: a moment of which scan log?\n")
    }

    @Test func checkNamesTheExhibitAndField() throws {
        let project = try ProjectCopy()
        let path = project.url.appendingPathComponent("parks/YELL/exhibits.geojson")
        var text = try String(contentsOf: path, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"minor\": 2,", with: "\"minor\": 1,")  // the second exhibit reuses the first's beacon
        try project.write("parks/YELL/exhibits.geojson", text)
        let result = try flowrun(["--root", project.url.path, "check", "--park", "YELL"], in: project.url)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "parks/YELL/exhibits.geojson: feature 2 ('how-a-geyser-works'): beacons[1]: duplicate beacon ibeacon:\(Self.uuid):1:1, first listed by exhibit 'hydrothermal-features'"
            ), "\(result.stderr)")
    }
}
