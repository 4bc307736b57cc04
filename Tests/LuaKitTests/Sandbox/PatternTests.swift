import Testing
@testable import LuaKit

/// The sandbox's string.find, match, gmatch and gsub (Sources/CLuaSandbox/patterns.c): they
/// behave as stock Lua 5.4.4's, and their work is charged to the instruction budget, so
/// ordinary patterns run on big inputs and catastrophic ones end the run instead of
/// matching for hours. Every expected value in the tables below is what the system
/// `lua5.4` (5.4.4) printed for the same code, loaded as `@flows/p.lua`.
@Suite struct PatternTests {
    /// Helpers for the result table: `show(...)` prints values as `"text"` (bytes outside
    /// printable ASCII as `\ddd`), integers as is and floats with an `f`; `all(it)` runs a
    /// gmatch iterator to its end. `S` holds one character of each kind for the classes.
    static let prelude = #"""
        local function esc(s)
          local out = {}
          for i = 1, #s do
            local b = s:byte(i)
            if b < 32 or b >= 127 or b == 34 or b == 92 then out[#out + 1] = "\\" .. b else out[#out + 1] = string.char(b) end
          end
          return '"' .. table.concat(out) .. '"'
        end
        local function show(...)
          local out = {}
          for i = 1, select("#", ...) do
            local v = select(i, ...)
            out[i] = type(v) == "string" and esc(v) or math.type(v) == "float" and (tostring(v) .. "f") or tostring(v)
          end
          return table.concat(out, " ")
        end
        local function all(it)
          local out = {}
          while true do
            local r = table.pack(it())
            if r[1] == nil then break end
            out[#out + 1] = show(table.unpack(r, 1, r.n))
          end
          return "{" .. table.concat(out, ", ") .. "}"
        end
        local S = "aZ 9\t\n!~_\1\127"

        """#

    /// (expression, what stock Lua 5.4.4 shows for it): find with init and plain, every
    /// class and its complement, sets, quantifiers, anchors, captures (position and
    /// nested), back-references, %b, %f, gsub with each kind of replacement and a limit,
    /// gmatch with init and 5.4's rule for empty matches.
    static let results: [(String, String)] = [
        (##"("hello world"):find("o w")"##, ##"5 7"##),
        (##"("hello world"):find("o", 6)"##, ##"8 8"##),
        (##"("hello"):find("l", -2)"##, ##"4 4"##),
        (##"("hello"):find("l", -100)"##, ##"3 3"##),
        (##"("hello"):find("l", 0)"##, ##"3 3"##),
        (##"("hello"):find("xyz")"##, ##"nil"##),
        (##"("hello"):find("", 6)"##, ##"6 5"##),
        (##"("hello"):find("", 7)"##, ##"nil"##),
        (##"("hello"):find("", -100)"##, ##"1 0"##),
        (##"("a.b"):find(".", 1, true)"##, ##"2 2"##),
        (##"("a+b"):find("+", 1, true)"##, ##"2 2"##),
        (##"("a+b"):find("a+b")"##, ##"nil"##),
        (##"("a+b"):find("a%+b")"##, ##"1 3"##),
        (##"("f(x)"):find("(x)")"##, ##"3 3 "x""##),
        (##"("a)b"):find("a)")"##, ##"1 2"##),
        (##"("hello"):find("l+")"##, ##"3 4"##),
        (##"("key = 10"):find("(%w+) = (%d+)")"##, ##"1 8 "key" "10""##),
        (##"string.find(12345, 34)"##, ##"3 4"##),
        (##"string.find("a\0b\0c", "\0c")"##, ##"4 5"##),
        (##"string.find("a\0b\0c", "%z", 3)"##, ##"4 4"##),
        (##"S:gsub("%a", "*")"##, ##""** 9\9\10!~_\1\127" 2"##),
        (##"S:gsub("%A", "*")"##, ##""aZ*********" 9"##),
        (##"S:gsub("%c", "*")"##, ##""aZ 9**!~_**" 4"##),
        (##"S:gsub("%C", "*")"##, ##""****\9\10***\1\127" 7"##),
        (##"S:gsub("%d", "*")"##, ##""aZ *\9\10!~_\1\127" 1"##),
        (##"S:gsub("%D", "*")"##, ##""***9*******" 10"##),
        (##"S:gsub("%g", "*")"##, ##""** *\9\10***\1\127" 6"##),
        (##"S:gsub("%G", "*")"##, ##""aZ*9**!~_**" 5"##),
        (##"S:gsub("%l", "*")"##, ##""*Z 9\9\10!~_\1\127" 1"##),
        (##"S:gsub("%L", "*")"##, ##""a**********" 10"##),
        (##"S:gsub("%p", "*")"##, ##""aZ 9\9\10***\1\127" 3"##),
        (##"S:gsub("%P", "*")"##, ##""******!~_**" 8"##),
        (##"S:gsub("%s", "*")"##, ##""aZ*9**!~_\1\127" 3"##),
        (##"S:gsub("%S", "*")"##, ##""** *\9\10*****" 8"##),
        (##"S:gsub("%u", "*")"##, ##""a* 9\9\10!~_\1\127" 1"##),
        (##"S:gsub("%U", "*")"##, ##""*Z*********" 10"##),
        (##"S:gsub("%w", "*")"##, ##""** *\9\10!~_\1\127" 3"##),
        (##"S:gsub("%W", "*")"##, ##""aZ*9*******" 8"##),
        (##"S:gsub("%x", "*")"##, ##""*Z *\9\10!~_\1\127" 2"##),
        (##"S:gsub("%X", "*")"##, ##""a**9*******" 9"##),
        (##"S:gsub(".", "*")"##, ##""***********" 11"##),
        (##"S:gsub("%%", "*")"##, ##""aZ 9\9\10!~_\1\127" 0"##),
        (##"("50% off. (really)"):gsub("%p", "")"##, ##""50 off really" 4"##),
        (##"("  _id9 = x2"):match("[%a_][%w_]*")"##, ##""_id9""##),
        (##"("one two"):match("[^%s]+")"##, ##""one""##),
        (##"("xxabcbaxx"):match("[a-c]+")"##, ##""abcba""##),
        (##"("a]b"):match("[]]")"##, ##""]""##),
        (##"("a]]b"):match("[^]]+")"##, ##""a""##),
        (##"("a-b"):match("[a-]+")"##, ##""a-""##),
        (##"("x-y"):match("[%-]")"##, ##""-""##),
        (##"("[x]"):match("[%]]")"##, ##""]""##),
        (##"("a-z"):match("[a%-z]+")"##, ##""a-z""##),
        (##"("Hello World"):match("[^%l%s]+", 2)"##, ##""W""##),
        (##"("aaab"):match("a-b")"##, ##""aaab""##),
        (##"("aaab"):match("(a-)(a*)b")"##, ##""" "aaa""##),
        (##"("aaa"):match("^(a-)a*$")"##, ##""""##),
        (##"("color color"):gsub("colou?r", "C")"##, ##""C C" 2"##),
        (##"("abc"):match("^(a?)(b?)(x?)")"##, ##""a" "b" """##),
        (##"("<<a>>"):match("<(.-)>")"##, ##""<a""##),
        (##"("<<a>>"):match("<(.*)>")"##, ##""<a>""##),
        (##"("hello"):match("^h")"##, ##""h""##),
        (##"("hello"):match("^e")"##, ##"nil"##),
        (##"("hello"):match("o$")"##, ##""o""##),
        (##"(""):match("^$")"##, ##""""##),
        (##"("a$b"):find("a$b")"##, ##"1 3"##),
        (##"("a$b"):find("$b")"##, ##"2 3"##),
        (##"("a^b"):match("a^b")"##, ##""a^b""##),
        (##"("abab"):find("^ab", 2)"##, ##"nil"##),
        (##"("abab"):find("^ab", 3)"##, ##"3 4"##),
        (##"("abc"):match("((a)(b))")"##, ##""ab" "a" "b""##),
        (##"("hello"):match("()ll()")"##, ##"3 5"##),
        (##"("hello"):find("()ll()")"##, ##"3 4 3 5"##),
        (##"("hello"):match("(h)(e)(l)(l)(o)")"##, ##""h" "e" "l" "l" "o""##),
        (##"("hello"):match("()")"##, ##"1"##),
        (##"("hello"):match("(l)()", 4)"##, ##""l" 5"##),
        (##"("x"):match("()(x)()")"##, ##"1 "x" 2"##),
        (##"([[say "hi" and 'yo']]):match("([\"'])(.-)%1")"##, ##""\34" "hi""##),
        (##"("hello"):match("(%a)%1")"##, ##""l""##),
        (##"("12-12"):match("^(%d+)-%1$")"##, ##""12""##),
        (##"("12-13"):match("^(%d+)-%1$")"##, ##"nil"##),
        (##"("abcabc"):find("(a(b)c)%1")"##, ##"1 6 "abc" "b""##),
        (##"("f(a(b)c)d"):match("%b()")"##, ##""(a(b)c)""##),
        (##"("{x{y}}z{w}"):gsub("%b{}", "B")"##, ##""BzB" 2"##),
        (##"("((a)"):match("%b()")"##, ##""(a)""##),
        (##"("if a then b end"):match("%bie")"##, ##""if a the""##),
        (##"("THE (quick) fox"):gsub("%f[%a]%a+", "W")"##, ##""W (W) W" 3"##),
        (##"("hello world"):match("%f[%a]%a+%f[%A]", 2)"##, ##""world""##),
        (##"("abc"):find("%f[%z]")"##, ##"4 3"##),
        (##"("abc"):find("%f[%Z]")"##, ##"1 0"##),
        (##"("hello world"):gsub("o", "0")"##, ##""hell0 w0rld" 2"##),
        (##"("hello world"):gsub("(%w+)", "<%1>")"##, ##""<hello> <world>" 2"##),
        (##"("hello world"):gsub("%w+", "%0 %0", 1)"##, ##""hello hello world" 1"##),
        (##"("abc"):gsub("%w", "%%")"##, ##""%%%" 3"##),
        (##"("hello world"):gsub("(%w+) (%w+)", "%2 %1")"##, ##""world hello" 1"##),
        (##"("abc"):gsub("", "-")"##, ##""-a-b-c-" 4"##),
        (##"("abc"):gsub("b*", "-")"##, ##""-a-c-" 3"##),
        (##"("abc"):gsub("^", ">")"##, ##"">abc" 1"##),
        (##"("abc"):gsub("$", "<")"##, ##""abc<" 1"##),
        (##"("xy"):gsub(".", "%1%1")"##, ##""xxyy" 2"##),
        (##"("abc"):gsub("()", "%1")"##, ##""1a2b3c4" 4"##),
        (##"("abc"):gsub("a(b)()", "[%2]")"##, ##""[3]c" 1"##),
        (##"("$name is $age"):gsub("%$(%w+)", {name = "Ann", age = 7})"##, ##""Ann is 7" 2"##),
        (##"("$name is $age"):gsub("%$(%w+)", {name = "Ann"})"##, ##""Ann is $age" 2"##),
        (##"("$name is $age"):gsub("%$(%w+)", {name = false, age = "?"})"##, ##""$name is ?" 2"##),
        (##"("a b"):gsub("%w", {a = 1.5})"##, ##""1.5 b" 2"##),
        (##"("1 2 3"):gsub("%d", function(d) return d * 2 end)"##, ##""2 4 6" 3"##),
        (##"("1 2 3"):gsub("%d", function(d) if d == "2" then return nil end return "x" end)"##, ##""x 2 x" 3"##),
        (##"("k=v, x=y"):gsub("(%w+)=(%w+)", function(k, v) return v .. "=" .. k end)"##, ##""v=k, y=x" 2"##),
        (##"("abc"):gsub("%w", function() return false end)"##, ##""abc" 3"##),
        (##"("abc"):gsub("()", function(p) return p end)"##, ##""1a2b3c4" 4"##),
        (##"("aaa"):gsub("a", "b", 2)"##, ##""bba" 2"##),
        (##"("aaa"):gsub("a", "b", 0)"##, ##""aaa" 0"##),
        (##"("aaa"):gsub("a", "b", -1)"##, ##""aaa" 0"##),
        (##"("aaa"):gsub("^a", "b")"##, ##""baa" 1"##),
        (##"("aaa"):gsub("a", "b", 2.0)"##, ##""bba" 2"##),
        (##"string.gsub(12345, "3", "x")"##, ##""12x45" 1"##),
        (##"string.gsub(12345, "9", "x")"##, ##""12345" 0"##),
        (##"("abc"):gsub("x*", 7)"##, ##""7a7b7c7" 4"##),
        (##"all(("one two  three"):gmatch("%a+"))"##, ##"{"one", "two", "three"}"##),
        (##"all(("a=1, b=2"):gmatch("(%w+)=(%w+)"))"##, ##"{"a" "1", "b" "2"}"##),
        (##"all(("^a^a"):gmatch("^a"))"##, ##"{"^a", "^a"}"##),
        (##"all(("abcabc"):gmatch("a", 2))"##, ##"{"a"}"##),
        (##"all(("abc"):gmatch("", 2))"##, ##"{"", "", ""}"##),
        (##"all(("abc"):gmatch("", -1))"##, ##"{"", ""}"##),
        (##"all(("abc"):gmatch("x*", 10))"##, ##"{}"##),
        (##"all(("abc"):gmatch("%a*"))"##, ##"{"abc"}"##),
        (##"all(("a,b,,c"):gmatch("([^,]*)"))"##, ##"{"a", "b", "", "c"}"##),
        (##"all(("abc"):gmatch("()"))"##, ##"{1, 2, 3, 4}"##),
        (##"all(("hello"):gmatch("()(l)"))"##, ##"{3 "l", 4 "l"}"##),
        (##"all(("THE (quick) fox"):gmatch("%f[%w]%w+"))"##, ##"{"THE", "quick", "fox"}"##),
    ]

    /// (chunk, the message stock Lua 5.4.4 raises), with the caller's position and the
    /// function's name as a script sees them.
    static let errors: [(String, String)] = [
        (##"string.find("abc", "%")"##, ##"flows/p.lua:1: malformed pattern (ends with '%')"##),
        (##"("abc"):match("[a")"##, ##"flows/p.lua:1: malformed pattern (missing ']')"##),
        (##"("abc"):match("[^")"##, ##"flows/p.lua:1: malformed pattern (missing ']')"##),
        (##"("abc"):find("%f")"##, ##"flows/p.lua:1: missing '[' after '%f' in pattern"##),
        (##"("abc"):find("%fx")"##, ##"flows/p.lua:1: missing '[' after '%f' in pattern"##),
        (##"("abc"):find("%b")"##, ##"flows/p.lua:1: malformed pattern (missing arguments to '%b')"##),
        (##"("abc"):find("%ba")"##, ##"flows/p.lua:1: malformed pattern (missing arguments to '%b')"##),
        (##"("abc"):find("%1")"##, ##"flows/p.lua:1: invalid capture index %1"##),
        (##"("abc"):find("(a)%2")"##, ##"flows/p.lua:1: invalid capture index %2"##),
        (##"("abc"):find("(a%1)")"##, ##"flows/p.lua:1: invalid capture index %1"##),
        (##"("abc"):find("%0")"##, ##"flows/p.lua:1: invalid capture index %0"##),
        (##"("abc"):match("a)")"##, ##"flows/p.lua:1: invalid pattern capture"##),
        (##"("abc"):find("(a")"##, ##"flows/p.lua:1: unfinished capture"##),
        (##"("abc"):gsub("(a)", "%2")"##, ##"flows/p.lua:1: invalid capture index %2"##),
        (##"("abc"):gsub("a", "%x")"##, ##"flows/p.lua:1: invalid use of '%' in replacement string"##),
        (##"("abc"):gsub("a", "50%")"##, ##"flows/p.lua:1: invalid use of '%' in replacement string"##),
        (##"("abc"):gsub("a", {a = {}})"##, ##"flows/p.lua:1: invalid replacement value (a table)"##),
        (##"("abc"):gsub("a", function() return true end)"##, ##"flows/p.lua:1: invalid replacement value (a boolean)"##),
        (##"("a"):rep(40):match(("(a)"):rep(33))"##, ##"flows/p.lua:1: too many captures"##),
        (##"("a"):rep(300):match(("a?"):rep(300))"##, ##"flows/p.lua:1: pattern too complex"##),
        (##"string.find(nil, "x")"##, ##"flows/p.lua:1: bad argument #1 to 'find' (string expected, got nil)"##),
        (##"string.find("x")"##, ##"flows/p.lua:1: bad argument #2 to 'find' (string expected, got no value)"##),
        (##"string.match({}, "x")"##, ##"flows/p.lua:1: bad argument #1 to 'match' (string expected, got table)"##),
        (##"string.gmatch(nil, "x")"##, ##"flows/p.lua:1: bad argument #1 to 'gmatch' (string expected, got nil)"##),
        (##"string.gsub("x", "x")"##, ##"flows/p.lua:1: bad argument #3 to 'gsub' (string/function/table expected, got no value)"##),
        (##"("x"):find({})"##, ##"flows/p.lua:1: bad argument #1 to 'find' (string expected, got table)"##),
        (##"("abc"):find("b", "x")"##, ##"flows/p.lua:1: bad argument #2 to 'find' (number expected, got string)"##),
        (##"("abc"):find("b", 1.5)"##, ##"flows/p.lua:1: bad argument #2 to 'find' (number has no integer representation)"##),
        (##"("abc"):gsub("a", true)"##, ##"flows/p.lua:1: bad argument #2 to 'gsub' (string/function/table expected, got boolean)"##),
        (##"("abc"):gsub("a", "b", "many")"##, ##"flows/p.lua:1: bad argument #3 to 'gsub' (number expected, got string)"##),
        (##"string.gsub("abc", "a", true, "many")"##, ##"flows/p.lua:1: bad argument #4 to 'gsub' (number expected, got string)"##),
        (##"local ok, e = pcall(string.find, nil, "x"); error(e, 0)"##, ##"bad argument #1 to 'string.find' (string expected, got nil)"##),
        (##"local ok, e = pcall(string.find, "abc", "%"); error(e, 0)"##, ##"malformed pattern (ends with '%')"##),
    ]

    @Test func resultsMatchStockLua() throws {
        let lua = try LuaState()
        for (expression, expected) in Self.results {
            let body = expression.hasPrefix("all(") ? "return \(expression)" : "return show(\(expression))"
            let out = try lua.run(Self.prelude + body, chunkName: "flows/p.lua")
            #expect(out == [.string(expected)], "\(expression)")
        }
    }

    @Test func errorsMatchStockLua() throws {
        let lua = try LuaState()
        for (source, expected) in Self.errors {
            let message = luaError { try lua.run(source, chunkName: "flows/p.lua") }?.runtimeMessage
            #expect(message == expected, "\(source)")
        }
    }

    /// Stock Lua reports a malformed part of a pattern only when the matcher reaches it.
    @Test func malformedTailsNeverReachedAreNoError() throws {
        let lua = try LuaState()
        #expect(try lua.run("return ('abc'):find('x%'), ('abc'):match('x['), ('abc'):match('x(')", chunkName: "t.lua") == [.nil, .nil, .nil])
        let reached = luaError { try lua.run("return ('abc'):match('c%f')", chunkName: "t.lua") }?.runtimeMessage
        #expect(reached == "t.lua:1: missing '[' after '%f' in pattern")
    }

    @Test func gmatchKeepsItsSubjectAliveAndWorksFromAnotherCoroutine() throws {
        let lua = try LuaState()
        let source = """
            local it
            do it = ("alpha beta gamma"):upper():gmatch("%a+") end
            collectgarbage(); collectgarbage()
            local co = coroutine.wrap(function() return it() end)
            return it(), co(), it(), (it())
            """
        #expect(try lua.run(source, chunkName: "t.lua") == ["ALPHA", "BETA", "GAMMA", .nil])
    }

    /// Patterns authors write, on inputs of about 1 MB, within the default budget. (No
    /// wall-clock limit: the debug build on a busy machine is not what this tests.)
    @Test(arguments: [
        (#"local s = "  " .. ("word "):rep(2e5) .. "  "; return #s:match("^%s*(.-)%s*$")"#, [999_999] as [LuaValue]),
        (#"local s = ("ab "):rep(218); return #s, s:match("^%s*(.-)%s*$") == s:sub(1, -2)"#, [654, true]),
        (#"local r, n = ("x"):rep(20000):gsub("%s+$", ""); return #r, n"#, [20000, 0]),
        (#"local n = 0; for f in ("field,"):rep(175000):gmatch("[^,]+") do n = n + 1 end; return n"#, [175_000]),
        (
            #"local n, last = 0; for k, v in ("key1=value1&"):rep(85000):gmatch("(%w+)=(%w+)") do n = n + 1; last = k .. v end; return n, last"#,
            [85000, "key1value1"]
        ),
        (#"return select(2, ("f(a(b)c) "):rep(110000):gsub("%b()", ""))"#, [110_000]),
        (#"local n = 0; for w in ("The quick brown fox "):rep(50000):gmatch("%f[%w]%w+") do n = n + 1 end; return n"#, [200_000]),
        (#"local n = 0; for y, m, d in ("2024-06-01,"):rep(90000):gmatch("(%d+)-(%d+)-(%d+)") do n = n + 1 end; return n"#, [90000]),
        (
            #"local s, pos, n = ("a,"):rep(5e5), 1, 0; while true do local i = s:find(",", pos, true); if not i then break end; n = n + 1; pos = i + 1 end; return n"#,
            [500_000]
        ),
        (#"local r, n = ("a1b2"):rep(250000):gsub("%d", function(d) return "" end); return #r, n"#, [500_000, 500_000]),
        // Stock Lua's naive search is O(n·m) here (it runs for minutes); memmem is linear.
        (#"local s = ("a"):rep(1e7); return s:find(("a"):rep(5e6) .. "b", 1, true) == nil, s:find(("a"):rep(5e6) .. "b") == nil"#, [true, true]),
    ])
    func authorPatternsOnBigInputsRun(source: String, expected: [LuaValue]) throws {
        let lua = try LuaState(options: LuaOptions(timeLimit: 0))
        #expect(try lua.run(source, chunkName: "flows/p.lua") == expected)
    }

    /// Patterns that backtrack for hours (or a naive search that would) end the run with
    /// the instruction-budget error, at the line that called them; pcall cannot swallow
    /// the stop, inside a coroutine or a gsub callback either. The 10 s time limit is a
    /// backstop only: ending with the budget error shows the matcher stopped on its own.
    @Test(arguments: [
        (#"return string.find(string.rep("a", 1e7), "^(.*)%1x")"#, 1),
        (#"return string.find(("a"):rep(26), ("a?"):rep(26) .. ("a"):rep(26))"#, 1),
        (#"return string.match(("a"):rep(1e6), ("a"):rep(5e5) .. "b")"#, 1),
        (#"return (("("):rep(1e6)):find("%b()")"#, 1),
        (#"return (("a"):rep(1e5)):find("[" .. ("bcdefghij"):rep(100) .. "a]*b")"#, 1),
        (#"for m in ("a"):rep(26):gmatch(("a?"):rep(26) .. ("a"):rep(26)) do end"#, 1),
        (#"return ("a"):rep(1e6):gsub(("a"):rep(5e5) .. "b", "")"#, 1),
        ("local s, needle = (\"a\"):rep(1e6), (\"a\"):rep(5e5) .. \"b\"\nfor i = 1, 1e6 do s:find(needle, 1, true) end", 2),
        ("local s, evil = (\"a\"):rep(26), (\"a?\"):rep(26) .. (\"a\"):rep(26)\nfor i = 1, 1e6 do pcall(string.find, s, evil) end", 2),
        ("local s, evil = (\"a\"):rep(26), (\"a?\"):rep(26) .. (\"a\"):rep(26)\nfor i = 1, 1e6 do pcall(string.gmatch(s, evil)) end", 2),
        (
            "local s, evil = (\"a\"):rep(26), (\"a?\"):rep(26) .. (\"a\"):rep(26)\n"
                + "for i = 1, 1e6 do pcall(string.gsub, \"x\", \"x\", function() return string.find(s, evil) end) end", 2
        ),
        (
            "local s, evil = (\"a\"):rep(26), (\"a?\"):rep(26) .. (\"a\"):rep(26)\n"
                + "local co = coroutine.wrap(function() for i = 1, 1e6 do pcall(string.find, s, evil) end end)\nco()\nreturn 1", 2
        ),
    ])
    func catastrophicPatternsEndTheRun(source: String, line: Int) throws {
        let lua = try LuaState(options: LuaOptions(instructionLimit: 2_000_000, memoryLimit: 64 << 20, timeLimit: 10))
        let error = luaError { try lua.run(source, chunkName: "flows/evil.lua") }
        guard case .instructionBudget(let limit, let location, _)? = error else {
            Issue.record("expected the instruction budget to stop it, got \(String(describing: error))")
            return
        }
        #expect(limit == 2_000_000)
        #expect(location == "flows/evil.lua:\(line): ")
        // The state goes on, and its patterns with it.
        #expect(try lua.run("return ('key=value'):match('(%w+)=(%w+)')", chunkName: "t.lua") == ["key", "value"])
    }
}
