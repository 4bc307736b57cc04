// The functions through which a script reaches the host: os.time and os.date (the host's
// clock, fixed when the host says so), print and warn (to the host's sinks), and require
// (Lua files the host finds). They are C functions, like the stock ones they replace, so
// their errors and tracebacks read as stock Lua's ("bad argument #1 to 'date'",
// "[C]: in function 'require'") and never show the sandbox's insides.
#include "CLuaSandbox.h"
#include <lua.h>
#include <lauxlib.h>
#include <string.h>

// MARK: - os.time, os.date

// os.time and os.date: zonetime.c (the host's clock, in the zone the host sets).
int luakit_zone_time(lua_State *L);
int luakit_zone_date(lua_State *L);
void luakit_open_zone(lua_State *L);

static void wrap_os(lua_State *L, const char *name, lua_CFunction wrapper, int fixed) {
    lua_getglobal(L, "os");
    lua_getfield(L, -1, name);
    lua_pushvalue(L, fixed);
    lua_pushcclosure(L, wrapper, 2);
    lua_setfield(L, -2, name);
    lua_pop(L, 1);
}

// MARK: - print, warn

// As lbaselib's print, to the host's sink (upvalue 1) as one line.
static int h_print(lua_State *L) {
    int n = lua_gettop(L);
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (int i = 1; i <= n; i++) {
        if (i > 1) luaL_addchar(&b, '\t');
        luaL_tolstring(L, i, NULL);
        luaL_addvalue(&b);
    }
    luaL_pushresult(&b);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, -2);
    lua_call(L, 1, 0);
    return 0;
}

// As lbaselib's warn with lua.c's handler: off until "@on"; a warning is one line
// "Lua warning: ..." to the host's sink (upvalue 1); upvalue 2 says whether warnings are on.
static int h_warn(lua_State *L) {
    int n = lua_gettop(L);
    luaL_checkstring(L, 1);
    for (int i = 2; i <= n; i++) luaL_checkstring(L, i);
    const char *first = lua_tostring(L, 1);
    if (n == 1 && first[0] == '@') {           // a control message
        if (strcmp(first, "@on") == 0 || strcmp(first, "@off") == 0) {
            lua_pushboolean(L, first[1] == 'o' && first[2] == 'n');
            lua_replace(L, lua_upvalueindex(2));
        }
        return 0;
    }
    if (!lua_toboolean(L, lua_upvalueindex(2))) return 0;
    lua_pushliteral(L, "Lua warning: ");
    lua_insert(L, 1);
    lua_concat(L, n + 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, -2);
    lua_call(L, 1, 0);
    return 0;
}

// MARK: - require

// Upvalues: 1 the host's finder (name -> chunk | nil, message), 2 loaded modules by name,
// 3 the names being loaded (a cycle is an error, not a stack overflow).
static const char *const standard_names[] = {"_G", "coroutine", "math", "os", "string", "table", "utf8", NULL};

static int finish_require(lua_State *L, int status, lua_KContext name_index) {
    int name = (int)name_index;
    lua_pushvalue(L, name);
    lua_pushnil(L);
    lua_rawset(L, lua_upvalueindex(3));        // no longer loading
    if (status != LUA_OK && status != LUA_YIELD) return lua_error(L);
    if (lua_isnil(L, -1)) {                    // a module returning nothing is `true`
        lua_pop(L, 1);
        lua_pushboolean(L, 1);
    }
    lua_pushvalue(L, name);
    lua_pushvalue(L, -2);
    lua_rawset(L, lua_upvalueindex(2));
    return 1;
}

static int h_require(lua_State *L) {
    const char *name = luaL_checkstring(L, 1);
    lua_settop(L, 1);
    for (int i = 0; standard_names[i]; i++) {
        // The standard names give the calling file's own library table, as package.loaded would.
        if (strcmp(name, standard_names[i]) != 0) continue;
        if (luakit_push_caller_env(L, 1)) {
            lua_pushvalue(L, 1);
            if (lua_rawget(L, -2) != LUA_TNIL) return 1;
            lua_pop(L, 2);
        }
        break;
    }
    lua_pushvalue(L, 1);
    if (lua_rawget(L, lua_upvalueindex(2)) != LUA_TNIL) return 1;
    lua_pop(L, 1);
    lua_pushvalue(L, 1);
    if (lua_rawget(L, lua_upvalueindex(3)) != LUA_TNIL) {
        return luaL_error(L, "require: module '%s' requires itself (a cycle)", name);
    }
    lua_pop(L, 1);
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_pushvalue(L, 1);
    lua_call(L, 1, 2);                         // chunk | nil, message
    if (lua_isnil(L, -2)) {
        luaL_where(L, 1);
        lua_insert(L, -2);
        lua_concat(L, 2);
        return lua_error(L);
    }
    lua_pop(L, 1);                             // 1 name, 2 chunk
    lua_pushvalue(L, 1);
    lua_pushboolean(L, 1);
    lua_rawset(L, lua_upvalueindex(3));
    lua_pushvalue(L, 1);                       // the chunk's argument: its name
    return finish_require(L, lua_pcallk(L, 1, 1, 0, 1, finish_require), 1);
}

// MARK: - Installing

// Arguments: the host's sinks and finder as a table {log, warn, find_module, now}.
int luakit_open_host(lua_State *L) {
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_getfield(L, 1, "now");                 // 2: the fixed time or nil
    luakit_open_zone(L);
    wrap_os(L, "time", luakit_zone_time, 2);
    wrap_os(L, "date", luakit_zone_date, 2);
    if (!lua_isnil(L, 2)) {                    // a fixed clock makes math.random repeatable too
        lua_getglobal(L, "math");
        lua_getfield(L, -1, "randomseed");
        lua_pushvalue(L, 2);
        lua_call(L, 1, 0);
        lua_pop(L, 1);
    }
    lua_getfield(L, 1, "log");
    lua_pushcclosure(L, h_print, 1);
    lua_setglobal(L, "print");
    lua_getfield(L, 1, "warn");
    lua_pushboolean(L, 0);
    lua_pushcclosure(L, h_warn, 2);
    lua_setglobal(L, "warn");
    lua_getfield(L, 1, "find_module");
    lua_newtable(L);
    lua_newtable(L);
    lua_pushcclosure(L, h_require, 3);
    lua_setglobal(L, "require");
    return 0;
}
