import Foundation
import Testing

/// `flowrun check` on the pictures parks name: a file of the park's assets/ or a full https:// URL.
@Suite struct AssetCheckTests {
    @Test func everyPictureTheParksNameIsThere() throws {
        let result = try flowrun(checkEveryPark + ["--time", fixedTime])
        #expect(!result.stderr.contains("assets/"), "\(result.stderr)")
    }

    @Test func aLayerParkLuaNamesThatIsNotThereIsBadContent() throws {
        let copy = try ProjectCopy()
        let park = copy.url.appendingPathComponent("parks/GRTE/park.lua")
        let text = try String(contentsOf: park, encoding: .utf8)
        try Data(text.replacingOccurrences(of: "\"onboarding/near.svg\"", with: "\"onboarding/neer.svg\"").utf8).write(to: park)
        let result = try flowrun(["check", "--park", "GRTE", "--time", fixedTime], in: copy.url)
        #expect(result.status == 2)
        #expect(
            result.stderr.contains(
                "parks/GRTE/park.lua: onboarding.pages[1].background[3].image: 'onboarding/neer.svg' is not in parks/GRTE/assets/; "
                    + "did you mean 'onboarding/near.svg'? (pictures are paths inside the park's assets/ folder, or full https:// URLs)\n"),
            "\(result.stderr)")
        #expect(result.stdout.contains("FAIL GRTE"))
    }

    @Test func aPictureAFlowNamesIsCheckedWithItsFileAndField() throws {
        let copy = try ProjectCopy()
        try copy.write(
            "parks/GOGA/flows/pictures.lua",
            """
            local ui = require("lib.ui")
            flow.register("pictures", function(ctx)
              return ui.screen("Pictures", {
                ui.image("onboarding/missing.svg", "A missing picture"),
                ui.image("http://example.org/bridge.png", "Plain http"),
                ui.image("../YELL/assets/onboarding/sky.svg", "Another park's"),
                ui.image("https://example.org/bridge.png", "On the web"),
                ui.image("onboarding/sky.svg", "There"),
              })
            end)
            """)
        let result = try flowrun(["check", "--park", "GOGA", "--time", fixedTime], in: copy.url)
        #expect(result.status == 1)
        let lines = result.stderr.split(separator: "\n").map(String.init)
        #expect(
            lines.contains {
                $0.hasPrefix("parks/GOGA/flows/pictures.lua:4: pictures: sections[1].url: 'onboarding/missing.svg' is not in parks/GOGA/assets/; ")
                    && $0.hasSuffix(" (pictures are paths inside the park's assets/ folder, or full https:// URLs)")
            }, "\(lines)")
        #expect(
            lines.contains(
                "parks/GOGA/flows/pictures.lua:5: pictures: sections[2].url: 'http://example.org/bridge.png' is plain http: apps load pictures over https:// only"
            ))
        #expect(
            lines.contains(
                "parks/GOGA/flows/pictures.lua:6: pictures: sections[3].url: '../YELL/assets/onboarding/sky.svg' has a name starting with '.' ('..'): '..' and hidden files are not assets"
            ))
        #expect(lines.filter { $0.contains("pictures: sections[") }.count == 3)
    }
}
