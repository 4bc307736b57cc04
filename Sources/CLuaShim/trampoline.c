// Swift closures and objects as Lua values. The Swift side returns a status; only this
// C code raises, after Swift has returned (DESIGN.md rule 1; LuaSwift and mlua do the same).
#include "CLuaShim.h"
#include <lua.h>
#include <lauxlib.h>
#include <stddef.h>

static luakit_dispatch_fn dispatch_swift = NULL;
static luakit_release_fn release_swift = NULL;
static const char box_metatable_key = 'b';

void luakit_install(luakit_dispatch_fn dispatch, luakit_release_fn release) {
    dispatch_swift = dispatch;
    release_swift = release;
}

// __gc of every userdata holding a Swift box. Clears the slot so a resurrected
// userdata cannot reach a released object.
static int box_gc(lua_State *L) {
    void **slot = lua_touserdata(L, 1);
    if (slot != NULL && *slot != NULL) {
        void *box = *slot;
        *slot = NULL;
        release_swift(box);
    }
    return 0;
}

static void newslot(lua_State *L, void *box) {
    void **slot = lua_newuserdatauv(L, sizeof(void *), 0);
    *slot = box;
}

static int trampoline(lua_State *L) {
    void **slot = lua_touserdata(L, lua_upvalueindex(1));
    if (slot == NULL || *slot == NULL) return luaL_error(L, "native function was released");
    luakit_budget *b = luakit_budget_of(L);
    int was_enforcing = b->enforcing;
    b->enforcing = 0;                       // Swift allocations never fail, so never raise
    int n = dispatch_swift(L, *slot);
    b->enforcing = was_enforcing;
    if (n == LUAKIT_CALL_ERROR) {
        // Swift pushed its message; prefix the Lua caller's position like luaL_error does.
        if (lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    if (was_enforcing && b->memory_used > b->memory_limit) {
        b->memory_exceeded = 1;
        luakit_pushmemoryerror(L);
        return lua_error(L);
    }
    return n;
}

void luakit_pushclosure(lua_State *L, void *box) {
    newslot(L, box);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &box_metatable_key) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_createtable(L, 0, 2);
        lua_pushcclosure(L, box_gc, 0);
        lua_setfield(L, -2, "__gc");
        lua_pushboolean(L, 0);
        lua_setfield(L, -2, "__metatable");
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &box_metatable_key);
    }
    lua_setmetatable(L, -2);
    lua_pushcclosure(L, trampoline, 1);
}

void luakit_pushobject(lua_State *L, void *box, const char *tname) {
    newslot(L, box);
    if (luaL_getmetatable(L, tname) != LUA_TTABLE) {
        lua_pop(L, 1);
        luaL_newmetatable(L, tname);
    }
    if (lua_getfield(L, -1, "__gc") == LUA_TNIL) {
        lua_pop(L, 1);
        lua_pushcclosure(L, box_gc, 0);
        lua_setfield(L, -2, "__gc");
    } else {
        lua_pop(L, 1);
    }
    lua_setmetatable(L, -2);
}

void *luakit_toobject(lua_State *L, int idx, const char *tname) {
    void **slot = luaL_testudata(L, idx, tname);
    return slot == NULL ? NULL : *slot;
}
