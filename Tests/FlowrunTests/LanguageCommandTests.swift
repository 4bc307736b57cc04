import Foundation
import Testing

/// Screens in the visitor's language: `--locale es` speaks Spanish from the default tables
/// (flows/strings/), a park's own strings win over them, numbers and plural forms follow the
/// language, and `check` finds a key one language lacks, a key no table has, and places that
/// differ between languages.
@Suite struct LanguageCommandTests {
    @Test func theSameScreenSpeaksSpanish() throws {
        let english = try flowrun(["--park", "GOGA", "sites", "--at", "37.8078,-122.4750"])
        let spanish = try flowrun(["--park", "GOGA", "sites", "--at", "37.8078,-122.4750", "--locale", "es"])
        #expect(spanish.status == 0, "\(spanish.stderr)")
        #expect(english.stdout.hasPrefix("Sites\n") && spanish.stdout.hasPrefix("Lugares\n"))
        #expect(spanish.stdout.contains("⌕ Buscar lugares (q=, at most 100): … Un nombre o un tipo de lugar"))
        // The compass speaks it too: west is O(este).
        #expect(spanish.stdout.contains("• Bridge Cafe") && spanish.stdout.contains("40 m SO"))
        #expect(english.stdout.contains("40 m SW"))
        // The same actions: a language changes words, not what a visitor can do.
        let ids = { (text: String) in text.matches(of: /\[(\d+)\]/).map { String($0.output.1) } }
        #expect(ids(english.stdout) == ids(spanish.stdout))
        // A page says its language, so a screen reader pronounces it as Spanish.
        let page = try flowrun(["--park", "GOGA", "sites", "--locale", "es", "--format", "html"])
        #expect(page.stdout.contains("<html lang=\"es\">") && page.stdout.contains("class=\"phone\" data-park=\"GOGA\" data-flow=\"sites\" lang=\"es\""))
        let pins = try flowrun(["--park", "GOGA", "pins", "--locale", "es", "--at", "37.8078,-122.4750"])
        #expect(pins.stdout.contains("Tus marcas (0)") && pins.stdout.contains("▶ [1] Marcar este sitio → act pins drop=1"))
    }

    @Test func aLanguageTheParkDoesNotSpeakIsBadInput() throws {
        let french = try flowrun(["--park", "GOGA", "home", "--locale", "fr"])
        #expect(french.status == 2)
        #expect(french.stderr == "flowrun: --locale: GOGA has no strings in 'fr'; languages: en, es\n")
        let typo = try flowrun(["--park", "GOGA", "home", "--locale", "ES"])
        #expect(typo.status == 2)
        #expect(typo.stderr == "flowrun: --locale: expected a language code such as es or pt-BR, got 'ES'\n")
        #expect(try flowrun(["--park", "GOGA", "home", "--locale", "en"]).stdout.contains("from Golden Gate National Recreation Area."))
    }

    @Test func aParksOwnWordsWinAndNumbersAndPluralsFollowTheLanguage() throws {
        let project = try ProjectCopy()
        let park = try String(contentsOf: project.url.appendingPathComponent("parks/GOGA/park.lua"), encoding: .utf8)
        try project.write(
            "parks/GOGA/park.lua",
            park.replacingOccurrences(
                of: "local park = {", with: "local park = {\n  language = { strings = { es = { [\"sites.title\"] = \"Sitios de la bahía\" } } },"))
        try project.write(
            "flows/words.lua",
            """
            local i18n = require("lib.i18n")
            flow.register("words", function(ctx)
              local tr = i18n.of(ctx)
              return { title = tr("sites.title"), sections = {
                { type = "text", text = tr("pins.photo_count", { count = 1 }) .. " / " .. tr("pins.photo_count", { count = 2 }) },
                { type = "text", text = i18n.number(ctx.locale, 1234567.25, 2) .. " / " .. i18n.number(ctx.locale, 1234) },
              } }
            end)
            """)
        let english = try flowrun(["--root", project.url.path, "--park", "GOGA", "words"])
        #expect(english.stdout.hasPrefix("Sites\n"), "\(english.stderr)")
        #expect(english.stdout.contains("1 photo / 2 photos") && english.stdout.contains("1,234,567.25 / 1,234"))
        let spanish = try flowrun(["--root", project.url.path, "--park", "GOGA", "words", "--locale", "es"])
        #expect(spanish.stdout.hasPrefix("Sitios de la bahía\n"), "\(spanish.stderr)")
        #expect(spanish.stdout.contains("1 foto / 2 fotos") && spanish.stdout.contains("1.234.567,25 / 1234"))
    }

    @Test func checkFindsWhatTheLanguagesDoNotShare() throws {
        let project = try ProjectCopy()
        func edit(_ path: String, _ change: (String) -> String) throws {
            let url = project.url.appendingPathComponent(path)
            try project.write(path, change(try String(contentsOf: url, encoding: .utf8)))
        }
        try edit("flows/strings/es/pins.lua") { table in
            table.replacingOccurrences(of: "  [\"pins.back\"] = \"Volver a la marca\",\n", with: "")
                .replacingOccurrences(of: "return {\n", with: "return {\n  [\"pins.extra\"] = \"De más\",\n")
        }
        try edit("flows/strings/es/sites.lua") { table in
            table.replacingOccurrences(of: "[\"sites.matching\"] = \"Lugares con \\\"{q}\\\"\"", with: "[\"sites.matching\"] = \"Lugares con \\\"{query}\\\"\"")
        }
        let pins = try String(contentsOf: project.url.appendingPathComponent("flows/pins.lua"), encoding: .utf8)
        try project.write("flows/pins.lua", pins.replacingOccurrences(of: "tr(\"pins.no_photos\")", with: "tr(\"pins.no_photo\")"))
        let result = try flowrun(["check", "--park", "GOGA"], in: project.url)
        #expect(result.status == 1)
        #expect(result.stderr.contains("flows/strings/es/pins.lua: es lacks 1 of en's strings: 'pins.back'"), "\(result.stderr)")
        #expect(result.stderr.contains("flows/strings/es/pins.lua:3: 'pins.extra' is a string es has and en (flows/strings/en) lacks"), "\(result.stderr)")
        #expect(result.stderr.contains("'sites.matching' fills in 'Lugares con \"{query}\"'; en's fills in {q}"))
        #expect(
            result.stderr.contains("flows/pins.lua:")
                && result.stderr.contains("tr(\"pins.no_photo\"): en has no string 'pins.no_photo'; did you mean 'pins.no_photos'?"))
        #expect(try flowrun(["check", "--park", "GOGA"]).status == 0, "the project's own tables agree")
    }
}
