import ArgumentParser
import FlowKit

extension RunInputField {
    /// The `--help` text of the input named `name`, from ``RunInputField/all``.
    static func help(_ name: String) -> ArgumentHelp {
        guard let field = named(name) else { return ArgumentHelp("(no such input: \(name))") }
        return ArgumentHelp(field.help, valueName: field.valueName)
    }
}
