import Formats
import Testing
@testable import ScreenModel

/// ScreenModel depends on nothing of ours, so it writes numbers in its messages itself; the
/// rule is Formats' NumberText.message, and the two must agree.
struct NumberTextTests {
    @Test(arguments: [
        0, -0.0, 14, -3, 37.8, -122.475, 1e15, 1e-7, 123_456_789_012_345, 0.1 + 0.2,
        .nan, .infinity, -.infinity, .greatestFiniteMagnitude, .leastNonzeroMagnitude,
    ])
    func screenMessagesWriteNumbersAsFormatsDoes(value: Double) {
        #expect(ScreenRules.number(value) == NumberText.message(value))
    }
}
