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
        var copy = self
        var found: [LocatedAction] = []
        copy.forEachAction(at: "") { action, path in
            found.append(LocatedAction(path: path, action: action))
        }
        return found
    }

    /// The first action whose id is `id`, or `nil`.
    public func action(withID id: String) -> LocatedAction? {
        actions.first { $0.action.id == id }
    }

    /// A copy where every action without an id is numbered "1", "2", … in document
    /// order, skipping numbers the flow already used as ids. Idempotent.
    public func assigningActionIDs() -> Screen {
        var used = Set(actions.compactMap(\.action.id))
        var next = 1
        var copy = self
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
