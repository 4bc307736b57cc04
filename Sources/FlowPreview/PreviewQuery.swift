import FlowKit
import GeoKit

/// A run's inputs as the preview server reads them from a query string
/// (`?at=37.80,-122.47&time=...&zoom=12&arg.category=viewpoint&location=denied`): the same names as the
/// command line's options without `--`, and `arg.NAME` for `--arg NAME=value`; the flag
/// `offline` is `offline=1` (or `true`). The values are kept as text (``RunInputText``) and
/// read, with each input's text reader and checks, as `flowrun` reads its options, when the
/// screen is asked for (``PreviewProject/screen(park:inputs:acting:)``).
struct PreviewQuery {
    /// The keys a query may have besides `arg.NAME`: the run's inputs the page can give
    /// (``RunInputField/inPreview``).
    static let keys = RunInputField.all.filter(\.inPreview).map(\.name)

    /// The inputs for `flow` that `pairs` ask for.
    /// - Parameters:
    ///   - flow: the flow from the path.
    ///   - pairs: the query's key and value pairs, decoded, in order (a later key wins).
    /// - Throws: ``PreviewFailure`` (400) for an unknown key or a flag that is not 1 or 0,
    ///   (404) for a track outside the project.
    static func inputs(flow: String, pairs: [(key: String, value: String)]) throws(PreviewFailure) -> RunInputText {
        var inputs = RunInputText(flow: flow)
        for (key, value) in pairs {
            if key.hasPrefix("arg.") {
                let name = String(key.dropFirst(4))
                guard !name.isEmpty else { throw .badQuery("arg.: expected arg.NAME=value such as arg.category=viewpoint") }
                guard !FlowRequest.viewKeys.contains(name) else {
                    throw .badQuery("\(key): \(name) is a query parameter of its own: use \(name)=\(value)")
                }
                inputs.args[name] = value
                continue
            }
            guard let field = RunInputField.named(key), field.inPreview else {
                throw .badQuery("unknown query parameter '\(key)'; known: \((keys + ["arg.NAME"]).joined(separator: ", "))")
            }
            if field.isFlag {
                // Read now: `offline=0` takes the flag back.
                var flag = RunInputs(flow: flow)
                do {
                    try field.read(text: value, into: &flag)
                } catch {
                    throw .badQuery("\(key): \(error.message)")
                }
                if field.isGiven(in: flag) { inputs.flags.insert(key) } else { inputs.flags.remove(key) }
                continue
            }
            if key == "track" {
                guard SourcePlace.isInside(value) else { throw .notFound("no such track: \(value)") }
            }
            inputs.values[key] = value
        }
        return inputs
    }
}
