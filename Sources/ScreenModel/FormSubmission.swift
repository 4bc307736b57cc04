import Formats

/// A value a form refuses, before the flow it leads to runs: the field it was typed into
/// and what is wrong.
public struct FormValueProblem: Error, Hashable, Sendable {
    /// The field's name as the form writes it.
    public var field: String
    /// The field's label, as the visitor reads it (nil for a name the form has no field for).
    public var label: String?
    /// What is wrong, quoting the value when it helps (cut when long).
    public var message: String
}

extension Component.FormField {
    /// Why the field does not accept `value`, or nil when it does. The rules every road in
    /// shares (a tap in an app, the preview's page, `--field`): a text or search value within
    /// its length, not left empty when ``required``, without control characters (a newline
    /// only in a ``multiline`` text) and without markup (`<b>`, `</`, `<!`), since a value
    /// may end up in a page; a choice's value one of its options; a toggle's `true` or `false`.
    /// - Parameter value: the value as typed.
    /// - Returns: a sentence, or nil.
    public func problem(with value: String) -> String? { problem(with: value, requiring: required) }

    func problem(with value: String, requiring: Bool) -> String? {
        switch kind {
        case .toggle:
            return value == "true" || value == "false" ? nil : "a toggle is \"true\" or \"false\", not \(Excerpt.quoted(value))"
        case .choice:
            if value.isEmpty { return requiring ? "choose one of: \(optionList)" : nil }
            return options.contains { $0.value == value } ? nil : "\(Excerpt.quoted(value)) is not one of its options: \(optionList)"
        case .text, .search:
            if value.allSatisfy(\.isWhitespace) { return requiring ? "is required: it must not be left empty" : nil }
            let count = value.count
            if count > effectiveMaxLength { return "is \(count) characters long; it takes at most \(effectiveMaxLength)" }
            if let minLength, count < minLength { return "is \(count) characters long; it takes at least \(minLength)" }
            for scalar in value.unicodeScalars where scalar.properties.generalCategory == .control || scalar == "\u{2028}" || scalar == "\u{2029}" {
                if scalar == "\n" && multiline { continue }
                let code = String(scalar.value, radix: 16, uppercase: true)
                return "contains a control character (U+\(String(repeating: "0", count: max(0, 4 - code.count)) + code)); write plain text"
            }
            if let tag = Self.markup(in: value) { return "contains markup (\(Excerpt.quoted(tag))); write plain text" }
            return nil
        }
    }

    private var optionList: String { options.map(\.value).joined(separator: ", ") }

    /// The first tag-like text in `value` (`<b`, `</`, `<!`, `<?`), or nil: a `<` before a
    /// space or a digit ("a < b", "<3") is text.
    static func markup(in value: String) -> String? {
        let scalars = Array(value.unicodeScalars)
        for i in scalars.indices.dropLast() where scalars[i] == "<" {
            let next = scalars[i + 1]
            if next.properties.isAlphabetic || next == "/" || next == "!" || next == "?" {
                return String(String.UnicodeScalarView(scalars[i..<min(scalars.count, i + 8)]))
            }
        }
        return nil
    }
}

extension Component.Form {
    /// The arguments sending the form with `values` gives the run it leads to: the submit's
    /// `args`, then each field's value under its name (what was typed, or else what the field
    /// holds: ``Component/FormField/initialValue``). An empty text is left out, so the flow
    /// sees nil. Nothing is sent unless every value is accepted.
    /// - Parameter values: what the visitor typed or chose, by field name.
    /// - Returns: the run's arguments.
    /// - Throws: ``FormValueProblem`` for a name the form has no field for, or the first
    ///   value a field refuses (``Component/FormField/problem(with:)``).
    public func submission(_ values: [String: String]) throws(FormValueProblem) -> [String: String] {
        for name in values.keys.sorted() where !fields.contains(where: { $0.name == name }) {
            let names = fields.map(\.name)
            let hint = Excerpt.suggestion(for: name, in: names).map { "did you mean '\($0)'? " } ?? ""
            throw FormValueProblem(
                field: name, label: nil, message: "the form has no field \(Excerpt.quoted(name)); \(hint)its fields: \(names.joined(separator: ", "))")
        }
        var args = submit.flowTarget?.args ?? [:]
        for field in fields {
            let value = values[field.name] ?? field.initialValue
            if let problem = field.problem(with: value) {
                throw FormValueProblem(field: field.name, label: field.label, message: problem)
            }
            if !value.isEmpty { args[field.name] = value }
        }
        return args
    }
}

extension Screen {
    /// The form whose submit is action `id`, with its path (`sections[2]`), or nil.
    /// - Parameter id: the action's id, as ``assigningActionIDs()`` numbered it.
    public func form(submitting id: String) -> (path: String, form: Component.Form)? {
        for (i, section) in sections.enumerated() {
            if case .form(let form) = section, form.submit.id == id { return ("sections[\(i + 1)]", form) }
        }
        return nil
    }
}
