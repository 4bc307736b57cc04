import Foundation
import Testing
import WebDriver

extension InBrowser {
    /// The preview page in a real headless chromium, asserted as a user sees it: what the
    /// phone frame shows after each thing a user does.
    @Suite struct BrowserTests {
        static let goga = "Golden Gate National Recreation Area"
        static let morning = "park=GOGA&time=2026-07-04T09:30:00-07:00"

        @Test func theHomeOfGOGAIsDrawnInThePhoneFrame() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, Self.morning)
                let frame = try await page.frame()
                #expect(frame.park == "GOGA")
                #expect(frame.flow == "home")
                #expect(frame.title == Self.goga)
                #expect(frame.headings.first == "Good morning from \(Self.goga).")
                #expect(frame.headings.contains("Highlights"))
                #expect(frame.headings.contains("Explore"))
                #expect(frame.cards.first == "Visiting Alcatraz")
                #expect((frame.width, frame.height) == (390, 844))
                #expect(try await page.value("park") == "GOGA")
            }
        }

        @Test func choosingAnotherParkFlowOrSizeChangesTheFrame() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, Self.morning)
                try await page.click("#park option[value='YELL']")
                let yellowstone = try await page.waitForFrame("Yellowstone's home") { $0.park == "YELL" && $0.flow == "home" }
                #expect(yellowstone.title == "Yellowstone National Park")

                try await page.type("sites", into: "flow")
                try await page.run()
                let sites = try await page.waitForFrame("Yellowstone's sites") { $0.park == "YELL" && $0.flow == "sites" }
                #expect(sites.title != yellowstone.title)

                try await page.click("#size option[value='375x667']")
                try await page.waitForFrame("a 375×667 frame") { ($0.width, $0.height) == (375, 667) && $0.flow == "sites" }
            }
        }

        @Test func aGoActionOpensItsScreenAndBackReturns() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, Self.morning)
                #expect(try await page.value("args") == "")
                try await page.click("#frame .list a.item-action[data-kind='go']")
                let opened = try await page.waitForFrame("the collection the action opens") { $0.flow == "sites" }
                #expect(opened.title != Self.goga)
                #expect(try await page.value("args").hasPrefix("collection="))
                #expect(try await page.address().queryItems?.contains { $0.name == "arg.collection" } == true)

                try await page.click("#back")
                let home = try await page.waitForFrame("home again") { $0.flow == "home" }
                #expect(home.title == Self.goga)
                #expect(try await page.value("args") == "")
                #expect(try await page.session.property("disabled", of: try await page.session.findElement("#back")) == true)
            }
        }

        @Test func typingATimeOrAPositionRunsTheFlowAgain() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, Self.morning)
                try await page.type("2026-07-04T20:15:00-07:00", into: "time")
                try await page.run()
                try await page.waitForFrame("the evening's greeting") { $0.headings.first == "Good evening from \(Self.goga)." }

                try await page.type("sites", into: "flow")
                try await page.type("37.8078,-122.4750", into: "at")
                try await page.run()
                // Without a position the sites screen has a text too ("Finding your position…"): wait for the ranking.
                let ranked = try await page.waitForFrame("sites ranked from the position") {
                    $0.flow == "sites" && $0.texts.first?.hasPrefix("Ranked") == true
                }
                #expect(ranked.texts.first == "Ranked from 37.8078, -122.4750 (inside the park, ±10 m), nearest first.")
            }
        }

        /// The page follows a save by itself (server push), and runs the flow with the
        /// controls as the user left them.
        @Test func savingAFlowUpdatesTheOpenPageByItself() async throws {
            let project = try TestProject()
            let home = try String(contentsOf: project.url.appendingPathComponent("parks/GOGA/flows/home.lua"), encoding: .utf8)
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, Self.morning)
                try await page.type("2026-07-04T20:15:00-07:00", into: "time")
                try await page.run()
                let before = try await page.waitForFrame("the evening's home") { $0.headings.first == "Good evening from \(Self.goga)." }

                let edited = home.replacingOccurrences(of: "  return screen\nend)", with: "  screen.title = \"Golden Gate, edited\"\n  return screen\nend)")
                #expect(edited != home)
                try project.write("parks/GOGA/flows/home.lua", edited)
                let after = try await page.waitForFrame("the edited title, without a reload", timeout: .seconds(5)) { $0.title == "Golden Gate, edited" }
                #expect(after.loads > before.loads)
                #expect(after.headings.first == "Good evening from \(Self.goga).")
                #expect(try await page.value("time") == "2026-07-04T20:15:00-07:00")
            }
        }

        @Test func aSyntaxErrorShowsTheErrorPanelAndAFixBringsTheScreenBack() async throws {
            let project = try TestProject()
            let path = "parks/GOGA/flows/home.lua"
            let home = try String(contentsOf: project.url.appendingPathComponent(path), encoding: .utf8)
            var lines = home.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            lines.insert("local = \"a syntax error\"", at: 4)  // line 5
            try await withServer(root: project.root) { url in
                let page = try await OpenPage.open(url, Self.morning)
                try project.write(path, lines.joined(separator: "\n"))
                let broken = try await page.waitForFrame("the error panel", timeout: .seconds(5)) { $0.isPanel }
                #expect(broken.errorWhere == "\(path):5")
                #expect(broken.errorLine?.hasSuffix("local = \"a syntax error\"") == true)

                try project.write(path, home)
                let fixed = try await page.waitForFrame("the screen again", timeout: .seconds(5)) { !$0.isPanel && $0.flow == "home" }
                #expect(fixed.title == Self.goga)
            }
        }

        @Test func aClickOnTheMapSetsTheVisitorsPosition() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, Self.morning + "&flow=map")
                #expect(try await page.value("at") == "")
                let figure = try await page.session.findElement("#frame figure[data-bbox]")
                let box = try #require(try await page.session.attribute("data-bbox", of: figure)).split(separator: ",").compactMap { Double($0) }
                try #require(box.count == 4)
                // The map is the picture's inner svg, below the header band: a click on its
                // center is the center of the box (in Web Mercator), whatever the bands above it.
                // (The page's controls may lie over that point, so the click is dispatched there;
                // an svg's client rect is its drawing's, so the point comes from its screen matrix.)
                _ = try await page.session.executeScript(
                    """
                    const area = document.querySelector("#frame figure[data-bbox] svg.map-area");
                    const m = area.getScreenCTM(), { width, height } = area.viewBox.baseVal;
                    const at = { bubbles: true, clientX: m.e + m.a * width / 2, clientY: m.f + m.d * height / 2 };
                    area.dispatchEvent(new MouseEvent("click", at));
                    """)
                let at = try await page.session.wait(for: "a position from the click") {
                    let text = try await page.value("at")
                    return text.isEmpty ? nil : text
                }
                let position = at.split(separator: ",").compactMap { Double($0) }
                try #require(position.count == 2)
                #expect(position[0] > box[1] && position[0] < box[3], "latitude \(position[0]) outside \(box)")
                #expect(position[1] > box[0] && position[1] < box[2], "longitude \(position[1]) outside \(box)")
                let mercator = { (latitude: Double) in log(tan(Double.pi / 4 + latitude * Double.pi / 360)) }
                let middle = atan(sinh((mercator(box[1]) + mercator(box[3])) / 2)) * 180 / Double.pi
                #expect(abs(position[0] - middle) < (box[3] - box[1]) * 0.02, "latitude \(position[0]), the map's middle \(middle)")
                #expect(abs(position[1] - (box[0] + box[2]) / 2) < (box[2] - box[0]) * 0.02, "longitude \(position[1])")
                #expect(try await page.session.text(try await page.session.findElement("#notice")) == "Position set to \(at)")
                try await page.session.waitUntil("the address to carry the position") {
                    try await page.address().queryItems?.contains { $0.name == "at" && $0.value == at } == true
                }
            }
        }

        /// The park browser's go action switches the page's park, as the app does; Back
        /// returns to the park it came from. Directions say what the app would open.
        @Test func aGoToAnotherParkSwitchesTheParkAndDirectionsSayWhatTheAppOpens() async throws {
            try await withServer { url in
                let page = try await OpenPage.open(url, "park=GOGA&flow=parks&time=2026-07-04T09:30:00-07:00&at=44.4605,-110.8281")
                try await page.waitForFrame("GOGA's park browser") { $0.park == "GOGA" && $0.flow == "parks" }
                try await page.click("#frame a[data-park='YELL']")
                let yellowstone = try await page.waitForFrame("Yellowstone's home") { $0.park == "YELL" && $0.flow == "home" }
                #expect(yellowstone.title == "Yellowstone National Park")
                #expect(try await page.value("park") == "YELL")
                #expect(try await page.address().queryItems?.contains(URLQueryItem(name: "park", value: "YELL")) == true)

                try await page.click("#frame a[data-kind='directions']")
                #expect(
                    try await page.session.text(try await page.session.findElement("#notice"))
                        == "The app opens directions to Yellowstone National Park (44.60000, -110.55000)")

                try await page.click("#back")
                try await page.waitForFrame("GOGA's park browser again") { $0.park == "GOGA" && $0.flow == "parks" }
                #expect(try await page.value("park") == "GOGA")
            }
        }

        /// A link to a run opens the page on it, with the controls filled in.
        @Test func thePageOpensOnTheRunItsAddressNames() async throws {
            try await withServer { url in
                let query = "park=YELL&flow=sites&time=2026-07-04T09:30:00-07:00&arg.category=geyser&at=44.4605,-110.8281&size=430x932"
                let page = try await OpenPage.open(url, query)
                let frame = try await page.frame()
                #expect(frame.park == "YELL")
                #expect(frame.flow == "sites")
                #expect((frame.width, frame.height) == (430, 932))
                #expect(frame.texts.first?.hasPrefix("Ranked from 44.4605, -110.8281") == true)
                #expect(try await page.value("park") == "YELL")
                #expect(try await page.value("flow") == "sites")
                #expect(try await page.value("args") == "category=geyser")
                #expect(try await page.value("at") == "44.4605,-110.8281")
                #expect(try await page.value("size") == "430x932")
                let items = try #require(try await page.address().queryItems)
                #expect(items.contains(URLQueryItem(name: "arg.category", value: "geyser")))
            }
        }
    }
}
