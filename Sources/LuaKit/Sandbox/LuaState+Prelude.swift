import CLua
import CLuaShim

extension LuaState {
    /// Runs the prelude with the real globals: it wraps `os.time`/`os.date` (the host's
    /// clock), `collectgarbage` (safe options only), `print` (to `printHandler`) and defines
    /// the restricted `require`. Its privileged helpers stay local to it.
    func runPrelude() throws(LuaError) {
        let natives: LuaValue = .table({
            var t = LuaTable()
            t["now"] = .function(function("now") { [options] call in
                if let fixed = options.fixedTime { call.push(Int(fixed)) } else { call.pushNil() }
            })
            t["log"] = .function(function("print") { [unowned self] call in
                if let printBytes = self.printBytes {
                    printBytes(call.stack.bytes(at: 1) ?? [])
                    return
                }
                luaL_where(call.L, 2)
                let location = call.stack.string(at: -1) ?? ""
                lua_pop(call.L, 1)
                self.printHandler(location + ((try? call.string(1)) ?? ""))
            })
            t["warn"] = .function(function("warn") { [unowned self] call in
                self.printHandler(call.stack.string(at: 1) ?? "")
            })
            // require("string") and the other standard names give the calling file's own
            // library table, as package.loaded would.
            t["library"] = .function(function("require") { call in
                let name = try call.string(1)
                guard luakit_push_caller_env(call.L, 2) != 0 else { call.pushNil(); return }
                lua_pushstring(call.L, name)
                lua_rawget(call.L, -2)
                lua_remove(call.L, -2)
                call.adopt(1)
            })
            t["find_module"] = .function(function("require") { [unowned self] call in
                try self.findModule(&call)
            })
            return t
        }())
        guard loadBuffer(L, Self.preludeSource, chunkName: "=[sandbox]") == LUA_OK else {
            let message = stack.string(at: -1) ?? "prelude does not compile"
            lua_pop(L, 1)
            throw .setup(message)
        }
        let prelude = LuaFunctionRef(handle: handle, L: L, index: -1)
        lua_pop(L, 1)
        _ = try call(prelude, [natives])
    }

    /// Module names are dotted Lua identifiers: no paths, no `..`.
    private func findModule(_ call: inout LuaCall) throws {
        let name = try call.string(1)
        let valid = !name.isEmpty && name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy { part in
            !part.isEmpty && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
        }
        guard valid else {
            call.pushNil()
            call.push("require: '\(name)' is not a module name (use dotted names such as 'lib.ui'; paths are not allowed)")
            return
        }
        do {
            guard let module = try moduleResolver(name) else {
                call.pushNil()
                call.push("require: module '\(name)' not found (looked in \(moduleSearchDescription))")
                return
            }
            try loadChunk(module.bytes, chunkName: "@" + module.path, on: call.L)
            call.adopt(1)
        } catch {
            call.pushNil()
            call.push(error.description)
        }
    }

    static let preludeSource = """
    local natives = ...
    local real_time, real_date, now = os.time, os.date, natives.now
    os.time = function(t)
      if t == nil then local fixed = now(); if fixed then return fixed end end
      return real_time(t)
    end
    os.date = function(format, t)
      if t == nil then t = now() end
      if t == nil then return real_date(format) end
      return real_date(format, t)
    end
    local fixed = now()
    if fixed then math.randomseed(fixed) end

    local log, concat, select, tostring = natives.log, table.concat, select, tostring
    print = function(...)
      local parts = {}
      for i = 1, select("#", ...) do parts[i] = tostring((select(i, ...))) end
      log(concat(parts, "\\t"))
    end

    -- warn as lua.c's: off until "@on"; warnings go to the host's print handler (standard error).
    local warnings_on, emit_warning = false, natives.warn
    warn = function(...)
      local n = select("#", ...)
      for i = 1, math.max(n, 1) do
        local v = (select(i, ...))
        if type(v) ~= "string" and type(v) ~= "number" then
          error(("bad argument #%d to 'warn' (string expected, got %s)"):format(i, n < i and "no value" or type(v)), 2)
        end
      end
      local first = ...
      if n == 1 and type(first) == "string" and first:sub(1, 1) == "@" then
        if first == "@on" then warnings_on = true elseif first == "@off" then warnings_on = false end
        return
      end
      if warnings_on then emit_warning("Lua warning: " .. concat({...})) end
    end

    local find_module, library, loading, loaded = natives.find_module, natives.library, {}, {}
    local standard = { _G = true, coroutine = true, math = true, os = true, string = true, table = true, utf8 = true }
    require = function(name)
      if type(name) ~= "string" then
        error("bad argument #1 to 'require' (string expected, got " .. type(name) .. ")", 2)
      end
      if standard[name] then
        local lib = library(name)
        if lib ~= nil then return lib end
      end
      local cached = loaded[name]
      if cached ~= nil then return cached end
      if loading[name] then error("require: module '" .. name .. "' requires itself (a cycle)", 2) end
      local chunk, err = find_module(name)
      if not chunk then error(err, 2) end
      loading[name] = true
      local ok, result = pcall(chunk, name)
      loading[name] = nil
      if not ok then error(result, 0) end
      if result == nil then result = true end
      loaded[name] = result
      return result
    end
    """
}
