import Foundation
import Testing

/// Forms from the command line: `--follow ID --field NAME=VALUE` types into the form the
/// action sends, as a visitor does. The runtime checks each value against its field before
/// the flow runs, so a refused value changes nothing and names the field (exit 2).
@Suite struct FormCommandTests {
    private let at = ["--at", "37.8078,-122.4750"]

    @Test func aSearchFieldFindsSites() throws {
        let shown = try flowrun(["--park", "GOGA", "sites"])
        #expect(shown.stdout.contains("⌕ Search sites (q=, at most 100): … A name or a kind of place\n▶ [1] Search → go sites\n"))
        let found = try flowrun(["--park", "GOGA", "sites", "--follow", "1", "--field", "q=fort mas"])
        #expect(found.status == 0, "\(found.stderr)")
        #expect(found.stdout.hasPrefix("Sites matching \"fort mas\""))
        #expect(found.stdout.contains("⌕ Search sites (q=, at most 100): fort mas\n"), "the search box keeps the words")
        #expect(found.stdout.contains("• Fort Mason Center"))
    }

    @Test func aPinDroppedWithItsTitleAndNote() throws {
        let project = try ProjectCopy()
        let profile = project.url.appendingPathComponent("profile").path
        func run(_ arguments: [String]) throws -> CLIResult {
            try flowrun(["--park", "GOGA", "pins"] + at + arguments + ["--profile", profile, "--time", fixedTime], in: project.url)
        }
        let dropped = try run(["--follow", "1", "--field", "title=Lookout", "--field", "note=Bench by the wall"])
        #expect(dropped.status == 0, "\(dropped.stderr)")
        #expect(dropped.stdout.hasPrefix("Lookout\n"))
        #expect(dropped.stdout.contains("│ Bench by the wall"))
        // Each refusal names the field and writes nothing.
        let refusals: [([String], String)] = [
            (["--field", "title=<b>Lookout</b>"], "flowrun: sections[3] field 'title' (Title): contains markup ('<b>Looko'); write plain text\n"),
            (
                ["--field", "title=" + String(repeating: "x", count: 81)],
                "flowrun: sections[3] field 'title' (Title): is 81 characters long; it takes at most 80\n"
            ),
            (["--field", "title=Look\u{1B}[31mout"], "flowrun: sections[3] field 'title' (Title): contains a control character (U+001B); write plain text\n"),
            (
                ["--field", "titel=Lookout"],
                "flowrun: sections[3] field 'titel': the form has no field 'titel'; did you mean 'title'? its fields: title, note\n"
            ),
            (["--field", "title"], "flowrun: --field: expected NAME=VALUE such as title=Lookout, got 'title'\n"),
        ]
        for (fields, message) in refusals {
            // Action 2 drops a pin now that pin 1 is listed first.
            let refused = try run(["--follow", "2"] + fields)
            #expect(refused.status == 2, "\(fields)")
            #expect(refused.stderr == message)
            #expect(refused.stdout == "")
        }
        let listed = try run([])
        #expect(listed.stdout.contains("Your pins (1)"), "no refused value dropped a pin")
    }

    @Test func fieldsGoWithAFormsSubmitOnly() throws {
        let noFollow = try flowrun(["--park", "GOGA", "sites", "--field", "q=fort"])
        #expect(noFollow.status == 2)
        #expect(noFollow.stderr == "flowrun: --field: a value is typed into a form that --follow ID sends; no --follow was given\n")
        let notAForm = try flowrun(["--park", "GOGA", "sites", "--follow", "2", "--field", "q=fort"])
        #expect(notAForm.status == 2)
        #expect(notAForm.stderr == "flowrun: --field: action '2' of flow 'sites' submits no form; the screen's forms are sent by 1\n")
    }

    /// A form whose field the flow it sends to does not take is the flow's mistake, at its
    /// screen: the field could never be sent.
    @Test func aFieldTheTargetFlowDoesNotTakeIsAScreenMistake() throws {
        let project = try ProjectCopy()
        try project.write(
            "flows/badform.lua",
            """
            local ui = require("lib.ui")
            flow.register("badform", function(ctx)
              return ui.screen("Bad form", {
                ui.form(nil, { ui.search_field("query", "Search") }, ui.go("sites", nil, "Search")),
                ui.form(nil, { ui.choice_field("category", "Kind", { { "beach", "Beaches" }, { "moon", "Moons" } }) }, ui.go("sites", nil, "Go")),
                ui.form(nil, { ui.text_field("zoom", "Zoom") }, ui.go("map", nil, "Go")),
              })
            end)
            """)
        let result = try flowrun(["--root", project.url.path, "--park", "GOGA", "badform"])
        #expect(result.status == 1)
        #expect(
            result.stderr.contains("flows/badform.lua:4: sections[1].fields[1].name: flow 'sites' takes no argument 'query'; it takes: category, collection"),
            "\(result.stderr)")
        #expect(result.stderr.contains("flows/badform.lua:5: sections[2].fields[1].options[2].value: no category 'moon' in GOGA"), "\(result.stderr)")
        #expect(result.stderr.contains("sections[3].fields[1].name: 'zoom' is a view's key; name the field otherwise"), "\(result.stderr)")
    }
}
