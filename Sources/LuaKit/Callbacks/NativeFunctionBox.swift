import CLua
import CLuaSandbox

/// A Swift function as Lua sees it: the box lives in a Lua-owned userdata (upvalue 1 of a
/// C closure) and is released by that userdata's `__gc`.
final class NativeFunctionBox {
    let name: String
    let function: LuaNativeFunction
    let handle: StateHandle

    init(name: String, function: @escaping LuaNativeFunction, handle: StateHandle) {
        self.name = name
        self.function = function
        self.handle = handle
    }

    static func push(name: String, function: @escaping LuaNativeFunction, handle: StateHandle, L: OpaquePointer) {
        let box = NativeFunctionBox(name: name, function: function, handle: handle)
        luakit_pushclosure(L, Unmanaged.passRetained(box).toOpaque())
    }

    /// Installs the C entry points once per process.
    static let installed: Void = {
        luakit_install(dispatchNativeCall, releaseNativeBox)
    }()
}

/// Runs a Swift function for the C trampoline. Returns the number of results, or
/// `LUAKIT_CALL_ERROR` with the message pushed; the trampoline raises after we return.
private func dispatchNativeCall(_ L: OpaquePointer?, _ raw: UnsafeMutableRawPointer?) -> Int32 {
    guard let L, let raw else { return Int32(LUAKIT_CALL_ERROR) }
    // Lua's userdata owns the box for the whole call: borrow it without retain/release,
    // which were most of a native call's cost.
    return Unmanaged<NativeFunctionBox>.fromOpaque(raw)._withUnsafeGuaranteedRef { box in
        var call = LuaCall(L: L, box: box)
        do {
            try box.function(&call)
            if let failure = call.failure { throw LuaCallError("\(box.name): \(failure)") }
            return call.resultCount
        } catch {
            let failure = error as? LuaCallError
            let message = failure?.message ?? String(describing: error)
            // Drop what was pushed: the call fails, and its arguments' frame has room
            // (LUA_MINSTACK) for the message, so the error is never lost to a full stack.
            lua_settop(L, Int32(call.argumentCount))
            if let location = failure?.location {
                call.stack.push(location + message)
                return Int32(LUAKIT_CALL_ERROR_PLACED)
            }
            call.stack.push(message)
            return Int32(LUAKIT_CALL_ERROR)
        }
    }
}

private func releaseNativeBox(_ raw: UnsafeMutableRawPointer?) {
    guard let raw else { return }
    Unmanaged<AnyObject>.fromOpaque(raw).release()
}
