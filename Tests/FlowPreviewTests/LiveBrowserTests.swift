import Foundation
import Testing
import WebDriver

extension InBrowser {
    /// The preview as a phone that moves: the page plays a recording through a live session
    /// in the server and its frame follows the session; an act in one tab updates another.
    @Suite struct LiveBrowserTests {
        static let exitTrack = "Tests/GeoKitTests/Fixtures/tracks/yose-pct-2019-07-31-exit.gpx"

        @Test func playingTheExitTrackHomeSaysTheVisitorLeftWhenTheyDid() async throws {
            try await withServer(root: repository) { url in
                let page = try await OpenPage.open(url, "park=YOSE&flow=home")
                try await page.type(Self.exitTrack, into: "track")
                try await page.type("60", into: "speed")
                // A minute and a half before the boundary: what comes before is fed at once.
                try await page.type("2019-07-31T18:02:30-07:00", into: "playfrom")
                try await page.click("#play")
                let inside = try await page.waitForFrame("home in the live session") { frame in frame.loads >= 2 && frame.title != nil }
                #expect(!inside.texts.contains("You are outside Yosemite National Park."), "\(inside.texts)")
                let left = try await page.waitForFrame("home once the visitor left", timeout: .seconds(30)) {
                    $0.texts.contains("You are outside Yosemite National Park.")
                }
                #expect(left.flow == "home")
                let frame = try await page.session.findElement("#frame")
                // The screen changed at the moment the geofence says the park was left.
                #expect(try await page.session.attribute("data-live-at", of: frame) == "2019-07-31T18:03:57-07:00")
                let events = try await page.session.text(try await page.session.findElement("#events"))
                #expect(!events.isEmpty)
            }
        }

        @Test func anActInOneTabUpdatesTheScreenOfAnother() async throws {
            let project = try TestProject()
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=sites&arg.id=nps-poi:goga:0144")
                // A second tab: the page again, in a frame of its own, showing the favourites.
                _ = try await page.session.executeScript(
                    """
                    const tab = document.createElement("iframe");
                    tab.id = "tab2"; tab.style.width = "1000px"; tab.style.height = "1000px";
                    tab.src = "/?park=GOGA&flow=favorites";
                    document.body.append(tab);
                    """)
                let tab2 = "document.getElementById('tab2').contentDocument"
                try await page.session.waitUntil("the second tab loaded and live") {
                    try await page.session.executeScript(
                        "const d = \(tab2); return Boolean(d && d.getElementById('status') && d.getElementById('status').classList.contains('live'));"
                    ).boolValue == true
                }
                _ = try await page.session.executeScript("\(tab2).getElementById('join').click();")
                try await page.session.waitUntil("the second tab joined the phone") {
                    try await page.session.executeScript("return \(tab2).getElementById('frame').dataset.session || null;").stringValue == "phone"
                }
                #expect(
                    try await page.session.executeScript("return \(tab2).getElementById('frame').textContent;").stringValue?.contains("Fort Point") == false)

                try await page.click("#join")
                try await page.waitForFrame("the site in the live phone") { $0.title == "Fort Point" && $0.loads >= 2 }
                try await page.click("#frame a[data-kind='act'][data-action='2']")  // Add to favorites
                try await page.session.waitUntil("the favourites in the other tab show the site") {
                    try await page.session.executeScript("return \(tab2).getElementById('frame').textContent;").stringValue?.contains("Fort Point") == true
                }
                // The act's own tab shows its screen too: the site, now a favourite.
                try await page.waitForFrame("the site after the act") { $0.title == "Fort Point" && $0.texts.contains("Added to your favorites.") }
            }
        }
    }
}
