// The sandbox's load, setmetatable, collectgarbage and string.rep, and the environment
// each chunk gets. They behave as Lua 5.4's where the sandbox allows the feature at all:
// - load takes text chunks only, and without an environment gives the chunk its caller's
//   (the calling file's sandbox environment, never the state's real globals);
// - setmetatable refuses __gc (Lua runs finalizers with hooks off, so no budget could
//   stop one that loops) and read-only tables (readonly.c); collectgarbage has every
//   option, and what a script sets with it ends with the run;
// - what loops or scans in C is charged to the budget (load by the bytes it parses,
//   collect by the heap it traverses, rep by the copies it makes).
#include "CLuaSandbox.h"
#include <lua.h>
#include <lauxlib.h>
#include <limits.h>
#include <string.h>

int luakit_open_coroutine(lua_State *L);
void luakit_open_readonly(lua_State *L);
void luakit_open_tables(lua_State *L, int idx);

enum { PARSE_BYTES_PER_INSTRUCTION = 16, HEAP_BYTES_PER_INSTRUCTION = 64 };

// MARK: - Environments

// Where the registry keeps the environment's template (below).
static const char template_key = 'E';

// The globals as a template each environment is made from, read once instead of walking
// the global table and every library table with lua_next for each chunk (a cold start
// makes 23 environments): a table T with T.n globals, T[3i-2] the key, T[3i-1] the value
// and T[3i] a library table's fields as a list {k1, v1, k2, v2, ...}, or false. The host
// drops it whenever it changes a global (luakit_forget_environment).
static void push_template(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &template_key) == LUA_TTABLE) return;
    lua_pop(L, 1);
    lua_createtable(L, 96, 1);                 // T
    int t = lua_gettop(L);
    int n = 0;
    lua_pushglobaltable(L);                    // T, G
    lua_pushnil(L);
    while (lua_next(L, -2) != 0) {             // T, G, key, value
        if (lua_rawequal(L, -1, -3)) {         // G._G: each environment's own, set below
            lua_pop(L, 1);
            continue;
        }
        n++;
        lua_pushvalue(L, -2);
        lua_rawseti(L, t, 3 * n - 2);
        lua_pushvalue(L, -1);
        lua_rawseti(L, t, 3 * n - 1);
        if (lua_type(L, -1) == LUA_TTABLE && lua_type(L, -2) == LUA_TSTRING) {
            lua_createtable(L, 64, 0);         // T, G, key, value, fields
            int count = 0;
            lua_pushnil(L);
            while (lua_next(L, -3) != 0) {     // ..., fields, k, v
                lua_pushvalue(L, -2);
                lua_rawseti(L, -4, ++count);
                lua_rawseti(L, -3, ++count);
            }
            lua_rawseti(L, t, 3 * n);
        } else {
            lua_pushboolean(L, 0);
            lua_rawseti(L, t, 3 * n);
        }
        lua_pop(L, 1);                         // T, G, key
    }
    lua_pop(L, 1);                             // T
    lua_pushinteger(L, n);
    lua_setfield(L, t, "n");
    lua_pushvalue(L, t);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &template_key);
}

void luakit_forget_environment(lua_State *L) {
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &template_key);
}

// A chunk's environment is a plain table as stock Lua's _G is: every sandbox global in it
// (rawget(_G, "print") and pairs(_G) see them), no metatable. The library tables are
// private copies and _G is the table itself, so what one file sets or changes (a global,
// string.format) stays in that file. Each table is made at its final size.
void luakit_push_environment(lua_State *L) {
    lua_checkstack(L, 8);
    push_template(L);                          // T
    int t = lua_gettop(L);
    lua_getfield(L, t, "n");
    int n = (int)lua_tointeger(L, -1);
    lua_pop(L, 1);
    lua_createtable(L, 0, n + 1);              // T, env
    int env = lua_gettop(L);
    for (int i = 1; i <= n; i++) {
        lua_rawgeti(L, t, 3 * i - 2);          // T, env, key
        if (lua_rawgeti(L, t, 3 * i) == LUA_TTABLE) {
            int fields = (int)lua_rawlen(L, -1);
            lua_createtable(L, 0, fields / 2); // T, env, key, list, copy
            for (int j = 1; j < fields; j += 2) {
                lua_rawgeti(L, -2, j);
                lua_rawgeti(L, -3, j + 1);
                lua_rawset(L, -3);
            }
            lua_remove(L, -2);                 // T, env, key, copy
        } else {
            lua_pop(L, 1);
            lua_rawgeti(L, t, 3 * i - 1);      // T, env, key, value
        }
        lua_rawset(L, env);
    }
    lua_pushvalue(L, env);
    lua_setfield(L, env, "_G");
    lua_remove(L, t);                          // env
}

int luakit_push_caller_env(lua_State *L, int level) {
    lua_Debug ar;
    if (!lua_checkstack(L, 2)) return 0;
    for (; lua_getstack(L, level, &ar); level++) {
        if (!lua_getinfo(L, "Sf", &ar)) continue;
        if (ar.what[0] == 'C') { lua_pop(L, 1); continue; }
        for (int i = 1;; i++) {
            const char *name = lua_getupvalue(L, -1, i);
            if (name == NULL) break;
            if (strcmp(name, "_ENV") == 0) {
                lua_remove(L, -2);             // the function
                return 1;
            }
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return 0;
}

// MARK: - load

enum { READER_SLOT = 5 };   // where the reader keeps the piece it returned, as lbaselib does

typedef struct reader_state {
    int first;
    const char *text;       // a string chunk, handed out in slices
    size_t left;
} reader_state;

// A string chunk is parsed in slices, so that a huge one is charged as it is read and
// a stop (the budget or the deadline) ends the parse between two slices.
enum { SLICE_BYTES = 64 << 10 };

static const char *read_slice(lua_State *L, void *ud, size_t *size) {
    reader_state *state = ud;
    if (state->left == 0) {
        *size = 0;
        return NULL;
    }
    size_t n = state->left < SLICE_BYTES ? state->left : SLICE_BYTES;
    if (luakit_charge(L, (long long)(n / PARSE_BYTES_PER_INSTRUCTION))) luakit_stop(L);
    const char *piece = state->text;
    state->text += n;
    state->left -= n;
    *size = n;
    return piece;
}

static int refuse_binary(lua_State *L) {
    luaL_pushfail(L);
    lua_pushliteral(L, "attempt to load a binary chunk (binary chunks are not allowed in the sandbox)");
    return 2;
}

static const char *read_piece(lua_State *L, void *ud, size_t *size) {
    reader_state *state = ud;
    luaL_checkstack(L, 2, "too many nested functions");
    lua_pushvalue(L, 1);
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        *size = 0;
        return NULL;
    }
    if (!lua_isstring(L, -1)) luaL_error(L, "reader function must return a string");
    lua_replace(L, READER_SLOT);
    const char *piece = lua_tolstring(L, READER_SLOT, size);
    if (*size > 0 && state->first) {
        state->first = 0;
        if (piece[0] == LUA_SIGNATURE[0]) luaL_error(L, "attempt to load a binary chunk (binary chunks are not allowed in the sandbox)");
    }
    if (luakit_charge(L, (long long)(*size / PARSE_BYTES_PER_INSTRUCTION))) luakit_stop(L);
    return piece;
}

static int b_load(lua_State *L) {
    size_t length;
    const char *source = lua_tolstring(L, 1, &length);
    const char *mode = luaL_optstring(L, 3, "bt");
    int env = !lua_isnone(L, 4) ? 4 : 0;
    int status;
    if (source != NULL) {
        const char *name = luaL_optstring(L, 2, source);
        if (length > 0 && source[0] == LUA_SIGNATURE[0]) return refuse_binary(L);
        reader_state state = {0, source, length};
        status = lua_load(L, read_slice, &state, name, mode);
    } else {
        const char *name = luaL_optstring(L, 2, "=(load)");
        luaL_checktype(L, 1, LUA_TFUNCTION);
        lua_settop(L, READER_SLOT);
        reader_state state = {1, NULL, 0};
        status = lua_load(L, read_piece, &state, name, mode);
    }
    if (luakit_stopped(L)) return luakit_stop(L);
    if (status != LUA_OK) {
        luaL_pushfail(L);
        lua_insert(L, -2);
        return 2;
    }
    if (env != 0) {
        lua_pushvalue(L, env);
    } else if (!luakit_push_caller_env(L, 1)) {
        luakit_push_environment(L);
    }
    if (!lua_setupvalue(L, -2, 1)) lua_pop(L, 1);
    return 1;
}

// MARK: - setmetatable, collectgarbage

static int b_setmetatable(lua_State *L) {
    int t = lua_type(L, 2);
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_argexpected(L, t == LUA_TNIL || t == LUA_TTABLE, 2, "nil or table");
    // An object is marked for finalization only if its metatable has a __gc field when
    // setmetatable is called (a raw lookup), so refusing that here is exact.
    if (t == LUA_TTABLE) {
        lua_pushliteral(L, "__gc");
        int has_gc = lua_rawget(L, 2) != LUA_TNIL;
        lua_pop(L, 1);
        if (has_gc) return luaL_error(L, "setmetatable: __gc metamethods are not allowed in the sandbox");
    }
    if (luakit_is_readonly(L, 1)) return luakit_refuse_change(L, 1);
    if (luaL_getmetafield(L, 1, "__metatable") != LUA_TNIL) {
        return luaL_error(L, "cannot change a protected metatable");
    }
    lua_settop(L, 2);
    lua_setmetatable(L, 1);
    return 1;
}

static int push_mode(lua_State *L, int previous) {
    if (previous == -1) luaL_pushfail(L);   // called from inside the collector
    else lua_pushstring(L, previous == LUA_GCINC ? "incremental" : "generational");
    return 1;
}

// As lbaselib's, with the work charged: a full collection by the heap it traverses, a
// step by the kilobytes it asks for. Settings a script changes (stop, pause, mode) are
// put back when the run ends (luakit_end_run), so they never reach the next run.
static int b_collectgarbage(lua_State *L) {
    static const char *const options[] = {"stop", "restart", "collect", "count", "step", "setpause",
                                          "setstepmul", "isrunning", "generational", "incremental", NULL};
    static const int codes[] = {LUA_GCSTOP, LUA_GCRESTART, LUA_GCCOLLECT, LUA_GCCOUNT, LUA_GCSTEP, LUA_GCSETPAUSE,
                                LUA_GCSETSTEPMUL, LUA_GCISRUNNING, LUA_GCGEN, LUA_GCINC};
    int o = codes[luaL_checkoption(L, 1, "collect", options)];
    luakit_budget *b = luakit_budget_of(L);
    int res;
    switch (o) {
        case LUA_GCCOUNT: {
            int kib = lua_gc(L, o);
            int rest = lua_gc(L, LUA_GCCOUNTB);
            if (kib == -1) break;
            lua_pushnumber(L, (lua_Number)kib + (lua_Number)rest / 1024);
            return 1;
        }
        case LUA_GCSTEP: {
            lua_Integer kib = luaL_optinteger(L, 2, 0);
            long long cost = kib > 0 ? (long long)kib * (1024 / HEAP_BYTES_PER_INSTRUCTION) : 1024;
            if (luakit_charge(L, cost)) return luakit_stop(L);
            int step = kib > INT_MAX ? INT_MAX : kib < INT_MIN ? INT_MIN : (int)kib;
            res = lua_gc(L, o, step);
            if (res == -1) break;
            lua_pushboolean(L, res);
            return 1;
        }
        case LUA_GCSETPAUSE:
        case LUA_GCSETSTEPMUL: {
            int value = (int)luaL_optinteger(L, 2, 0);
            res = lua_gc(L, o, value);
            if (res == -1) break;
            lua_pushinteger(L, res);
            return 1;
        }
        case LUA_GCISRUNNING:
            res = lua_gc(L, o);
            if (res == -1) break;
            lua_pushboolean(L, res);
            return 1;
        case LUA_GCGEN: {
            // Entering generational mode makes a full collection.
            if (luakit_charge(L, (long long)(b->memory_used / HEAP_BYTES_PER_INSTRUCTION))) return luakit_stop(L);
            int minormul = (int)luaL_optinteger(L, 2, 0);
            int majormul = (int)luaL_optinteger(L, 3, 0);
            return push_mode(L, lua_gc(L, o, minormul, majormul));
        }
        case LUA_GCINC: {
            int pause = (int)luaL_optinteger(L, 2, 0);
            int stepmul = (int)luaL_optinteger(L, 3, 0);
            int stepsize = (int)luaL_optinteger(L, 4, 0);
            return push_mode(L, lua_gc(L, o, pause, stepmul, stepsize));
        }
        default:
            if (o == LUA_GCCOLLECT && luakit_charge(L, (long long)(b->memory_used / HEAP_BYTES_PER_INSTRUCTION))) {
                return luakit_stop(L);
            }
            res = lua_gc(L, o);
            if (res == -1) break;
            lua_pushinteger(L, res);
            return 1;
    }
    luaL_pushfail(L);
    return 1;
}

// MARK: - string.rep

static int s_rep(lua_State *L) {
    size_t l, lsep;
    const char *s = luaL_checklstring(L, 1, &l);
    lua_Integer n = luaL_checkinteger(L, 2);
    const char *sep = luaL_optlstring(L, 3, "", &lsep);
    if (n <= 0 || l + lsep == 0) {              // nothing to copy, however many times
        lua_pushliteral(L, "");
        return 1;
    }
    // lstrlib's bound: results fit in an int (MAXSIZE), so the messages match stock Lua's.
    if (l + lsep < l || l + lsep > (size_t)INT_MAX / (size_t)n) {
        return luaL_error(L, "resulting string too large");
    }
    size_t total = (size_t)n * l + (size_t)(n - 1) * lsep;
    luaL_Buffer b;
    char *p = luaL_buffinitsize(L, &b, total);      // over the cap: the memory error
    // Each copy is a memcpy call: charge the count (the bytes were charged as allocated).
    if (luakit_charge(L, (long long)(n / 8))) return luakit_stop(L);
    while (n-- > 1) {
        memcpy(p, s, l);
        p += l;
        if (lsep > 0) {
            memcpy(p, sep, lsep);
            p += lsep;
        }
    }
    memcpy(p, s, l);
    luaL_pushresultsize(&b, total);
    return 1;
}

// MARK: - Installing

void luakit_open_budgeted_libs(lua_State *L) {
    lua_pushglobaltable(L);
    luakit_open_coroutine(L);
    lua_setfield(L, -2, "coroutine");
    lua_pushcfunction(L, b_load);
    lua_setfield(L, -2, "load");
    lua_pushcfunction(L, b_setmetatable);
    lua_setfield(L, -2, "setmetatable");
    lua_pushcfunction(L, b_collectgarbage);
    lua_setfield(L, -2, "collectgarbage");
    luakit_open_readonly(L);
    lua_getfield(L, -1, "table");
    luakit_open_tables(L, -1);
    lua_pop(L, 1);
    lua_getfield(L, -1, "string");
    lua_pushcfunction(L, s_rep);
    lua_setfield(L, -2, "rep");
    lua_pop(L, 2);
}
