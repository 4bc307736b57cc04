extension String {
    /// Whether the text holds nothing but whitespace.
    package var isBlank: Bool {
        // Any visible ASCII byte settles it without the Unicode property tables.
        if utf8.contains(where: { $0 > 0x20 && $0 < 0x7F }) { return false }
        return allSatisfy(\.isWhitespace)
    }
}

extension StringProtocol {
    /// The text without leading and trailing whitespace (spaces, tabs, line breaks).
    package func trimmingWhitespace() -> String {
        guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return String(self[first...last])
    }
}
