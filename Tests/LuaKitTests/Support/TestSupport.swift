@testable import LuaKit

/// The LuaError `body` throws, or nil. (Matching typed-throws errors with `catch let
/// Pattern` crashes the Swift 6.3 compiler, so tests capture the error here.)
func luaError(_ body: () throws -> Any) -> LuaError? {
    do { _ = try body(); return nil } catch { return error as? LuaError }
}

extension LuaError {
    var runtimeMessage: String? {
        if case .runtime(let message, _) = self { return message }
        return nil
    }
}
