// Read-only tables: data the host builds once and hands to every run (a park's sites),
// so that one run cannot change what the next one sees.
//
// Lua 5.4 has no frozen tables (__newindex fires only for absent keys), so a read-only
// table is an empty proxy whose metatable holds the real table, the target:
// - reading goes through __index (a table, so `t.k` and `t[i]` stay VM lookups), `#t`
//   through __len and `pairs(t)` through __pairs;
// - writing fails: __newindex raises "<message>", and so do the sandbox's rawset and
//   setmetatable (the metatable is protected: getmetatable(t) returns false);
// - the sandbox's next, rawget and rawlen read the target, so raw reads see the content;
// - every table inside a target is itself a read-only proxy (luakit_readonly_wrap is
//   applied bottom-up), and nothing hands out a target: __pairs returns the proxy with
//   the sandbox's next, never the target.
// A proxy is recognized by a field under a light-userdata key in its metatable (the
// message), which scripts can neither make nor read.
// A lazy list (lazylist.c) is a read-only proxy too, whose elements are made on first read:
// the raw functions treat it as the list it reads as.
#include "CLuaSandbox.h"
#include "readonly.h"
#include <lua.h>
#include <lauxlib.h>

static const char message_key = 'r';

int luakit_is_readonly(lua_State *L, int idx) {
    if (!lua_checkstack(L, 2) || !lua_getmetatable(L, idx)) return 0;
    int marked = lua_rawgetp(L, -1, &message_key) != LUA_TNIL;
    lua_pop(L, 2);
    return marked;
}

// Made protected from Swift: a lazy list's elements may fail to be made (a budget).
static int fill(lua_State *L) {
    luakit_lazy_fill(L, 1);
    return 1;
}

int luakit_readonly_push_target(lua_State *L, int idx) {
    if (!lua_checkstack(L, 3) || !luakit_is_readonly(L, idx)) return 0;
    idx = lua_absindex(L, idx);
    lua_Integer count;
    if (luakit_lazy_count(L, idx, &count)) {
        lua_pushcfunction(L, fill);
        lua_pushvalue(L, idx);
        return lua_pcall(L, 1, 1, 0) == LUA_OK ? 1 : -1;
    }
    lua_getmetatable(L, idx);
    lua_pushliteral(L, "__index");
    lua_rawget(L, -2);
    lua_remove(L, -2);
    return 1;
}

// Raises the proxy's message at the Lua code that tried the change (the first frame with a
// line: an assignment, or the caller of table.insert or rawset).
int luakit_refuse_change(lua_State *L, int proxy) {
    lua_Debug ar;
    int level = 1;
    lua_pushliteral(L, "");
    for (; lua_getstack(L, level, &ar); level++) {
        if (lua_getinfo(L, "Sl", &ar) && ar.currentline > 0) {
            lua_pop(L, 1);
            lua_pushfstring(L, "%s:%d: ", ar.short_src, ar.currentline);
            break;
        }
    }
    lua_getmetatable(L, proxy);
    lua_rawgetp(L, -1, &message_key);
    lua_remove(L, -2);
    lua_concat(L, 2);
    return lua_error(L);
}

static int ro_newindex(lua_State *L) {
    return luakit_refuse_change(L, 1);
}

static int ro_len(lua_State *L) {
    luakit_readonly_push_target(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, -1));
    return 1;
}

// The target of the plain read-only proxy at `idx` replaces it (C functions only: a lazy
// list is never one here).
static void replace_by_target(lua_State *L, int idx) {
    if (luakit_readonly_push_target(L, idx) == 1) lua_replace(L, idx);
}

// The sandbox's next: as lbaselib's, reading a proxy's target; a lazy list's keys are 1...n.
int luakit_readonly_next(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_Integer count;
    if (luakit_lazy_count(L, 1, &count)) {
        lua_Integer i = lua_isnoneornil(L, 2) ? 1 : luaL_checkinteger(L, 2) + 1;
        if (i < 1 || i > count) {
            lua_pushnil(L);
            return 1;
        }
        lua_pushinteger(L, i);
        lua_geti(L, 1, i);
        return 2;
    }
    replace_by_target(L, 1);
    lua_settop(L, 2);
    if (lua_next(L, 1)) return 2;
    lua_pushnil(L);
    return 1;
}

static int ro_pairs(lua_State *L) {
    lua_pushcfunction(L, luakit_readonly_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

void luakit_readonly_metatable(lua_State *L, int message) {
    message = lua_absindex(L, message);
    lua_createtable(L, 0, 6);
    lua_pushcfunction(L, ro_newindex);
    lua_setfield(L, -2, "__newindex");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_pushvalue(L, message);
    lua_rawsetp(L, -2, &message_key);
}

void luakit_readonly_wrap(lua_State *L, int message) {
    message = lua_absindex(L, message);
    lua_checkstack(L, 4);
    lua_createtable(L, 0, 0);                  // target, proxy
    luakit_readonly_metatable(L, message);     // target, proxy, mt
    lua_pushvalue(L, -3);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, ro_len);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, ro_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_setmetatable(L, -2);                   // target, proxy
    lua_remove(L, -2);                         // proxy
}

// MARK: - The sandbox's raw functions

static int b_rawget(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    lua_Integer count;
    lua_settop(L, 2);
    if (luakit_lazy_count(L, 1, &count)) {
        lua_gettable(L, 1);   // a lazy list's own lookup: its elements, nothing else
        return 1;
    }
    replace_by_target(L, 1);
    lua_rawget(L, 1);
    return 1;
}

static int b_rawlen(lua_State *L) {
    int t = lua_type(L, 1);
    luaL_argexpected(L, t == LUA_TTABLE || t == LUA_TSTRING, 1, "table or string");
    lua_Integer count;
    if (t == LUA_TTABLE && luakit_lazy_count(L, 1, &count)) {
        lua_pushinteger(L, count);
        return 1;
    }
    if (t == LUA_TTABLE) replace_by_target(L, 1);
    lua_pushinteger(L, (lua_Integer)lua_rawlen(L, 1));
    return 1;
}

static int b_rawset(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checkany(L, 2);
    luaL_checkany(L, 3);
    if (luakit_is_readonly(L, 1)) return luakit_refuse_change(L, 1);
    lua_settop(L, 3);
    lua_rawset(L, 1);
    return 1;
}

void luakit_open_readonly(lua_State *L) {
    lua_pushglobaltable(L);
    lua_pushcfunction(L, luakit_readonly_next);
    lua_setfield(L, -2, "next");
    lua_pushcfunction(L, b_rawget);
    lua_setfield(L, -2, "rawget");
    lua_pushcfunction(L, b_rawlen);
    lua_setfield(L, -2, "rawlen");
    lua_pushcfunction(L, b_rawset);
    lua_setfield(L, -2, "rawset");
    lua_pop(L, 1);
}
