// Swift closures and objects as Lua values. The Swift side returns a status; only this
// C code raises, after Swift has returned (docs/architecture.md, rule 1; LuaSwift and mlua do the same).
#include "CLuaSandbox.h"
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

// What a userdata holding a Swift box contains: the box, and the native bytes it holds.
typedef struct box_slot {
    void *box;
    size_t bytes;
} box_slot;

static void resize_native(luakit_budget *b, box_slot *slot, size_t bytes) {
    if (bytes > slot->bytes) {
        size_t grow = bytes - slot->bytes;
        b->memory_used += grow;
        b->native_bytes += grow;
        b->gc_debt += grow;
        b->allocated += grow;
        b->native_grown += grow;
        if (b->memory_used > b->memory_peak) b->memory_peak = b->memory_used;
    } else {
        size_t shrink = slot->bytes - bytes;
        b->memory_used -= shrink;
        b->native_bytes -= shrink;
    }
    slot->bytes = bytes;
}

// __gc of every userdata holding a Swift box. Clears the slot so a resurrected
// userdata cannot reach a released object, and gives its native bytes back.
static int box_gc(lua_State *L) {
    box_slot *slot = lua_touserdata(L, 1);
    if (slot != NULL && slot->box != NULL) {
        void *box = slot->box;
        slot->box = NULL;
        resize_native(luakit_budget_of(L), slot, 0);
        release_swift(box);
    }
    return 0;
}

static box_slot *newslot(lua_State *L, void *box) {
    box_slot *slot = lua_newuserdatauv(L, sizeof(box_slot), 0);
    slot->box = box;
    slot->bytes = 0;
    return slot;
}

// After Swift returns: tell the collector about native growth, and hold the cap, with a
// full collection first (which runs the __gc of unreachable native objects) so garbage
// does not count against the script. Returns 0 when within the cap.
static int settle_memory(lua_State *L, luakit_budget *b) {
    if (b->gc_debt > 0) {
        size_t kib = b->gc_debt >> 10;
        b->gc_debt = 0;
        if (kib > 0) lua_gc(L, LUA_GCSTEP, (int)(kib > 0x3fffffff ? 0x3fffffff : kib));
    }
    if (b->memory_used <= b->memory_limit) return 0;
    lua_gc(L, LUA_GCCOLLECT);
    return b->memory_used > b->memory_limit;
}

static int trampoline(lua_State *L) {
    box_slot *slot = lua_touserdata(L, lua_upvalueindex(1));
    if (slot == NULL || slot->box == NULL) return luaL_error(L, "native function was released");
    luakit_budget *b = luakit_budget_of(L);
    if (b->stopped) return luakit_stop(L);
    int was_enforcing = b->enforcing;
    b->enforcing = 0;                       // Swift allocations never fail, so never raise
    int n = dispatch_swift(L, slot->box);
    b->enforcing = was_enforcing;
    // A native function that charged the budget past its end (or ran a nested script
    // that did) stops the script here, whatever it returned.
    if (b->stopped) return luakit_stop(L);
    if (was_enforcing && settle_memory(L, b)) {
        b->memory_exceeded = 1;
        luakit_pushmemoryerror(L);
        return lua_error(L);
    }
    if (n == LUAKIT_CALL_ERROR || n == LUAKIT_CALL_ERROR_PLACED) {
        // Swift pushed its message; prefix the Lua caller's position like luaL_error does.
        if (n == LUAKIT_CALL_ERROR && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
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

void luakit_pushobject(lua_State *L, void *box, const char *tname, size_t bytes) {
    box_slot *slot = newslot(L, box);
    resize_native(luakit_budget_of(L), slot, bytes);
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
    box_slot *slot = luaL_testudata(L, idx, tname);
    return slot == NULL ? NULL : slot->box;
}

void luakit_object_resize(lua_State *L, int idx, size_t bytes) {
    box_slot *slot = lua_touserdata(L, idx);
    if (slot != NULL && slot->box != NULL) resize_native(luakit_budget_of(L), slot, bytes);
}
