import Formats

extension Component {
    /// Fields a visitor fills in, sent with the action that submits them:
    /// `{"type": "form", "fields": [{"kind": "text", "name": "title", "label": "Title"}],
    /// "submit": {"kind": "act", "flow": "pins", "args": {"id": "3"}, "label": "Save"}}`.
    /// The submit's `args` and each field's value (under the field's `name`) make the
    /// arguments of the run it leads to, checked first by ``submission(_:)``: a flow never
    /// sees a value its form does not accept.
    public struct Form: Hashable, Sendable {
        /// The form's identifier (default `nil`).
        public var id: String?
        /// A heading above the fields (default `nil`).
        public var title: String?
        /// The fields, in order; at least one, names unique.
        public var fields: [FormField]
        /// What sending the form does: a `go` (a search) or an `act` (a change to the
        /// visitor's store); its `label` is the send button's.
        public var submit: Action

        /// Creates a form.
        /// - Parameters:
        ///   - fields: the fields.
        ///   - submit: the `go` or `act` that sends them, with a label.
        ///   - title: a heading (default `nil`).
        ///   - id: an identifier (default `nil`).
        public init(fields: [FormField], submit: Action, title: String? = nil, id: String? = nil) {
            self.id = id
            self.title = title
            self.fields = fields
            self.submit = submit
        }
    }
}

extension Component.Form: Codable, ComponentPayload {
    static let type = "form"
    var component: Component { .form(self) }
    static func payload(of component: Component) -> (any ComponentPayload)? {
        if case .form(let payload) = component { payload } else { nil }
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
        case id, title, fields, submit
    }

    /// Decodes the form's fields from any Decoder.
    public init(from decoder: any Decoder) throws {
        try self.init(from: decoder, allowing: [])
    }

    init(from decoder: any Decoder, allowing extraKeys: [String]) throws {
        try decoder.rejectUnknownKeys(allowed: extraKeys + keyNames(CodingKeys.self), in: "form")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(String.self, forKey: .id)
        title = try c.decodeIfPresent(String.self, forKey: .title)
        fields = try c.decodeList(Component.FormField.self, forKey: .fields)
        submit = try c.decode(Action.self, forKey: .submit)
    }

    /// Encodes the form's fields, omitting nil values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encodeIfPresent(title, forKey: .title)
        try c.encode(fields, forKey: .fields)
        try c.encode(submit, forKey: .submit)
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if fields.isEmpty { check.report("\(path()).fields", "a form needs at least one field") }
        var names: [String: Int] = [:]
        for (i, field) in fields.enumerated() {
            field.validate(at: "\(path()).fields[\(i + 1)]", into: &check)
            if let first = names[field.name] {
                check.report("\(path()).fields[\(i + 1)].name", "\(Excerpt.quoted(field.name)) is the name of fields[\(first + 1)] too")
            } else {
                names[field.name] = i
            }
        }
        submit.validate(at: "\(path()).submit", into: &check)
        guard let (_, args, _) = submit.flowTarget else {
            check.report("\(path()).submit.kind", "a form is sent by a go or an act action, not \(submit.kind)")
            return
        }
        if (submit.label ?? "").isEmpty { check.report("\(path()).submit.label", "a form's submit needs a label: what its button says") }
        for field in fields where args[field.name] != nil {
            check.report("\(path()).submit.args.\(field.name)", "the field \(Excerpt.quoted(field.name)) sends this argument; leave it out of args")
        }
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        submit.forEachAction(at: "\(path()).submit", body)
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let formComponent = SchemaDefinition.component(
        "form",
        [
            .optional("id", .string()),
            .optional("title", .string()),
            .required("fields", .array(of: .reference("formField"), minItems: 1)),
            .required(
                "submit",
                .reference(
                    "action",
                    "A go or act action; the fields' values join its args under their names, and its label is the send button's.")),
        ])
}
