import ScreenRendering
import AsyncHTTPClient
import FlowKit
@testable import FlowPreview
import Foundation
import NIOCore
import Testing

/// The preview server over real HTTP on 127.0.0.1: the JSON API, the page's frame, refusals.
@Suite struct PreviewServerTests {
    @Test func parksAreTheParkListOfFlowrunParks() async throws {
        let expected = JSONRenderer.encode(ParkListing(root: repository).entries)
        let (status, type, body) = try await withServer { try await get($0, "/parks") }
        #expect(status == 200)
        #expect(type == "application/json; charset=utf-8")
        #expect(body == expected)
        #expect(body.contains("\"code\" : \"GOGA\""))
    }

    @Test func aScreenIsTheJSONTheCommandLinePrintsForTheSameInputs() async throws {
        // What `flowrun --park GOGA sites --at ... --time ... --arg category=viewpoint --zoom 14 --format json`
        // prints: its inputs read into RunInputs, a request, a runtime with that clock, JSONRenderer.
        var text = RunInputText(flow: "sites")
        (text.values, text.args) = (["at": "37.8078,-122.4750", "time": fixedTime, "zoom": "14"], ["category": "viewpoint"])
        let inputs = try text.inputs()
        let runtime = try FlowRuntime(root: repository, park: "GOGA", time: inputs.time)
        let expected = JSONRenderer.encode(try runtime.run(try inputs.request()))
        let query = "at=37.8078,-122.4750&time=2026-07-04T09:30:00-07:00&arg.category=viewpoint&zoom=14"
        let (status, _, body) = try await withServer { try await get($0, "/parks/goga/flows/sites?" + query) }
        #expect(status == 200)
        #expect(body == expected)
        #expect(body.contains("\"schema\" : \"flowrun/screen@1\""))
    }

    @Test func theFrameIsThePhoneFrameWithItsStyleSheet() async throws {
        let (status, type, body) = try await withServer { try await get($0, "/parks/GOGA/flows/home/frame?time=2026-07-04T09:30:00-07:00&size=375x667") }
        #expect(status == 200)
        #expect(type == "text/html; charset=utf-8")
        #expect(body.hasPrefix("<style class=\"phone-style\">"))
        #expect(body.contains("<div class=\"phone\" data-park=\"GOGA\" data-flow=\"home\">"))
        #expect(body.contains(".phone { width: 375px; height: 667px;"))
        #expect(!body.contains("<html"))
    }

    @Test func thePageHasTheControlsTheFirstFrameAndTheScript() async throws {
        let (status, type, body) = try await withServer { try await get($0, "/") }
        #expect(status == 200)
        #expect(type == "text/html; charset=utf-8")
        for control in [
            "id=\"park\"", "id=\"flow\"", "id=\"args\"", "id=\"at\"", "id=\"track\"", "id=\"time\"", "id=\"location\"",
            "id=\"accuracy\"", "id=\"until\"", "id=\"offline\"", "id=\"heading\"", "id=\"size\"", "id=\"back\"",
        ] {
            #expect(body.contains(control), "missing \(control)")
        }
        #expect(body.contains("<div class=\"phone\" data-park=\"ACAD\" data-flow=\"home\">"))  // the first park
        #expect(body.contains("new EventSource(\"/events\")"))
    }

    /// A link to the page can name the run it opens on: `park`, `flow`, and the frame's query.
    @Test func thePageOpensOnTheRunItsAddressNames() async throws {
        let query = "park=yell&flow=sites&time=2026-07-04T09:30:00-07:00&arg.category=geyser&size=375x667"
        let (status, _, body) = try await withServer { try await get($0, "/?" + query) }
        #expect(status == 200)
        #expect(body.contains("<body data-park=\"YELL\" data-act=\""))
        #expect(body.contains("<div class=\"phone\" data-park=\"YELL\" data-flow=\"sites\">"))
        #expect(body.contains(".phone { width: 375px; height: 667px;"))
        #expect(body.contains("<h2 class=\"section-title\">Geysers ("))
        #expect(body.contains("function fromAddress()"))
    }

    @Test func aBadAddressStillOpensThePageWithTheErrorInTheFrame() async throws {
        let (status, _, body) = try await withServer { try await get($0, "/?park=GOGA&colour=red") }
        #expect(status == 200)
        #expect(body.contains("<div class=\"phone flow-error\" data-status=\"400\">"))
        #expect(body.contains("unknown query parameter &#39;colour&#39;"))
        #expect(body.contains("id=\"controls\""))
    }

    @Test(arguments: ["/parks/../flows/home", "/parks/GOGA/flows/%2e%2e/home", "/parks/%2E%2E/%2E%2E/etc/passwd", "/parks/GOGA/flows/..%2F..%2Fpark"])
    func aPathWithDotDotIsNotFound(path: String) async throws {
        let (status, _, body) = try await withServer { try await get($0, path) }
        #expect(status == 404)
        #expect(body.contains("\"message\" : \"not found: \(path)\""))
        #expect(!body.contains("GOGA\" : "))
    }

    @Test func aTrackOutsideTheProjectIsNotFoundAndNeverRead() async throws {
        let (status, _, body) = try await withServer { try await get($0, "/parks/GOGA/flows/geofence?track=../../etc/passwd") }
        #expect(status == 404)
        #expect(body.contains("\"message\" : \"no such track: ../../etc/passwd\""))
    }

    @Test func aMissingTrackIsNotFoundAndOneThatDoesNotParseIsABadInput() async throws {
        let (missing, malformed) = try await withServer { url in
            (
                try await get(url, "/parks/YOSE/flows/geofence?track=parks/YOSE/nothere.gpx"),
                try await get(url, "/parks/YOSE/flows/geofence?track=parks/YOSE/park.lua")
            )
        }
        #expect(missing.status == 404)
        #expect(missing.body.contains("\"message\" : \"no such track in the project: parks/YOSE/nothere.gpx\""))
        #expect(malformed.status == 400)
        #expect(malformed.body.contains("parks/YOSE/park.lua:1:1: malformed XML"))
    }

    @Test func anUnknownParkOrFlowIs404() async throws {
        let (park, flow) = try await withServer { url in
            (try await get(url, "/parks/NOPE/flows/home"), try await get(url, "/parks/GOGA/flows/nope"))
        }
        #expect(park.status == 404)
        #expect(park.body.contains("unknown park 'NOPE'"))
        #expect(flow.status == 404)
        #expect(
            flow.body.contains(
                "\"message\" : \"unknown flow 'nope' for park GOGA; flows: ar, emergency, exhibits, favorites, geofence, home, map, onboarding, parks, party, pins, sites\""
            ))
    }

    @Test func badInputIs400NamingTheParameter() async throws {
        let (at, key) = try await withServer { url in
            (try await get(url, "/parks/GOGA/flows/sites?at=abc"), try await get(url, "/parks/GOGA/flows/sites?colour=red"))
        }
        #expect(at.status == 400)
        #expect(at.body.contains("\"message\" : \"at: expected LAT,LON such as 37.8078,-122.4750, got 'abc'\""))
        #expect(key.status == 400)
        #expect(key.body.contains("unknown query parameter 'colour'"))
    }

    /// What the device knows, as --location, --accuracy, --until and --offline say it.
    @Test func theQuerySetsLocationStateAccuracyAMomentAndOffline() async throws {
        let (denied, offline, online, accuracy, moment, bad) = try await withServer { url in
            (
                try await get(url, "/parks/GOGA/flows/sites/frame?location=denied"),
                try await get(url, "/parks/GOGA/flows/home/frame?offline=1"),
                try await get(url, "/parks/GOGA/flows/home/frame?offline=0"),
                try await get(url, "/parks/GOGA/flows/sites?at=37.8078,-122.4750&accuracy=35"),
                try await get(url, "/parks/YOSE/flows/sites?track=parks/YOSE/tests/valley-to-el-portal.gpx&until=60"),
                try await get(url, "/parks/GOGA/flows/home?offline=maybe")
            )
        }
        #expect(denied.status == 200 && denied.body.contains("Allow location to see what is near you"))
        #expect(offline.status == 200 && offline.body.contains("You are offline: this runs from the park"))
        #expect(online.status == 200 && !online.body.contains("You are offline"))
        #expect(accuracy.status == 200 && accuracy.body.contains("±35 m"))
        #expect(moment.status == 200 && moment.body.contains("37.7399, -119.6114"))
        #expect(bad.status == 400 && bad.body.contains("offline: expected 1 or 0, got 'maybe'"))
    }

    @Test func aFailingFlowIs422WithFileLineSourceAndTraceback() async throws {
        let project = try TestProject.withBrokenFlow()
        let (json, frame) = try await withServer(root: project.root) { url in
            (try await get(url, "/parks/GOGA/flows/broken"), try await get(url, "/parks/GOGA/flows/broken/frame"))
        }
        #expect(json.status == 422)
        #expect(json.body.contains("\"location\" : \"flows/broken.lua:3\""))
        #expect(json.body.contains("\"file\" : \"flows/broken.lua\""))
        #expect(json.body.contains("\"line\" : 3"))
        #expect(json.body.contains("\"text\" : \"  return site.name\""))
        #expect(json.body.contains("\"traceback\" : \"stack traceback:"))
        #expect(frame.status == 422)
        #expect(frame.body.contains("<p class=\"err-where\">flows/broken.lua:3</p>"))
        #expect(frame.body.contains("<span class=\"src-line current\"><span class=\"src-no\">   3</span>   return site.name</span><span class=\"src-line\">"))
        #expect(frame.body.contains("<summary>Traceback</summary>"))
    }

    @Test func aFlowThatLoopsShowsTheBudgetErrorAndTheServerStaysUp() async throws {
        let project = try TestProject(files: ["flows/spin.lua": "flow.register(\"spin\", function(ctx)\n  while true do end\nend)\n"])
        let (spin, home) = try await withServer(root: project.root) { url in
            (try await get(url, "/parks/GOGA/flows/spin"), try await get(url, "/parks/GOGA/flows/home"))
        }
        #expect(spin.status == 422)
        #expect(spin.body.contains("\"location\" : \"flows/spin.lua:2\""))
        #expect(spin.body.contains("instruction budget of"))
        #expect(home.status == 200)
    }

    @Test func aMapFigureCarriesItsBoxForAClickToBecomeAPosition() async throws {
        let (status, _, body) = try await withServer { try await get($0, "/parks/GOGA/flows/map/frame?center=37.80,-122.46&zoom=12&size=390x600") }
        #expect(status == 200)
        #expect(body.contains("<figure class=\"picture picture-map\" role=\"img\" aria-label=\"Map of ") && body.contains(" data-bbox=\""))
    }

    @Test func aFlowListIsTheParksFlows() async throws {
        let (status, _, body) = try await withServer { try await get($0, "/parks/GOGA/flows") }
        #expect(status == 200)
        #expect(
            body
                == JSONRenderer.encode(["ar", "emergency", "exhibits", "favorites", "geofence", "home", "map", "onboarding", "parks", "party", "pins", "sites"])
        )
    }
}
