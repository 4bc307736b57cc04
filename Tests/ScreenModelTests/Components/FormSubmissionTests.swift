import ScreenModel
import Testing

/// What a form sends: the values a visitor typed, each checked by its field, with the
/// submit's arguments; nothing at all when one value is refused.
@Suite struct FormSubmissionTests {
    static let form: Component.Form = {
        var title = Component.FormField(.text, name: "title", label: "Title")
        (title.maxLength, title.required) = (10, true)
        var note = Component.FormField(.text, name: "note", label: "Note")
        note.multiline = true
        var by = Component.FormField(.choice, name: "by", label: "Sort by")
        by.options = [.init("name", label: "Name"), .init("distance", label: "Distance")]
        var near = Component.FormField(.toggle, name: "near", label: "Near me")
        near.checked = true
        return Component.Form(fields: [title, note, by, near], submit: .act("pins", args: ["drop": "1"], label: "Drop"))
    }()

    private func problem(_ values: [String: String]) -> FormValueProblem? {
        do {
            _ = try Self.form.submission(values)
            return nil
        } catch {
            return error
        }
    }

    @Test func valuesJoinTheSubmitsArgumentsAndUntouchedFieldsSendWhatTheyHold() throws {
        #expect(try Self.form.submission(["title": "Lookout"]) == ["drop": "1", "title": "Lookout", "by": "name", "near": "true"])
        let all = try Self.form.submission(["title": "Bench", "note": "By the wall\nfacing west", "by": "distance", "near": "false"])
        #expect(all == ["drop": "1", "title": "Bench", "note": "By the wall\nfacing west", "by": "distance", "near": "false"])
        // Text that only looks like markup to a careless eye is text.
        #expect(try Self.form.submission(["title": "a < b <3"])["title"] == "a < b <3")
    }

    @Test func eachRefusalNamesItsField() {
        let cases: [([String: String], String, String)] = [
            (["title": "Lookout", "titel": "x"], "titel", "the form has no field 'titel'; did you mean 'title'? its fields: title, note, by, near"),
            (["title": "   "], "title", "is required: it must not be left empty"),
            ([:], "title", "is required: it must not be left empty"),
            (["title": "Eleven char"], "title", "is 11 characters long; it takes at most 10"),
            (["title": "Look\u{7}out"], "title", "contains a control character (U+0007); write plain text"),
            (["title": "Look\nout"], "title", "contains a control character (U+000A); write plain text"),
            (["title": "<b>Hi</b>"], "title", "contains markup ('<b>Hi</b'); write plain text"),
            (["title": "Hi", "note": "<!-- x -->"], "note", "contains markup ('<!-- x -'); write plain text"),
            (["title": "Hi", "by": "height"], "by", "'height' is not one of its options: name, distance"),
            (["title": "Hi", "near": "yes"], "near", "a toggle is \"true\" or \"false\", not 'yes'"),
        ]
        for (values, field, message) in cases {
            let found = problem(values)
            #expect(found?.field == field, "\(values)")
            #expect(found?.message == message, "\(values)")
        }
        #expect(problem(["title": "Hi", "by": "height"])?.label == "Sort by")
    }

    @Test func anEmptyOptionalTextIsLeftOut() throws {
        #expect(try Self.form.submission(["title": "Hi", "note": ""])["note"] == nil)
    }

    @Test func theScreenFindsTheFormByItsSubmit() {
        let screen = Screen(
            park: "GOGA", flow: "pins", title: "Pins", sections: [.text(.init("Hello")), .form(Self.form)]
        ).assigningActionIDs()
        #expect(screen.form(submitting: "1")?.path == "sections[2]")
        #expect(screen.form(submitting: "2") == nil)
    }
}
