import ScreenModel
import Testing

/// A form's mistakes, each named by its path, before any visitor types into it.
@Suite struct FormValidationTests {
    private func issues(_ form: Component.Form) -> [String] {
        let screen = Screen(park: "GOGA", flow: "pins", title: "Pins", sections: [.form(form)])
        return ScreenValidator(knownFlows: ["pins", "sites"]).validate(screen).map(\.description)
    }

    private func field(
        _ kind: Component.FormField.Kind, _ name: String = "title", _ change: (inout Component.FormField) -> Void = { _ in }
    )
        -> Component.FormField
    {
        var field = Component.FormField(kind, name: name, label: "Title")
        change(&field)
        return field
    }

    @Test func aWellMadeFormIsValid() {
        let choice = field(.choice, "by") { $0.options = [.init("name", label: "Name")] }
        #expect(issues(.init(fields: [field(.text), choice, field(.toggle, "near")], submit: .act("pins", label: "Save"))) == [])
    }

    @Test func namesAreArgumentNamesAndUnique() {
        let form = Component.Form(fields: [field(.text, "Title"), field(.text, "note"), field(.search, "note")], submit: .go("sites", label: "Go"))
        #expect(
            issues(form) == [
                "sections[1].fields[1].name: 'Title' is not a field name: lowercase letters, digits and _, starting with a letter",
                "sections[1].fields[3].name: 'note' is the name of fields[2] too",
            ])
    }

    @Test func eachKindTakesItsOwnSettings() {
        let toggle = field(.toggle) {
            $0.maxLength = 10; $0.options = [.init("a", label: "A")]
        }
        let text = field(.text, "note") { $0.checked = true }
        #expect(
            issues(.init(fields: [toggle, text], submit: .act("pins", label: "Save"))) == [
                "sections[1].fields[1].max_length: a toggle field has no max_length (text and search fields do)",
                "sections[1].fields[1].options: a toggle field has no options (choice fields do)",
                "sections[1].fields[2].checked: a text field has no checked (toggle fields do)",
            ])
    }

    @Test func limitsAndStartingValuesMustFit() {
        let long = field(.text) {
            $0.maxLength = 5; $0.value = "Lookout point"
        }
        let tooMuch = field(.text, "note") { $0.maxLength = 5000 }
        let upsideDown = field(.text, "other") {
            $0.maxLength = 10; $0.minLength = 20
        }
        let choice = field(.choice, "by") {
            $0.options = [.init("name", label: "Name"), .init("name", label: "")]; $0.value = "far"
        }
        let empty = field(.choice, "kind")
        #expect(
            issues(.init(fields: [long, tooMuch, upsideDown, choice, empty], submit: .act("pins", label: "Save"))) == [
                "sections[1].fields[1].value: is 13 characters long; it takes at most 5",
                "sections[1].fields[2].max_length: 5000 is outside 1...4000",
                "sections[1].fields[3].min_length: 20 is outside 0...10 (its max_length)",
                "sections[1].fields[4].options[2].label: must not be empty",
                "sections[1].fields[4].options[2].value: 'name' is the value of an earlier option too",
                "sections[1].fields[4].value: 'far' is not one of its options: name, name",
                "sections[1].fields[5].options: a choice needs at least one option",
            ])
    }

    @Test func theSubmitIsALabelledGoOrActThatLeavesTheFieldsToTheFields() {
        #expect(
            issues(.init(fields: [field(.text)], submit: .url("https://www.nps.gov/goga/", label: "Open"))) == [
                "sections[1].submit.kind: a form is sent by a go or an act action, not url"
            ])
        #expect(
            issues(.init(fields: [field(.text)], submit: .act("pins", args: ["title": "x"]))) == [
                "sections[1].submit.label: a form's submit needs a label: what its button says",
                "sections[1].submit.args.title: the field 'title' sends this argument; leave it out of args",
            ])
        #expect(issues(.init(fields: [], submit: .go("sites", label: "Go"))) == ["sections[1].fields: a form needs at least one field"])
    }
}
