import Testing
import GeoKit
@testable import FlowKit

/// The one place view values in text are read: command-line options and a `go` action's args.
@Suite struct FlowRequestTests {
    @Test func anActionsViewArgsBecomeTypedAndLeaveArgs() throws {
        let request = try FlowRequest(
            flow: "map", actionArgs: ["center": "37.8,-122.46", "zoom": "14", "id": "x", "heading": "90"],
            size: ScreenSize(width: 600, height: 400))
        #expect(request.args == ["id": "x"])
        #expect(request.view == MapView(center: Coordinate(latitude: 37.8, longitude: -122.46), zoom: 14))
        #expect(request.ar == ARView(heading: 90))
        #expect(request.size == ScreenSize(width: 600, height: 400))
        let resized = try FlowRequest(flow: "map", actionArgs: ["size": "390x844"], size: ScreenSize(width: 600, height: 400))
        #expect(resized.size == ScreenSize(width: 390, height: 844))
    }

    @Test(arguments: [
        (["zoom": "30.5"], "zoom", "30.5 out of range [0, 30]"),
        (["zoom": "1e1x"], "zoom", "expected a number such as 12, got '1e1x'"),
        (["pitch": "90.5"], "pitch", "90.5 out of range [-90, 90]"),
        (["fov": "-1"], "fov", "-1 out of range (0, 180)"),
        (["heading": "359.99"], nil, nil),
        (["bbox": "0,0,1,1", "zoom": "3"], "bbox", "give either bbox or center/zoom, not both"),
        // A go action's box is checked as --bbox is: a swap is named, not shown as the rest of the world.
        (
            ["bbox": "-122.3,37.7,-122.6,37.9"], "bbox",
            "west -122.3 is east of east -122.6; did you mean -122.6,37.7,-122.3,37.9? "
                + "(a box across the antimeridian gives east past 180, as -122.3,37.7,237.4,37.9)"
        ),
        (["bbox": "170,-10,190,10"], nil, nil),
    ])
    func valuesAreChecked(values: [String: String], key: String?, message: String?) {
        var request = FlowRequest(flow: "map")
        do {
            try request.setView(from: values)
            #expect(key == nil)
        } catch {
            #expect(error == InputError(key: key ?? "", message: message ?? ""))
        }
    }

    @Test func theCommandLineNamesOptionsItsWay() {
        var request = FlowRequest(flow: "map")
        #expect(throws: InputError(key: "bbox", message: "give either --bbox or --center/--zoom, not both")) {
            try request.setView(from: ["bbox": "0,0,1,1", "center": "0,0"], name: { "--" + $0 })
        }
    }
}
