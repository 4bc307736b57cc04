import Formats

extension Component {
    /// One field of a ``Form``, selected by its `kind`: a line (or lines) of text, a search
    /// box, a choice among options, or a toggle:
    /// `{"kind": "text", "name": "title", "label": "Title", "value": "Lookout", "max_length": 80}`.
    /// Its value travels under `name` as one of the submitting action's `args`, as a string
    /// (a toggle's as `"true"` or `"false"`); ``problem(with:)`` says what the runtime refuses.
    public struct FormField: Hashable, Sendable {
        /// What a visitor fills in.
        public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
            /// Free text: a title, a note, a name (``multiline`` for several lines).
            case text
            /// Words to look for; an app may submit on each keystroke.
            case search
            /// One of ``options``.
            case choice
            /// On or off (``checked``).
            case toggle
        }

        /// One option of a choice: the value sent and what the visitor reads.
        public struct Option: Hashable, Sendable {
            /// What is sent; not empty.
            public var value: String
            /// What the visitor reads; not empty.
            public var label: String

            /// Creates an option.
            public init(_ value: String, label: String) {
                self.value = value
                self.label = label
            }
        }

        /// The longest value a field may ever allow, in characters: a field's ``maxLength``
        /// is at most this.
        public static let maxLengthLimit = 4000

        /// The field's kind.
        public var kind: Kind
        /// The argument its value travels as: lowercase letters, digits and `_`, starting
        /// with a letter, unique in its form.
        public var name: String
        /// What the field is called, shown beside it and read by screen readers; not empty.
        public var label: String
        /// A hint shown while a text or search field is empty (default `nil`).
        public var placeholder: String?
        /// The text a text or search field starts with, or the option a choice starts on
        /// (default `nil`: empty, or a choice's first option).
        public var value: String?
        /// Whether a toggle starts on (default `false`).
        public var checked: Bool
        /// The fewest characters a non-empty text may have (default `nil`: 1).
        public var minLength: Int?
        /// The most characters a text or search value may have (default `nil`:
        /// ``defaultMaxLength``), at most ``maxLengthLimit``.
        public var maxLength: Int?
        /// Whether a text, search or choice must not be left empty (default `false`).
        public var required: Bool
        /// Whether a text field takes several lines (default `false`).
        public var multiline: Bool
        /// A choice's options, at least one (default `[]` for the other kinds).
        public var options: [Option]

        /// Creates a field; set the kind's other values as needed.
        /// - Parameters:
        ///   - kind: what is filled in.
        ///   - name: the argument its value travels as.
        ///   - label: what it is called.
        public init(_ kind: Kind, name: String, label: String) {
            self.kind = kind
            self.name = name
            self.label = label
            checked = false
            required = false
            multiline = false
            options = []
        }

        /// The most characters a text or search value may have when the field does not
        /// say: 200 for text, 100 for a search.
        public var defaultMaxLength: Int { kind == .search ? 100 : 200 }

        /// The limit that applies: ``maxLength``, or ``defaultMaxLength``.
        public var effectiveMaxLength: Int { maxLength ?? defaultMaxLength }

        /// The value the field holds before the visitor changes it: its ``value``, a
        /// choice's first option, or a toggle's ``checked`` as `"true"` or `"false"`.
        public var initialValue: String {
            switch kind {
            case .text, .search: value ?? ""
            case .choice: value ?? options.first?.value ?? ""
            case .toggle: checked ? "true" : "false"
            }
        }
    }
}

extension Component.FormField: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case kind, name, label, placeholder, value, checked, required, multiline, options
        case minLength = "min_length"
        case maxLength = "max_length"
    }

    /// Decodes a field from any Decoder; what applies to which kind is checked by validation.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "form field")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let kind = try c.decodeRequiredChoice(Kind.self, forKey: .kind, in: "form field kind")
        self.init(kind, name: try c.decode(String.self, forKey: .name), label: try c.decode(String.self, forKey: .label))
        placeholder = try c.decodeIfPresent(String.self, forKey: .placeholder)
        value = try c.decodeIfPresent(String.self, forKey: .value)
        checked = try c.decodeIfPresent(Bool.self, forKey: .checked) ?? false
        minLength = try c.decodeIfPresent(Int.self, forKey: .minLength)
        maxLength = try c.decodeIfPresent(Int.self, forKey: .maxLength)
        required = try c.decodeIfPresent(Bool.self, forKey: .required) ?? false
        multiline = try c.decodeIfPresent(Bool.self, forKey: .multiline) ?? false
        options = try c.decodeListIfPresent(Option.self, forKey: .options)
    }

    /// Encodes the field, omitting nil, empty and default values.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(kind, forKey: .kind)
        try c.encode(name, forKey: .name)
        try c.encode(label, forKey: .label)
        try c.encodeIfPresent(placeholder, forKey: .placeholder)
        try c.encodeIfPresent(value, forKey: .value)
        if checked { try c.encode(true, forKey: .checked) }
        try c.encodeIfPresent(minLength, forKey: .minLength)
        try c.encodeIfPresent(maxLength, forKey: .maxLength)
        if required { try c.encode(true, forKey: .required) }
        if multiline { try c.encode(true, forKey: .multiline) }
        try c.encodeUnlessEmpty(options, forKey: .options)
    }
}

extension Component.FormField.Option: Codable {
    enum CodingKeys: String, CodingKey, CaseIterable {
        case value, label
    }

    /// Decodes an option, refusing other keys.
    public init(from decoder: any Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: keyNames(CodingKeys.self), in: "form option")
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(try c.decode(String.self, forKey: .value), label: try c.decode(String.self, forKey: .label))
    }
}

// MARK: - Validation

extension Component.FormField {
    /// The fields each kind takes besides kind, name and label; another is a mistake.
    static func takes(_ kind: Kind) -> Set<CodingKeys> {
        switch kind {
        case .text: [.placeholder, .value, .minLength, .maxLength, .required, .multiline]
        case .search: [.placeholder, .value, .maxLength, .required]
        case .choice: [.value, .required, .options]
        case .toggle: [.checked]
        }
    }

    /// The fields this one sets.
    private var fieldsSet: [CodingKeys] {
        var set: [CodingKeys] = []
        if placeholder != nil { set.append(.placeholder) }
        if value != nil { set.append(.value) }
        if checked { set.append(.checked) }
        if minLength != nil { set.append(.minLength) }
        if maxLength != nil { set.append(.maxLength) }
        if required { set.append(.required) }
        if multiline { set.append(.multiline) }
        if !options.isEmpty { set.append(.options) }
        return set
    }

    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        if !Self.isName(name) {
            check.report(
                "\(path()).name", "\(Excerpt.quoted(name)) is not a field name: lowercase letters, digits and _, starting with a letter")
        }
        check.requireNonEmpty(label, at: "\(path()).label")
        let takes = Self.takes(kind)
        for key in fieldsSet where !takes.contains(key) {
            let kinds = Kind.allCases.filter { Self.takes($0).contains(key) }.map(\.rawValue).joined(separator: " and ")
            check.report("\(path()).\(key.stringValue)", "a \(kind.rawValue) field has no \(key.stringValue) (\(kinds) fields do)")
        }
        if let maxLength, !(1...Self.maxLengthLimit).contains(maxLength) {
            check.report("\(path()).max_length", "\(maxLength) is outside 1...\(Self.maxLengthLimit)")
        }
        if let minLength, minLength < 0 || minLength > effectiveMaxLength {
            check.report("\(path()).min_length", "\(minLength) is outside 0...\(effectiveMaxLength) (its max_length)")
        }
        if kind == .choice {
            if options.isEmpty { check.report("\(path()).options", "a choice needs at least one option") }
            var seen = Set<String>()
            for (i, option) in options.enumerated() {
                check.requireNonEmpty(option.value, at: "\(path()).options[\(i + 1)].value")
                check.requireNonEmpty(option.label, at: "\(path()).options[\(i + 1)].label")
                if !seen.insert(option.value).inserted {
                    check.report("\(path()).options[\(i + 1)].value", "\(Excerpt.quoted(option.value)) is the value of an earlier option too")
                }
            }
        }
        // What the field starts with must be what it accepts, or the form could not be sent as shown.
        if let value, kind != .toggle, !(kind == .choice && options.isEmpty), let problem = problem(with: value, requiring: false) {
            check.report("\(path()).value", problem)
        }
    }

    /// Whether `name` is a field name: `[a-z][a-z0-9_]*`, at most 64 characters.
    static func isName(_ name: String) -> Bool {
        guard let first = name.utf8.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first), name.utf8.count <= 64 else { return false }
        return name.utf8.allSatisfy {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "_")
        }
    }
}

// The screen contract (Contract/ScreenContract.swift): schema/screen.schema.json is generated from it.
extension ScreenContract {
    static let formField = SchemaDefinition(
        "formField",
        .object(
            [
                .required("kind", .choice(Component.FormField.Kind.self)),
                .required("name", .string(pattern: "^[a-z][a-z0-9_]{0,63}$", example: "title", "The argument the value travels as.")),
                .required("label", .string(minLength: 1, "What the field is called, shown and read aloud.")),
                .optional("placeholder", .string("A hint shown while a text or search field is empty.")),
                .optional("value", .string("What a text or search field starts with, or the option a choice starts on.")),
                .optional("checked", .boolean("Whether a toggle starts on (default false).")),
                .optional("min_length", .integer(minimum: 0, "The fewest characters of a non-empty text.")),
                .optional(
                    "max_length",
                    .integer(
                        minimum: 1, maximum: Double(Component.FormField.maxLengthLimit),
                        "The most characters of a text (default 200) or search (default 100).")),
                .optional("required", .boolean("Whether it must not be left empty (default false).")),
                .optional("multiline", .boolean("Whether a text takes several lines (default false).")),
                .optional("options", .array(of: .reference("formOption"), "A choice's options.")),
            ], "One field of a form; its value travels as the submitting action's argument `name`."))

    static let formOption = SchemaDefinition(
        "formOption",
        .object(
            [
                .required("value", .string(minLength: 1, "What is sent.")),
                .required("label", .string(minLength: 1, "What the visitor reads.")),
            ], "One option of a choice field."))
}
