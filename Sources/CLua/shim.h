// The Lua 5.4 C API as Swift can import it.
// Function-like macros are #undef'd and redeclared as static inline functions with the
// same names, so Swift code reads like the C manual. Each says which macro it replaces.
#ifndef FLOWRUN_CLUA_SHIM_H
#define FLOWRUN_CLUA_SHIM_H

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#if LUA_VERSION_NUM != 504
#error "flowrun needs Lua 5.4 (liblua5.4-dev)"
#endif

// LUA_REGISTRYINDEX is an expression Swift does not import.
static inline int lua_registryindex(void) { return LUA_REGISTRYINDEX; }

#undef lua_upvalueindex
static inline int lua_upvalueindex(int i) { return LUA_REGISTRYINDEX - i; }

#undef lua_pop
static inline void lua_pop(lua_State *L, int n) { lua_settop(L, -(n) - 1); }

#undef lua_newtable
static inline void lua_newtable(lua_State *L) { lua_createtable(L, 0, 0); }

#undef lua_pushcfunction
static inline void lua_pushcfunction(lua_State *L, lua_CFunction f) { lua_pushcclosure(L, f, 0); }

#undef lua_tostring
static inline const char *lua_tostring(lua_State *L, int i) { return lua_tolstring(L, i, NULL); }

#undef lua_isnil
static inline int lua_isnil(lua_State *L, int i) { return lua_type(L, i) == LUA_TNIL; }

#undef lua_istable
static inline int lua_istable(lua_State *L, int i) { return lua_type(L, i) == LUA_TTABLE; }

#undef lua_isnoneornil
static inline int lua_isnoneornil(lua_State *L, int i) { return lua_type(L, i) <= 0; }

#undef lua_insert
static inline void lua_insert(lua_State *L, int i) { lua_rotate(L, i, 1); }

#undef lua_remove
static inline void lua_remove(lua_State *L, int i) { lua_rotate(L, i, -1); lua_pop(L, 1); }

#undef lua_replace
static inline void lua_replace(lua_State *L, int i) { lua_copy(L, -1, i); lua_pop(L, 1); }

#undef lua_pushglobaltable
static inline void lua_pushglobaltable(lua_State *L) { lua_rawgeti(L, LUA_REGISTRYINDEX, LUA_RIDX_GLOBALS); }

#undef luaL_getmetatable
static inline int luaL_getmetatable(lua_State *L, const char *name) { return lua_getfield(L, LUA_REGISTRYINDEX, name); }

#endif
