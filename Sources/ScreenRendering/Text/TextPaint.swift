/// ANSI styling for ``TextRenderer``; with `enabled` false every method returns its input.
struct TextPaint {
    /// Whether to emit escape sequences.
    let enabled: Bool

    func bold(_ text: String) -> String { apply("1", text) }
    func dim(_ text: String) -> String { apply("2", text) }
    func notice(_ text: String) -> String { apply("33", text) }
    func actionID(_ text: String) -> String { apply("1;36", text) }

    private func apply(_ code: String, _ text: String) -> String {
        enabled && !text.isEmpty ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
