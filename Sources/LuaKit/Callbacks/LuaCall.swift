import CLua
import CLuaSandbox

/// A Swift function callable from Lua. It reads its arguments from `call` and pushes its
/// results onto it; throwing fails the Lua call with the error's description.
public typealias LuaNativeFunction = (inout LuaCall) throws -> Void

/// One call from Lua into Swift: typed access to the arguments and a place for results.
///
/// Argument readers throw Lua's usual message (`bad argument #2 to 'distance' (number
/// expected, got string)`). Nothing here can raise a Lua error.
public struct LuaCall {
    let L: OpaquePointer
    /// The function's box; Lua keeps it alive for the whole call, so no reference is taken.
    unowned(unsafe) let box: NativeFunctionBox
    var handle: StateHandle { box.handle }
    /// The name the function was registered under, for messages.
    public var name: String { box.name }
    /// How many arguments Lua passed.
    public let argumentCount: Int
    /// How many results have been pushed.
    public private(set) var resultCount: Int32 = 0
    /// Set when a result could not be pushed (a full stack, a value nested too deeply):
    /// the call then fails with it instead of returning less than it pushed.
    var failure: String?

    init(L: OpaquePointer, box: NativeFunctionBox) {
        self.L = L
        self.box = box
        self.argumentCount = Int(lua_gettop(L))
    }

    var stack: LuaStack { LuaStack(L: L, handle: handle) }

    /// What copying one Lua value into Swift is charged: the copy is work no Lua
    /// instruction counts (a table of a million values passed again and again).
    static let instructionsPerCopiedValue = 8

    // MARK: - Arguments (1-based, like Lua)

    /// Lua's type name of argument `i` (`"no value"` past the last one).
    /// - Parameter i: the argument's position, from 1.
    public func typeName(_ i: Int) -> String {
        i > argumentCount ? "no value" : String(cString: lua_typename(L, lua_type(L, Int32(i))))
    }

    /// Whether argument `i` is `nil` or absent: how optional arguments are told apart.
    /// - Parameter i: the argument's position, from 1.
    public func isNil(_ i: Int) -> Bool { i > argumentCount || lua_type(L, Int32(i)) <= LUA_TNIL }

    /// Argument `i` as a number. Strings are not converted, unlike in stock Lua's library
    /// functions: `"12"` is a wrong type here.
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` (`bad argument #i to 'name' (number expected, got ...)`)
    ///   when the argument is absent or not a number.
    public func number(_ i: Int) throws(LuaCallError) -> Double {
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TNUMBER else { throw argumentError(i, expected: "number") }
        return lua_tonumberx(L, Int32(i), nil)
    }

    /// Argument `i` as a number, or `nil` when it is `nil` or absent.
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` when the argument is present but not a number.
    public func optionalNumber(_ i: Int) throws(LuaCallError) -> Double? {
        isNil(i) ? nil : try number(i)
    }

    /// Argument `i` as an integer: an integer, or a float with an integral value (`3.0`).
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` when the argument is not a number, or is one with no
    ///   integer representation (`2.5`, `nan`, out of `Int`'s range).
    public func integer(_ i: Int) throws(LuaCallError) -> Int {
        var ok: Int32 = 0
        let value = lua_tointegerx(L, Int32(i), &ok)
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TNUMBER else { throw argumentError(i, expected: "integer") }
        guard ok != 0, let result = Int(exactly: value) else {
            throw badArgument(i, "number has no integer representation")
        }
        return result
    }

    /// Argument `i` as text. Numbers are not converted, and the bytes must be UTF-8: Lua
    /// strings are bytes, and bytes that are not text are refused, never replaced.
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` when the argument is not a string, or names the first
    ///   byte that is not UTF-8.
    public func string(_ i: Int) throws(LuaCallError) -> String {
        let text: String?
        do {
            text = i <= argumentCount ? try stack.text(at: Int32(i)) : nil
        } catch {
            throw badArgument(i, error.description)
        }
        guard let text else { throw argumentError(i, expected: "string") }
        return text
    }

    /// Argument `i` as text, or `nil` when it is `nil` or absent.
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` when the argument is present but not a UTF-8 string.
    public func optionalString(_ i: Int) throws(LuaCallError) -> String? {
        isNil(i) ? nil : try string(i)
    }

    /// Argument `i` by Lua's truth: `false` only for `nil`, `false` and an absent argument.
    /// - Parameter i: the argument's position, from 1.
    public func boolean(_ i: Int) -> Bool { i <= argumentCount && lua_toboolean(L, Int32(i)) != 0 }

    /// Argument `i` copied to Swift (tables deeply; no metamethods run), `.nil` when absent.
    /// The copy is charged to the run's instruction budget, by the values copied.
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` when the value is too large or too deeply nested to copy
    ///   (a cyclic table), when a string in it is not UTF-8, or when the charge spends the budget.
    public func value(_ i: Int) throws(LuaCallError) -> LuaValue {
        guard i <= argumentCount else { return .nil }
        var limits = ConversionLimits(memoryBytes: Int(handle.budget.pointee.memory_limit))
        let copied: LuaValue
        do { copied = try stack.value(at: Int32(i), limits: &limits) } catch { throw badArgument(i, error.description) }
        try charge(limits.nodesCopied * Self.instructionsPerCopiedValue)
        return copied
    }

    /// Argument `i` as a table, copied deeply to Swift like ``value(_:)``.
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` when the argument is not a table, or cannot be copied
    ///   (as for ``value(_:)``).
    public func table(_ i: Int) throws(LuaCallError) -> LuaTable {
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TTABLE else { throw argumentError(i, expected: "table") }
        var limits = ConversionLimits(memoryBytes: Int(handle.budget.pointee.memory_limit))
        let copied: LuaTable
        do { copied = try stack.table(at: Int32(i), depth: 0, limits: &limits) } catch { throw badArgument(i, error.description) }
        try charge(limits.nodesCopied * Self.instructionsPerCopiedValue)
        return copied
    }

    /// Argument `i` as a function, held in Lua's registry for as long as the reference lives.
    /// - Parameter i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` when the argument is not a function.
    public func function(_ i: Int) throws(LuaCallError) -> LuaFunctionRef {
        guard i <= argumentCount, lua_type(L, Int32(i)) == LUA_TFUNCTION else { throw argumentError(i, expected: "function") }
        return LuaFunctionRef(handle: handle, L: L, index: Int32(i))
    }

    /// Argument `i` decoded from a Lua table or value with ``LuaValueDecoder``.
    /// - Parameters:
    ///   - type: the type to decode.
    ///   - i: the argument's position, from 1.
    /// - Throws: ``LuaCallError`` naming the field path at fault
    ///   (`bad argument #1 to 'f' (sections[2].title: expected string, got number)`), or
    ///   failing as ``value(_:)`` does.
    public func decode<T: Decodable>(_ type: T.Type, _ i: Int) throws(LuaCallError) -> T {
        let v = try value(i)
        do { return try LuaValueDecoder().decode(type, from: v) } catch { throw badArgument(i, "\(error)") }
    }

    /// Charges `instructions` to the running script's budget for work this function does
    /// that no Lua instruction counts: call it before the work, in proportion to it (n for
    /// a pass over n items, n·log n for a sort). Throws once the budget is spent; let the
    /// error propagate, and the script stops.
    /// - Parameter instructions: the work's price in instructions (negative counts as none).
    /// - Throws: ``LuaCallError`` (`budget exceeded`) once the instruction budget or the
    ///   time limit is spent; the run then fails with
    ///   ``LuaError/instructionBudget(limit:location:traceback:)`` or
    ///   ``LuaError/timeLimit(seconds:location:traceback:)``.
    public func charge(_ instructions: Int) throws(LuaCallError) {
        if luakit_charge(L, Int64(clamping: instructions)) != 0 {
            throw LuaCallError("budget exceeded")
        }
    }

    /// The native object of type `T` at argument `i` (a userdata made by ``push(object:)``).
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - type: the object's class; its ``LuaObject/luaTypeName`` is what Lua checks.
    /// - Throws: ``LuaCallError`` (`cluster.Index expected, got table`) when the argument
    ///   is not an object of that type.
    public func object<T: LuaObject>(_ i: Int, as type: T.Type) throws(LuaCallError) -> T {
        let tname = T.luaTypeName
        // withCString lends the name's bytes; passing the String converts it to a new C
        // string on every method call.
        guard i <= argumentCount, let raw = tname.withCString({ luakit_toobject(L, Int32(i), $0) }) else {
            throw argumentError(i, expected: tname)
        }
        guard let object = Unmanaged<AnyObject>.fromOpaque(raw).takeUnretainedValue() as? T else {
            throw argumentError(i, expected: tname)
        }
        return object
    }

    /// `file:line:` of the Lua code that made this call (empty if it is not Lua code).
    public func callerLocation() -> String {
        guard lua_checkstack(L, 1) != 0 else { return "" }
        luaL_where(L, 1)
        defer { lua_pop(L, 1) }
        return stack.string(at: -1) ?? ""
    }

    /// `file:line: ` of the nearest Lua code up the stack outside the file that made this
    /// call (the calling line when there is none): a native that checks a word blames the
    /// code that chose it, not the helper that passed it on (`ui.go` in `flows/lib/ui.lua`).
    public func locationPastCallersFile() -> String {
        var ar = lua_Debug()
        var level: Int32 = 1
        var callersFile: String?
        while lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "Sl", &ar) != 0 {
            // A file's chunk is named `@path` (LuaState.run); C functions have no line.
            if ar.currentline > 0, let source = ar.source, source.pointee == CChar(UInt8(ascii: "@")) {
                let chunk = String(cString: source + 1)
                guard let file = callersFile else {
                    callersFile = chunk
                    level += 1
                    continue
                }
                if chunk != file { return "\(chunk):\(ar.currentline): " }
            }
            level += 1
        }
        return callerLocation()
    }

    /// The error for an argument of the wrong type, in Lua's words:
    /// `bad argument #2 to 'distance' (number expected, got string)`.
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - expected: what the argument should have been (`"number"`, `"cluster.Index"`).
    /// - Returns: the error, to throw.
    public func argumentError(_ i: Int, expected: String) -> LuaCallError {
        badArgument(i, "\(expected) expected, got \(typeName(i))")
    }

    /// The error for a bad argument, in Lua's words: `bad argument #2 to 'name' (message)`.
    /// - Parameters:
    ///   - i: the argument's position, from 1.
    ///   - message: what is wrong with it (`zoom 31 out of range [0, 30]`).
    /// - Returns: the error, to throw.
    public func badArgument(_ i: Int, _ message: String) -> LuaCallError {
        LuaCallError("bad argument #\(i) to '\(name)' (\(message))")
    }

    // MARK: - Results

    mutating func reserve() -> Bool {
        // Lua gives a C function LUA_MINSTACK (20) free slots; grow only beyond them.
        guard failure == nil else { return false }
        guard resultCount < 16 || lua_checkstack(L, 1) != 0 else {
            failure = "too many results for Lua's stack (\(resultCount) pushed)"
            return false
        }
        resultCount += 1
        return true
    }

    /// Counts `n` values pushed directly with the C API as results.
    mutating func adopt(_ n: Int32) { resultCount += n }

    // Results never raise: a result that cannot be pushed records a failure, and the call
    // fails with it once the function returns (a Lua error must not unwind Swift frames).

    /// Pushes a float result.
    /// - Parameter value: the result.
    public mutating func push(_ value: Double) { if reserve() { lua_pushnumber(L, value) } }
    /// Pushes an integer result.
    /// - Parameter value: the result.
    public mutating func push(_ value: Int) { if reserve() { lua_pushinteger(L, lua_Integer(value)) } }
    /// Pushes a boolean result.
    /// - Parameter value: the result.
    public mutating func push(_ value: Bool) { if reserve() { lua_pushboolean(L, value ? 1 : 0) } }
    /// Pushes a string result.
    /// - Parameter value: the result.
    public mutating func push(_ value: String) { if reserve() { stack.push(value) } }
    /// Pushes `nil` as a result: with a message after it, Lua's usual way to report a
    /// failure the script may handle (`nil, "not found"`).
    public mutating func pushNil() { if reserve() { lua_pushnil(L) } }

    /// Pushes any value as a result, tables built anew in Lua.
    /// - Parameter value: the result; `.opaque` values push as `nil`.
    public mutating func push(_ value: LuaValue) {
        guard reserve() else { return }
        if !stack.push(value) {
            lua_pushnil(L)
            failure = "result \(resultCount) is nested deeper than \(LuaStack.maxDepth) levels, or too large for Lua's stack"
        }
    }

    /// Pushes `table` as a read-only table (see ``LuaTableRef``) and returns a reference
    /// to it, to hand the same table to later calls with ``push(_:)-(LuaTableRef)``
    /// instead of building it again.
    /// - Parameters:
    ///   - table: the content; every table inside it is read-only too.
    ///   - message: what a script that tries to change it, or a table inside it, is told
    ///     (after the `file:line:` of the change).
    /// - Returns: the reference, or nil when the table takes the state past its memory cap
    ///   (the call then fails with the cap's error, as for any result too large, and no
    ///   table is kept) or could not be pushed (the call fails as ``push(_:)-(LuaValue)`` does).
    public mutating func pushReadOnly(_ table: LuaTable, message: String) -> LuaTableRef? {
        guard reserve() else { return nil }
        stack.push(message)
        let pushed = stack.push(.table(table), readOnly: lua_gettop(L))
        lua_remove(L, pushed ? -2 : -1)
        guard pushed else {
            lua_pushnil(L)
            failure = "result \(resultCount) is nested deeper than \(LuaStack.maxDepth) levels, or too large for Lua's stack"
            return nil
        }
        let budget = handle.budget.pointee
        guard budget.memory_used <= budget.memory_limit else { return nil }
        return LuaTableRef(handle: handle, L: L, index: -1)
    }

    /// Pushes `table` as a read-only table (see ``LuaTableRef``) that Swift does not keep:
    /// an element of a lazy list (``LuaState/lazyList(count:make:message:)``), which Lua keeps
    /// only while something holds it.
    /// - Parameters:
    ///   - table: the content; every table inside it is read-only too.
    ///   - message: what a script that tries to change it is told.
    public mutating func pushReadOnlyElement(_ table: LuaTable, message: String) {
        guard reserve() else { return }
        stack.push(message)
        let pushed = stack.push(.table(table), readOnly: lua_gettop(L))
        lua_remove(L, pushed ? -2 : -1)
        if !pushed {
            lua_pushnil(L)
            failure = "result \(resultCount) is nested deeper than \(LuaStack.maxDepth) levels, or too large for Lua's stack"
        }
    }

    /// Pushes the read-only table `table` refers to: the same table, not a copy.
    /// - Parameter table: a reference made by ``pushReadOnly(_:message:)`` in the same state
    ///   (one from another state fails the call).
    public mutating func push(_ table: LuaTableRef) {
        guard reserve() else { return }
        guard table.handle === handle else {
            lua_pushnil(L)
            failure = "result \(resultCount) is a table of another Lua state"
            return
        }
        table.push(onto: L)
    }

    /// Pushes `value` encoded as Lua tables (`Encodable` → `LuaValue`, by ``LuaValueEncoder``).
    /// - Parameter value: the result.
    /// - Throws: `EncodingError` when a value has no Lua form (an integer beyond 64 bits),
    ///   or the value's own `encode(to:)` fails; nothing is pushed then.
    public mutating func push<T: Encodable>(encoding value: T) throws {
        push(try LuaValueEncoder().encode(value))
    }

    /// Pushes a native object as userdata of its registered type; Lua's `__gc` releases it.
    /// Its ``LuaObject/nativeByteCount`` counts against the state's memory cap.
    /// - Parameter object: the object; Lua holds a strong reference until it collects it.
    public mutating func push<T: LuaObject>(object: T) {
        guard reserve() else { return }
        luakit_pushobject(
            L, Unmanaged.passRetained(object as AnyObject).toOpaque(), T.luaTypeName,
            max(object.nativeByteCount, 0))
    }

    /// Pushes a new Lua function backed by `function` (a callback, an iterator).
    /// - Parameters:
    ///   - name: the name its argument errors use (`bad argument #1 to 'name'`).
    ///   - function: the Swift body; work it does that no Lua instruction counts is
    ///     charged with ``charge(_:)``.
    public mutating func push(function name: String, _ function: @escaping LuaNativeFunction) {
        guard reserve() else { return }
        NativeFunctionBox.push(name: name, function: function, handle: handle, L: L)
    }
}
