import Formats
public import ScreenModel

extension TextRenderer {
    /// What the app does for an action, as one sentence for people, where `--follow` ends
    /// at an action the app performs itself: `The app opens https://…`, `The app calls +1
    /// 415-561-4700`, `The app opens directions to Fort Point, Marine Dr, San Francisco, CA
    /// (37.81058, -122.47700)`. Content is made safe for a terminal (``TerminalText/line(_:)``).
    /// - Parameter action: the action followed.
    /// - Returns: the sentence, without a newline.
    public static func sentence(for action: Action) -> String {
        switch action.target {
        case .url(let url): "The app opens \(TerminalText.line(url))"
        case .call(let phone): "The app calls \(TerminalText.line(phone))"
        case .directions(let place): "The app opens directions to \(TerminalText.line(Wayfinding.place(place)))"
        case .go(let flow, _, let park): "The app goes to \(TerminalText.line(park.map { "\($0)/" } ?? ""))\(TerminalText.line(flow))"
        case .act(let flow, _): "The app performs \(TerminalText.line(flow))"
        }
    }
}
