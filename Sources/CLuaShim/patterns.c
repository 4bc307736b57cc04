// Guards for Lua's pattern functions. The matcher runs inside C, where the count hook
// never fires: a backtracking pattern such as ("a?"):rep(26) .. ("a"):rep(26) runs for
// seconds. Before calling the real function we bound its work from the pattern's shape
// and the subject's length, and refuse patterns whose bound exceeds the budget.
//
// The bound: every item that can match a variable number of characters ('*', '+', '-')
// may be retried at each of n+1 positions, '?' at two, '%b' scans up to n characters,
// and an unanchored pattern is tried from each of n+1 start positions. The product is the
// worst case of a backtracking matcher; real subjects usually cost far less.
#include "CLuaShim.h"
#include <lua.h>
#include <lauxlib.h>
#include <stdio.h>
#include <string.h>

// Index just past the set that starts at p[i] == '['.
static size_t skip_set(const char *p, size_t plen, size_t i) {
    i++;                                   // '['
    if (i < plen && p[i] == '^') i++;
    if (i < plen && p[i] == ']') i++;      // a leading ']' is a literal
    while (i < plen && p[i] != ']') {
        if (p[i] == '%' && i + 1 < plen) i++;
        i++;
    }
    return i < plen ? i + 1 : plen;
}

static double luakit_pattern_cost(const char *p, size_t plen, size_t n) {
    const double positions = (double)n + 1.0;
    double cost = 1.0;
    size_t i = 0;
    if (plen > 0 && p[0] == '^') i = 1;
    else cost = positions;
    while (i < plen) {
        char c = p[i];
        if (c == '(' || c == ')') { i++; continue; }
        if (c == '$' && i + 1 == plen) break;
        if (c == '%' && i + 1 < plen) {
            char k = p[i + 1];
            if (k == 'b') { cost *= positions; i += 4; continue; }
            if (k == 'f') { i = (i + 2 < plen && p[i + 2] == '[') ? skip_set(p, plen, i + 2) : i + 2; continue; }
            i += 2;
        } else if (c == '[') {
            i = skip_set(p, plen, i);
        } else {
            i++;
        }
        if (i < plen) {
            char q = p[i];
            if (q == '*' || q == '+' || q == '-') { cost *= positions; i++; }
            else if (q == '?') { cost *= 2.0; i++; }
        }
        if (cost > 1e300) return 1e300;
    }
    return cost;
}

// upvalue 1: the original function; upvalue 2: its name, for the message.
static int guarded(lua_State *L) {
    size_t n = 0, plen = 0;
    const char *s = lua_tolstring(L, 1, &n);
    const char *p = lua_tolstring(L, 2, &plen);
    int plain = lua_toboolean(L, 4) && strcmp(lua_tostring(L, lua_upvalueindex(2)), "find") == 0;
    if (s != NULL && p != NULL && !plain) {
        double cost = luakit_pattern_cost(p, plen, n);
        const double limit = 2.5e8;
        if (cost > limit) {
            char numbers[96];   // lua_pushfstring has no %g
            snprintf(numbers, sizeof numbers, "up to %.3g matcher steps, limit %.3g", cost, limit);
            return luaL_error(L, "string.%s: pattern '%s' is too costly on a subject of %d bytes "
                              "(%s); simplify the pattern or split the text",
                              lua_tostring(L, lua_upvalueindex(2)), p, (int)n, numbers);
        }
    }
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_insert(L, 1);
    lua_call(L, lua_gettop(L) - 1, LUA_MULTRET);
    return lua_gettop(L);
}

void luakit_guard_patterns(lua_State *L, int idx) {
    static const char *const names[] = {"find", "match", "gmatch", "gsub"};
    idx = lua_absindex(L, idx);
    for (int k = 0; k < 4; k++) {
        lua_getfield(L, idx, names[k]);
        lua_pushstring(L, names[k]);
        lua_pushcclosure(L, guarded, 2);
        lua_setfield(L, idx, names[k]);
    }
}
