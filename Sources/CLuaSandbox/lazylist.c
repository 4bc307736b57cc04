// Lazy lists: read-only lists whose elements are made on first read. A park's sites are one
// (ctx.sites): a hundred thousand of them as Lua tables outgrow the memory cap, and a home
// screen reads five. A lazy list is a read-only proxy (readonly.c) whose __index is a C
// closure instead of the target table:
// - a source list makes element i by calling make(i) and keeps it in a cache whose values
//   are weak: an element nobody holds may be collected and made again when read again.
//   Nothing a script can hold tells the two apart, since holding the element keeps it.
// - a view lists elements of a source list by their positions there (the sites of some
//   categories, in name order): element j is source[positions[j]], made through the
//   source's cache, so a site read through a view is the same table as in ctx.sites.
// Both answer # with their count, ipairs and the table library through __index, pairs,
// next, rawget and rawlen as a list 1...n, and refuse writes like any read-only table.
#include "CLuaSandbox.h"
#include "readonly.h"
#include <lua.h>
#include <lauxlib.h>
#include <string.h>

static const char count_key = 'n';      // metatable: the element count
static const char source_key = 's';     // metatable of a view: its source list
static const char positions_key = 'p';  // metatable of a view: its positions (userdata of lua_Integer)

int luakit_lazy_count(lua_State *L, int idx, lua_Integer *count) {
    if (!lua_checkstack(L, 2) || !lua_getmetatable(L, idx)) return 0;
    int found = lua_rawgetp(L, -1, &count_key) == LUA_TNUMBER;
    if (found) *count = lua_tointeger(L, -1);
    lua_pop(L, 2);
    return found;
}

static const char reverse_key = 'r';    // metatable of a source list: element -> position (weak keys)

// __index of a source list: upvalues (cache, make, count, reverse).
static int source_index(lua_State *L) {
    lua_Integer count = lua_tointeger(L, lua_upvalueindex(3));
    int exact = 0;
    lua_Integer i = lua_tointegerx(L, 2, &exact);
    if (!exact || i < 1 || i > count) return 0;
    if (lua_rawgeti(L, lua_upvalueindex(1), i) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(2));
    lua_pushinteger(L, i);
    lua_call(L, 1, 1);
    lua_pushvalue(L, -1);
    lua_rawseti(L, lua_upvalueindex(1), i);
    if (lua_type(L, -1) == LUA_TTABLE) {
        lua_pushvalue(L, -1);
        lua_pushinteger(L, i);
        lua_rawset(L, lua_upvalueindex(4));
    }
    return 1;
}

// __index of a view: upvalues (source, positions, count).
static int view_index(lua_State *L) {
    lua_Integer count = lua_tointeger(L, lua_upvalueindex(3));
    int exact = 0;
    lua_Integer j = lua_tointegerx(L, 2, &exact);
    if (!exact || j < 1 || j > count) return 0;
    const lua_Integer *positions = lua_touserdata(L, lua_upvalueindex(2));
    lua_geti(L, lua_upvalueindex(1), positions[j - 1]);
    return 1;
}

static int lazy_len(lua_State *L) {
    lua_Integer count = 0;
    luakit_lazy_count(L, 1, &count);
    lua_pushinteger(L, count);
    return 1;
}

static int lazy_pairs(lua_State *L) {
    lua_pushcfunction(L, luakit_readonly_next);
    lua_pushvalue(L, 1);
    lua_pushnil(L);
    return 3;
}

// Pushes the metatable of a lazy list whose __index closure's upvalues are the
// `before + after` values on the stack top (popped) with the count between them:
// before..., count, after...
static void finish(lua_State *L, int message, lua_Integer count, lua_CFunction index, int before, int after) {
    lua_pushinteger(L, count);
    lua_rotate(L, -(after + 1), 1);               // before..., count, after...
    lua_pushcclosure(L, index, before + 1 + after);
    luakit_readonly_metatable(L, message);    // closure, mt
    lua_insert(L, -2);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, lazy_len);
    lua_setfield(L, -2, "__len");
    lua_pushcfunction(L, lazy_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushinteger(L, count);
    lua_rawsetp(L, -2, &count_key);
}

void luakit_lazy_list(lua_State *L, int make, lua_Integer count, int message) {
    make = lua_absindex(L, make);
    message = lua_absindex(L, message);
    lua_checkstack(L, 6);
    lua_createtable(L, 0, 0);                     // proxy
    lua_createtable(L, 0, 0);                     // proxy, cache
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "v");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, make);                       // proxy, cache, make
    lua_createtable(L, 0, 0);                     // proxy, cache, make, reverse
    lua_createtable(L, 0, 1);
    lua_pushliteral(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_insert(L, -4);                            // proxy, reverse, cache, make, reverse
    finish(L, message, count, source_index, 2, 1);  // proxy, reverse, mt
    lua_insert(L, -2);                            // proxy, mt, reverse
    lua_rawsetp(L, -2, &reverse_key);             // proxy, mt
    lua_setmetatable(L, -2);
}

int luakit_lazy_view(lua_State *L, int source, const lua_Integer *positions, lua_Integer count, int message) {
    source = lua_absindex(L, source);
    message = lua_absindex(L, message);
    lua_Integer source_count;
    if (!lua_checkstack(L, 6) || !luakit_lazy_count(L, source, &source_count)) return 0;
    lua_getmetatable(L, source);
    int is_view = lua_rawgetp(L, -1, &source_key) != LUA_TNIL;
    lua_pop(L, 2);
    if (is_view) return 0;
    for (lua_Integer j = 0; j < count; j++) {
        if (positions[j] < 1 || positions[j] > source_count) return 0;
    }
    lua_createtable(L, 0, 0);                     // proxy
    lua_pushvalue(L, source);                     // proxy, source
    size_t bytes = (size_t)(count > 0 ? count : 1) * sizeof(lua_Integer);
    void *copy = lua_newuserdatauv(L, bytes, 0);  // proxy, source, positions
    if (count > 0) memcpy(copy, positions, (size_t)count * sizeof(lua_Integer));
    lua_pushvalue(L, -2);
    lua_pushvalue(L, -2);                         // proxy, source, positions, source, positions
    finish(L, message, count, view_index, 2, 0);  // proxy, source, positions, mt
    lua_insert(L, -3);                            // proxy, mt, source, positions
    lua_rawsetp(L, -3, &positions_key);
    lua_rawsetp(L, -2, &source_key);              // proxy, mt
    lua_setmetatable(L, -2);
    return 1;
}

int luakit_lazy_positions(lua_State *L, int idx, int source, const lua_Integer **positions, lua_Integer *count) {
    idx = lua_absindex(L, idx);
    source = lua_absindex(L, source);
    if (!luakit_lazy_count(L, idx, count)) return 0;
    if (lua_rawequal(L, idx, source)) {
        *positions = NULL;
        return 1;
    }
    lua_getmetatable(L, idx);
    lua_rawgetp(L, -1, &source_key);
    int of_source = lua_rawequal(L, -1, source);
    lua_rawgetp(L, -2, &positions_key);
    *positions = lua_touserdata(L, -1);
    lua_pop(L, 3);
    return of_source && *positions != NULL;
}

lua_Integer luakit_lazy_position_of(lua_State *L, int source, int idx) {
    idx = lua_absindex(L, idx);
    if (!lua_checkstack(L, 3) || lua_type(L, idx) != LUA_TTABLE || !lua_getmetatable(L, source)) return 0;
    lua_Integer position = 0;
    if (lua_rawgetp(L, -1, &reverse_key) == LUA_TTABLE) {
        lua_pushvalue(L, idx);
        if (lua_rawget(L, -2) == LUA_TNUMBER) position = lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_pop(L, 2);
    return position;
}

void luakit_lazy_fill(lua_State *L, int idx) {
    lua_Integer count = 0;
    idx = lua_absindex(L, idx);
    luakit_lazy_count(L, idx, &count);
    lua_createtable(L, (int)(count < 0x7fffffff ? count : 0x7fffffff), 0);
    for (lua_Integer i = 1; i <= count; i++) {
        lua_geti(L, idx, i);
        lua_rawseti(L, -2, i);
    }
}

static int get(lua_State *L) {
    lua_geti(L, 1, lua_tointeger(L, 2));
    return 1;
}

int luakit_lazy_get(lua_State *L, int idx, lua_Integer i) {
    idx = lua_absindex(L, idx);
    if (!lua_checkstack(L, 4)) return 0;
    lua_pushcfunction(L, get);
    lua_pushvalue(L, idx);
    lua_pushinteger(L, i);
    return lua_pcall(L, 2, 1, 0) == LUA_OK;
}
