/// A run's inputs as the command line and the preview's query write them, not yet read: each
/// valued input's text by its name in ``RunInputField/all`` (`["at": "37.8,-122.47"]`), and
/// the flags given. ``inputs(name:)`` reads them into ``RunInputs`` with each input's text
/// reader and checks; the command line reads them only when it runs, so its two parsers give
/// the same plain value, and a bad value is a usage error of the run, not of the parse.
public struct RunInputText: Sendable, Equatable {
    /// The flow to run.
    public var flow: String
    /// The flow's `ctx.args`.
    public var args: [String: String] = [:]
    /// Each valued input's text by its name (`at`, `duty-cycle`); names not in the table are ignored.
    public var values: [String: String] = [:]
    /// The flags given, by name (`offline`).
    public var flags: Set<String> = []

    /// Inputs for `flow`; set the others as needed.
    /// - Parameter flow: the flow to run.
    public init(flow: String) {
        self.flow = flow
    }

    /// The inputs, each read from its text and checked, in ``RunInputs/read(given:mention:_:)``'s order.
    /// - Parameter name: how a message names an input by its name (`at` → `--at`, the default).
    /// - Throws: ``FlowError/badArgument(name:message:)`` naming the input at fault.
    public func inputs(name: (String) -> String = { "--" + $0 }) throws(FlowError) -> RunInputs {
        var inputs = RunInputs(flow: flow)
        inputs.args = args
        do {
            try inputs.read(given: flags.union(values.keys), mention: name) { (field, inputs) throws(RunInputProblem) in
                if let text = values[field.name] { try field.read(text: text, into: &inputs) } else { field.give(in: &inputs) }
            }
        } catch {
            throw .badArgument(name: name(error.key), message: error.message)
        }
        return inputs
    }
}
