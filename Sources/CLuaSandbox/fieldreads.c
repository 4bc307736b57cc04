// Reading a table's fields for LuaKit's LuaFieldReader in one C call each: the key, the raw
// lookup and the value (a replay reads four number fields per fix, thousands of fixes).
// Raw access only: nothing here runs a metamethod or raises.
#include "CLuaSandbox.h"
#include <lua.h>

int luakit_raw_number(lua_State *L, int idx, const char *key, double *out) {
    lua_pushstring(L, key);
    int type = lua_rawget(L, idx);
    if (type == LUA_TNUMBER) *out = lua_tonumber(L, -1);
    lua_pop(L, 1);
    return type;
}
