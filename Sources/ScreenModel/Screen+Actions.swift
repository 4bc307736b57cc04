/// An action and where it sits in its screen.
public struct LocatedAction: Hashable, Sendable {
    /// The action's field path, like `sections[3].items[0].action`.
    public var path: String
    /// The action.
    public var action: Action
}

extension Screen {
    /// Every action in document order, with its path; the CLI looks `--follow ID` up here.
    public var actions: [LocatedAction] {
        var found: [LocatedAction] = []
        visitActions { action, path in found.append(LocatedAction(path: path(), action: action)) }
        return found
    }

    /// Calls `body` with every action in document order and a function that gives the
    /// action's path: a path is built only when asked for, so checking every action of a
    /// long list names only the ones with a problem.
    /// - Parameter body: given each action and its path (`sections[3].items[1].action`).
    public func visitActions(_ body: (Action, () -> String) -> Void) {
        var copy = self
        copy.forEachAction(at: "") { action, path in withoutActuallyEscaping(path) { body(action, $0) } }
    }

    /// The first action whose id is `id`, or `nil`.
    public func action(withID id: String) -> LocatedAction? {
        actions.first { $0.action.id == id }
    }

    /// A copy where every action without an id is numbered "1", "2", … in document
    /// order, skipping numbers the flow already used as ids. Idempotent.
    public func assigningActionIDs() -> Screen {
        var copy = self
        var used = Set<String>()
        copy.forEachAction(at: "") { action, _ in
            if let id = action.id { used.insert(id) }
        }
        var next = 1
        copy.forEachAction(at: "") { action, _ in
            guard action.id == nil else { return }
            while used.contains(String(next)) { next += 1 }
            action.id = String(next)
            used.insert(String(next))
            next += 1
        }
        return copy
    }
}
