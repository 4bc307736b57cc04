import Formats
import FlowKit
import ScreenModel

/// What `flowrun ... --assets` prints after the screen: each picture of the plan in
/// priority order, with what became of it and when (ms from the start of loading).
public enum AssetReport {
    /// The report's lines.
    /// - Parameters:
    ///   - plan: the pictures, in priority order.
    ///   - events: what the sequencer recorded.
    ///   - sequencer: the source and options it ran with, for the heading.
    public static func lines(plan: ImagePlan, events: [AssetEvent], sequencer: ImageSequencer) -> [String] {
        let options = sequencer.options
        var lines = ["images from \(sequencer.source) (\(options.parallel) at a time, timeout \(ms(options.timeout)) ms), in priority order:"]
        guard !plan.items.isEmpty else { return lines + ["  (the screen names no pictures)"] }
        let byRank = Dictionary(grouping: events, by: \.item.rank)
        let width = plan.items.map(\.reference.count).max() ?? 0
        var loaded = 0, late = 0, kept = 0
        for item in plan.items {
            let mine = byRank[item.rank] ?? []
            var outcome = ""
            var placeholderAt: Duration?
            for event in mine {
                switch event.kind {
                case .requested:
                    continue
                case .loaded(let bytes):
                    outcome = "loaded at \(ms(event.at)) ms (\(Excerpt.count(bytes)) bytes)"
                    loaded += 1
                case .placeholder:
                    placeholderAt = event.at
                    outcome = "placeholder at \(ms(event.at)) ms (timeout)"
                case .replaced(let bytes):
                    outcome = "placeholder at \(placeholderAt.map(ms) ?? "?") ms (timeout), replaced at \(ms(event.at)) ms (\(Excerpt.count(bytes)) bytes)"
                    late += 1
                case .failed(let message):
                    let start = placeholderAt.map { "placeholder at \(ms($0)) ms (timeout), then at \(ms(event.at)) ms" } ?? "placeholder at \(ms(event.at)) ms"
                    outcome = "\(start): \(message)"
                    kept += 1
                }
            }
            if outcome.isEmpty { outcome = "not requested" } else if case .placeholder? = mine.last?.kind { kept += 1 }
            let stage = item.stage == .next ? "next: \(item.flow)" : item.stage.label
            let padded = item.reference.padding(toLength: width, withPad: " ", startingAt: 0)
            lines.append("  \(String(item.rank).leftPadded(3))  \(stage.padding(toLength: 12, withPad: " ", startingAt: 0)) \(padded)  \(outcome)")
        }
        lines.append("images: \(loaded) loaded, \(late) replaced late, \(kept) kept \(kept == 1 ? "its" : "their") placeholder")
        return lines.map(TerminalText.line)
    }

    static func ms(_ duration: Duration) -> String { Excerpt.count(Int(PictureLoadOptions.milliseconds(duration))) }
}

private extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
