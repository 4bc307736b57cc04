// The parts of read-only tables (readonly.c) that lazy lists (lazylist.c) share. Private to
// CLuaSandbox.
#ifndef LUAKIT_READONLY_H
#define LUAKIT_READONLY_H

#include <lua.h>

// Pushes a metatable for a read-only proxy: writes refused with the string at `message`,
// the metatable protected, marked read-only; __index, __len and __pairs are the caller's to
// set. Never raises (from Swift callbacks: see luakit_budget).
void luakit_readonly_metatable(lua_State *L, int message);

// The sandbox's next over a read-only proxy's content (lazy lists' __pairs hands out their own).
int luakit_readonly_next(lua_State *L);

// Lazy lists (lazylist.c), for the read-only functions to treat them as lists.
// If the value at `idx` is a lazy list, returns 1 and sets *count; else returns 0. Never raises.
int luakit_lazy_count(lua_State *L, int idx, lua_Integer *count);

// Pushes a plain table with every element of the lazy list at `idx`, made where not yet
// (may raise: a script's budget).
void luakit_lazy_fill(lua_State *L, int idx);

#endif
