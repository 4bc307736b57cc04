// The sandbox's table.move, insert, remove, concat, unpack and sort. They behave as Lua
// 5.4's, but loop over ranges a script chooses (made huge by arguments or by __len), in C
// where no hook fires; so each loop charges its elements as it goes, a chunk at a time
// (a range a metamethod ends at its first element costs what it did, as in stock Lua; one
// that would run for ever stops within a chunk of the budget), unpack charges what it
// pushes before it starts, and sort charges every comparison.
#include "CLuaSandbox.h"
#include <lua.h>
#include <lauxlib.h>
#include <limits.h>
#include <string.h>

enum { NEED_READ = 1, NEED_WRITE = 2, NEED_LENGTH = 4 };

static int has_field(lua_State *L, const char *key, int n) {
    lua_pushstring(L, key);
    return lua_rawget(L, -n) != LUA_TNIL;
}

// A table, or a value whose metatable provides the operations `needs` asks for.
static void check_table(lua_State *L, int arg, int needs) {
    if (lua_type(L, arg) == LUA_TTABLE) return;
    int n = 1;
    if (lua_getmetatable(L, arg) &&
        (!(needs & NEED_READ) || has_field(L, "__index", ++n)) &&
        (!(needs & NEED_WRITE) || has_field(L, "__newindex", ++n)) &&
        (!(needs & NEED_LENGTH) || has_field(L, "__len", ++n))) {
        lua_pop(L, n);
    } else {
        luaL_checktype(L, arg, LUA_TTABLE);   // raises the usual message
    }
}

static lua_Integer length_of(lua_State *L, int arg, int needs) {
    check_table(L, arg, needs | NEED_LENGTH);
    return luaL_len(L, arg);
}

// Charges `count` elements (0 when the range is empty); returns 1 when the script must stop.
static int charge_elements(lua_State *L, lua_Integer count) {
    return luakit_charge(L, count > 0 ? (long long)count : 0);
}

enum { CHARGE_CHUNK = 1024 };

// Called before element `done` (0-based) of a loop over `count`: every CHARGE_CHUNK
// elements, charges the next chunk (or what is left of the loop). 1 when it must stop.
static int charge_as_going(lua_State *L, lua_Unsigned done, lua_Unsigned count) {
    if (done % CHARGE_CHUNK != 0) return 0;
    lua_Unsigned left = count - done;
    return luakit_charge(L, (long long)(left < CHARGE_CHUNK ? left : CHARGE_CHUNK));
}

static int t_insert(lua_State *L) {
    lua_Integer end = luaL_intop(+, length_of(L, 1, NEED_READ | NEED_WRITE), 1);   // first empty slot
    lua_Integer pos;
    switch (lua_gettop(L)) {
        case 2:
            pos = end;
            break;
        case 3:
            pos = luaL_checkinteger(L, 2);
            luaL_argcheck(L, (lua_Unsigned)pos - 1u < (lua_Unsigned)end, 2, "position out of bounds");
            for (lua_Integer i = end; i > pos; i--) {   // shift up
                if (charge_as_going(L, (lua_Unsigned)(end - i), (lua_Unsigned)(end - pos))) return luakit_stop(L);
                lua_geti(L, 1, i - 1);
                lua_seti(L, 1, i);
            }
            break;
        default:
            return luaL_error(L, "wrong number of arguments to 'insert'");
    }
    lua_seti(L, 1, pos);
    return 0;
}

static int t_remove(lua_State *L) {
    lua_Integer size = length_of(L, 1, NEED_READ | NEED_WRITE);
    lua_Integer pos = luaL_optinteger(L, 2, size);
    if (pos != size) {
        luaL_argcheck(L, (lua_Unsigned)pos - 1u <= (lua_Unsigned)size, 2, "position out of bounds");
    }
    lua_geti(L, 1, pos);
    lua_Integer first = pos;
    for (; pos < size; pos++) {                       // shift down
        if (charge_as_going(L, (lua_Unsigned)(pos - first), (lua_Unsigned)(size - first))) return luakit_stop(L);
        lua_geti(L, 1, pos + 1);
        lua_seti(L, 1, pos);
    }
    lua_pushnil(L);
    lua_seti(L, 1, pos);
    return 1;
}

static int t_move(lua_State *L) {
    lua_Integer f = luaL_checkinteger(L, 2);
    lua_Integer e = luaL_checkinteger(L, 3);
    lua_Integer t = luaL_checkinteger(L, 4);
    int tt = !lua_isnoneornil(L, 5) ? 5 : 1;
    check_table(L, 1, NEED_READ);
    check_table(L, tt, NEED_WRITE);
    if (e >= f) {
        luaL_argcheck(L, f > 0 || e < LUA_MAXINTEGER + f, 3, "too many elements to move");
        lua_Integer n = e - f + 1;
        luaL_argcheck(L, t <= LUA_MAXINTEGER - n + 1, 4, "destination wrap around");
        if (t > e || t <= f || (tt != 1 && !lua_compare(L, 1, tt, LUA_OPEQ))) {
            for (lua_Integer i = 0; i < n; i++) {
                if (charge_as_going(L, (lua_Unsigned)i, (lua_Unsigned)n)) return luakit_stop(L);
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        } else {                                      // overlapping: copy from the end
            for (lua_Integer i = n - 1; i >= 0; i--) {
                if (charge_as_going(L, (lua_Unsigned)(n - 1 - i), (lua_Unsigned)n)) return luakit_stop(L);
                lua_geti(L, 1, f + i);
                lua_seti(L, tt, t + i);
            }
        }
    }
    lua_pushvalue(L, tt);
    return 1;
}

static void add_field(lua_State *L, luaL_Buffer *b, lua_Integer i) {
    lua_geti(L, 1, i);
    if (!lua_isstring(L, -1)) {
        luaL_error(L, "invalid value (%s) at index %I in table for 'concat'", luaL_typename(L, -1), (LUA_INTEGER)i);
    }
    luaL_addvalue(b);
}

static int t_concat(lua_State *L) {
    lua_Integer last = length_of(L, 1, NEED_READ);
    size_t lsep;
    const char *sep = luaL_optlstring(L, 2, "", &lsep);
    lua_Integer i = luaL_optinteger(L, 3, 1);
    last = luaL_optinteger(L, 4, last);
    lua_Unsigned count = i <= last ? (lua_Unsigned)last - (lua_Unsigned)i + 1 : 0;
    lua_Integer first = i;
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (; i < last; i++) {
        if (charge_as_going(L, (lua_Unsigned)i - (lua_Unsigned)first, count)) return luakit_stop(L);
        add_field(L, &b, i);
        luaL_addlstring(&b, sep, lsep);
    }
    if (i == last) add_field(L, &b, i);
    luaL_pushresult(&b);
    return 1;
}

static int t_unpack(lua_State *L) {
    lua_Integer i = luaL_optinteger(L, 2, 1);
    lua_Integer e = luaL_opt(L, luaL_checkinteger, 3, luaL_len(L, 1));
    if (i > e) return 0;
    lua_Unsigned n = (lua_Unsigned)e - i;             // elements minus one, without overflow
    if (n >= (unsigned int)INT_MAX || !lua_checkstack(L, (int)(++n))) {
        return luaL_error(L, "too many results to unpack");
    }
    if (charge_elements(L, (lua_Integer)n)) return luakit_stop(L);
    for (; i < e; i++) lua_geti(L, 1, i);
    lua_geti(L, 1, e);
    return (int)n;
}

// MARK: - sort

// A quicksort with the median of three as pivot, as Lua's own, whose every comparison is
// charged: comparing two strings costs up to their length, and an order function is
// script code, counted by the hook (and its result checked for consistency).
typedef unsigned int Index;
enum { RANDOMIZE_ABOVE = 100 };

static int less_than(lua_State *L, int a, int b) {
    long long cost = 1;
    if (lua_type(L, a) == LUA_TSTRING && lua_type(L, b) == LUA_TSTRING) {
        size_t la = lua_rawlen(L, a), lb = lua_rawlen(L, b);
        cost += (long long)((la < lb ? la : lb) / 32);
    }
    if (luakit_charge(L, cost)) luakit_stop(L);     // never returns: it yields or raises
    if (lua_isnil(L, 2)) return lua_compare(L, a, b, LUA_OPLT);
    lua_pushvalue(L, 2);
    lua_pushvalue(L, a - 1);                         // -1 and -2 make up for what we pushed
    lua_pushvalue(L, b - 2);
    lua_call(L, 2, 1);
    int result = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return result;
}

// t[i] = top, t[j] = the value below it; pops both.
static void set_two(lua_State *L, Index i, Index j) {
    lua_seti(L, 1, i);
    lua_seti(L, 1, j);
}

// With the pivot P on the stack top and at t[up - 1], partitions t[lo..up] around it.
static Index partition(lua_State *L, Index lo, Index up) {
    Index i = lo, j = up - 1;
    for (;;) {
        while (lua_geti(L, 1, ++i), less_than(L, -1, -2)) {          // t[i] < P
            if (i == up - 1) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        while (lua_geti(L, 1, --j), less_than(L, -3, -1)) {          // P < t[j]
            if (j < i) luaL_error(L, "invalid order function for sorting");
            lua_pop(L, 1);
        }
        if (j < i) {
            lua_pop(L, 1);
            set_two(L, up - 1, i);                                   // the pivot to its place
            return i;
        }
        set_two(L, i, j);
    }
}

static Index choose_pivot(Index lo, Index up, unsigned int salt) {
    Index quarter = (up - lo) / 4;
    return salt % (quarter * 2) + (lo + quarter);
}

static void sort_range(lua_State *L, Index lo, Index up, unsigned int salt) {
    while (lo < up) {
        lua_geti(L, 1, lo);
        lua_geti(L, 1, up);
        if (less_than(L, -1, -2)) set_two(L, lo, up); else lua_pop(L, 2);
        if (up - lo == 1) break;
        Index p = (up - lo < RANDOMIZE_ABOVE || salt == 0) ? (lo + up) / 2 : choose_pivot(lo, up, salt);
        lua_geti(L, 1, p);
        lua_geti(L, 1, lo);
        if (less_than(L, -2, -1)) {
            set_two(L, p, lo);
        } else {
            lua_pop(L, 1);
            lua_geti(L, 1, up);
            if (less_than(L, -1, -2)) set_two(L, p, up); else lua_pop(L, 2);
        }
        if (up - lo == 2) break;
        lua_geti(L, 1, p);                                           // the pivot P
        lua_pushvalue(L, -1);
        lua_geti(L, 1, up - 1);
        set_two(L, p, up - 1);
        p = partition(L, lo, up);
        Index smaller;
        if (p - lo < up - p) {                                       // recurse into the smaller side
            sort_range(L, lo, p - 1, salt);
            smaller = p - lo;
            lo = p + 1;
        } else {
            sort_range(L, p + 1, up, salt);
            smaller = up - p;
            up = p - 1;
        }
        // A very unbalanced split: choose pivots at pseudo-random places from now on
        // (deterministic, so a run's output depends only on its inputs).
        if ((up - lo) / 128 > smaller) salt = salt * 1103515245u + 12345u + (unsigned int)(lo ^ up);
    }
}

static int t_sort(lua_State *L) {
    lua_Integer n = length_of(L, 1, NEED_READ | NEED_WRITE);
    if (n > 1) {
        luaL_argcheck(L, n < INT_MAX, 1, "array too big");
        if (!lua_isnoneornil(L, 2)) luaL_checktype(L, 2, LUA_TFUNCTION);
        lua_settop(L, 2);
        sort_range(L, 1, (Index)n, 0);
    }
    return 0;
}

void luakit_open_tables(lua_State *L, int idx) {
    static const luaL_Reg functions[] = {
        {"insert", t_insert}, {"remove", t_remove}, {"move", t_move},
        {"concat", t_concat}, {"unpack", t_unpack}, {"sort", t_sort}, {NULL, NULL},
    };
    idx = lua_absindex(L, idx);
    for (const luaL_Reg *f = functions; f->name != NULL; f++) {
        lua_pushcfunction(L, f->func);
        lua_setfield(L, idx, f->name);
    }
}
