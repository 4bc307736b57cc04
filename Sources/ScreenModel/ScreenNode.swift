/// A part of a screen that validates itself and exposes the actions it holds.
/// Each walk visits fields in the order of the JSON shape, so issues and action
/// numbers come out in document order.
protocol ScreenNode {
    /// Appends this node's issues to `check`; `path` names the node (`sections[2]`).
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck)

    /// Calls `body` with every action in this node and the action's path.
    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void)
}

extension ScreenNode {
    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {}
}

extension Optional where Wrapped: ScreenNode {
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        self?.validate(at: path(), into: &check)
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        self?.forEachAction(at: path(), body)
    }
}

extension Array where Element: ScreenNode {
    /// Validates each element at `path[i]`.
    func validate(at path: @autoclosure () -> String, into check: inout ScreenCheck) {
        for (index, element) in enumerated() {
            element.validate(at: "\(path())[\(index + 1)]", into: &check)
        }
    }

    mutating func forEachAction(at path: @autoclosure () -> String, _ body: (inout Action, () -> String) -> Void) {
        for index in indices {
            self[index].forEachAction(at: "\(path())[\(index + 1)]", body)
        }
    }
}
