import ScreenModel

// A form as text: a line per field, its name as `--field` takes it, then its send button.
extension TextLayout {
    /// `✎ Title (title=, required, at most 80): Lookout`, a choice's options with the one
    /// chosen filled, a toggle's box, then the submit as a button.
    func form(_ form: Component.Form, width: Int) -> [String] {
        var lines = form.title.map { heading($0, rule: "─", width: width) } ?? []
        for field in form.fields {
            var notes = ["\(field.name)="]
            if field.required { notes.append("required") }
            if field.kind == .text || field.kind == .search { notes.append("at most \(field.effectiveMaxLength)") }
            let head = "\(field.label) (\(notes.joined(separator: ", ")))"
            let line: String
            switch field.kind {
            case .text, .search:
                let value = field.value.flatMap { $0.isEmpty ? nil : $0 }
                let shown = value ?? paint.dim("… " + (field.placeholder ?? "empty"))
                line = (field.kind == .search ? "⌕ " : "✎ ") + head + ": " + shown
            case .choice:
                let chosen = field.initialValue
                let options = field.options.map { ($0.value == chosen ? "● " : "○ ") + "\($0.label) (\($0.value))" }
                line = "◉ " + head + ": " + options.joined(separator: " · ")
            case .toggle:
                line = (field.checked ? "☑ " : "☐ ") + head
            }
            lines += TextWrap.hanging(line, width: width, first: "", rest: "  ")
        }
        let marker = "▶ "
        return lines + TextWrap.prefixed(actionLines(form.submit, label: form.submit.label, width: width - 2), first: marker, rest: "  ")
    }
}
