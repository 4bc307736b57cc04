// string.find, string.match, string.gmatch and string.gsub for the sandbox, on the budgeted
// matcher of pattern_match.c. They behave as stock Lua 5.4.4's (arguments, results, error
// messages), except that their work is charged to the run's instruction budget, and once
// it is spent they end the run (luakit_stop) instead of matching on for minutes.
//
// They are installed as plain C functions in the string table, with no wrapper around
// them, so luaL_argerror names them ("bad argument #1 to 'find'") and luaL_error puts the
// caller's "file:line:" first, exactly as for the stock functions.
#define _GNU_SOURCE                            // memmem
#include "pattern_match.h"
#include "CLuaSandbox.h"
#include <lua.h>
#include <lauxlib.h>
#include <string.h>

// Characters that make a pattern a pattern; without them find searches plainly.
#define SPECIALS "^$*+?.([%-"

// A 1-based start position (negative counts from the end) as a 1-based index >= 1,
// which may be past the end.
static size_t start_index(lua_Integer pos, size_t len) {
    if (pos > 0) return (size_t)pos;
    if (pos == 0) return 1;
    if (pos < -(lua_Integer)len) return 1;    // before the start: clip to 1
    return len + (size_t)pos + 1;
}

// Whether the pattern has no special character (it may hold '\0's, which strpbrk stops at).
static int no_specials(const char *p, size_t lp) {
    size_t upto = 0;
    do {
        if (strpbrk(p + upto, SPECIALS) != NULL) return 0;
        upto += strlen(p + upto) + 1;
    } while (upto <= lp);
    return 1;
}

// --- Captures as values ------------------------------------------------------------------

// Capture i of a successful match: its length with *cap set to its text, or
// PM_CAP_POSITION with its position pushed. Without captures, capture 0 is the whole
// match s..e. These run after the match, in the library function's own frame, so they
// raise directly.
static ptrdiff_t get_capture(pm_state *ms, int i, const char *s, const char *e, const char **cap) {
    if (i >= ms->level) {
        if (i != 0) return luaL_error(ms->L, "invalid capture index %%%d", i + 1);
        *cap = s;
        return e - s;
    }
    ptrdiff_t len = ms->capture[i].len;
    *cap = ms->capture[i].init;
    if (len == PM_CAP_UNFINISHED) return luaL_error(ms->L, "unfinished capture");
    if (len == PM_CAP_POSITION) lua_pushinteger(ms->L, (ms->capture[i].init - ms->src_init) + 1);
    return len;
}

static void push_capture(pm_state *ms, int i, const char *s, const char *e) {
    const char *cap = NULL;
    ptrdiff_t len = get_capture(ms, i, s, e, &cap);
    if (len != PM_CAP_POSITION) lua_pushlstring(ms->L, cap, (size_t)len);
}

// Pushes every capture (the whole match when there are none and s is given).
static int push_captures(pm_state *ms, const char *s, const char *e) {
    int n = (ms->level == 0 && s != NULL) ? 1 : ms->level;
    luaL_checkstack(ms->L, n, "too many captures");
    for (int i = 0; i < n; i++) push_capture(ms, i, s, e);
    return n;
}

// --- find and match ------------------------------------------------------------------------

// find with a plain substring: glibc's memmem is linear (two-way), where a naive search
// (stock lmemfind) is O(n·m) on ("a"):rep(n) and ("a"):rep(m) .. "b". Charged by the bytes
// of subject and needle it walks over (pattern_match.c has the rate).
static int plain_find(lua_State *L, const char *s, size_t ls, size_t init, const char *p, size_t lp) {
    const char *hay = s + init;
    size_t n = ls - init;
    const char *hit = lp <= n ? memmem(hay, n, p, lp) : NULL;
    // The needle counts too: memmem preprocesses it, and find looked for special
    // characters in it.
    size_t walked = (lp <= n ? (hit != NULL ? (size_t)(hit - hay) : n) : 0) + lp;
    if (pm_charge_plain(L, walked)) return luakit_stop(L);
    if (hit == NULL) {
        luaL_pushfail(L);
        return 1;
    }
    lua_pushinteger(L, (hit - s) + 1);
    lua_pushinteger(L, (lua_Integer)((hit - s) + lp));
    return 2;
}

static int find_or_match(lua_State *L, int find) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_index(luaL_optinteger(L, 3, 1), ls) - 1;
    if (init > ls) {                           // starts after the end: nothing can match
        luaL_pushfail(L);
        return 1;
    }
    // A pattern without special characters is searched plainly, as stock does. Looking
    // for them walks the pattern (up to lp bytes), charged here or with the search.
    int scanned = find && !lua_toboolean(L, 4);
    if (find && (!scanned || no_specials(p, lp))) return plain_find(L, s, ls, init, p, lp);

    int anchor = (*p == '^');
    if (anchor) {
        p++;
        lp--;
    }
    pm_state ms;
    pm_prepare(&ms, L, s, ls, p, lp);
    if (scanned) pm_count_scan(&ms, lp);
    const char *s1 = s + init;
    do {
        pm_reset(&ms);
        const char *e = pm_match(&ms, s1, p);
        if (e != NULL) {
            if (pm_settle(&ms)) return luakit_stop(L);
            if (!find) return push_captures(&ms, s1, e);
            lua_pushinteger(L, (s1 - s) + 1);
            lua_pushinteger(L, e - s);
            return push_captures(&ms, NULL, NULL) + 2;
        }
        if (ms.abandoned) return pm_abandon(&ms);
    } while (s1++ < ms.src_end && !anchor);
    if (pm_settle(&ms)) return luakit_stop(L);
    luaL_pushfail(L);
    return 1;
}

static int str_find(lua_State *L) { return find_or_match(L, 1); }
static int str_match(lua_State *L) { return find_or_match(L, 0); }

// --- gmatch --------------------------------------------------------------------------------

// The iterator's state, a userdata upvalue; the subject and the pattern are upvalues too,
// which keeps the strings these pointers point into alive.
typedef struct gmatch_state {
    const char *src;                           // where the next search starts
    const char *p;                             // the pattern ('^' is not an anchor here)
    const char *lastmatch;                     // end of the last match: an empty match there is skipped
    pm_state ms;
} gmatch_state;

static int gmatch_next(lua_State *L) {
    gmatch_state *gm = lua_touserdata(L, lua_upvalueindex(3));
    gm->ms.L = L;                              // the thread calling now, which may be another coroutine
    gm->ms.steps = 0;
    for (const char *src = gm->src; src <= gm->ms.src_end; src++) {
        pm_reset(&gm->ms);
        const char *e = pm_match(&gm->ms, src, gm->p);
        if (e != NULL && e != gm->lastmatch) {
            gm->src = gm->lastmatch = e;
            if (pm_settle(&gm->ms)) return luakit_stop(L);
            return push_captures(&gm->ms, src, e);
        }
        if (gm->ms.abandoned) return pm_abandon(&gm->ms);
    }
    // Exhausted: later calls find nothing too (a search from here would fail the same
    // way), so they need not search again. One past the subject's '\0' is a valid pointer.
    gm->src = gm->ms.src_end + 1;
    if (pm_settle(&gm->ms)) return luakit_stop(L);
    return 0;
}

static int str_gmatch(lua_State *L) {
    size_t ls, lp;
    const char *s = luaL_checklstring(L, 1, &ls);
    const char *p = luaL_checklstring(L, 2, &lp);
    size_t init = start_index(luaL_optinteger(L, 3, 1), ls) - 1;
    lua_settop(L, 2);                          // upvalues 1 and 2: the subject and the pattern
    gmatch_state *gm = lua_newuserdatauv(L, sizeof(gmatch_state), 0);
    if (init > ls) init = ls + 1;              // past the end: the iterator ends at once
    pm_prepare(&gm->ms, L, s, ls, p, lp);
    gm->src = s + init;
    gm->p = p;
    gm->lastmatch = NULL;
    lua_pushcclosure(L, gmatch_next, 3);
    return 1;
}

// --- gsub ----------------------------------------------------------------------------------

// A replacement string: its text with %0 (the match), %1-%9 (captures) and %% expanded.
static void add_string(pm_state *ms, luaL_Buffer *b, const char *s, const char *e) {
    lua_State *L = ms->L;
    size_t l;
    const char *news = lua_tolstring(L, 3, &l);
    const char *p;
    while ((p = memchr(news, '%', l)) != NULL) {
        luaL_addlstring(b, news, (size_t)(p - news));
        p++;                                   // the character after '%' (the string's '\0' at its end)
        if (*p == '%') {
            luaL_addchar(b, '%');
        } else if (*p == '0') {
            luaL_addlstring(b, s, (size_t)(e - s));
        } else if (*p >= '1' && *p <= '9') {
            const char *cap = NULL;
            ptrdiff_t len = get_capture(ms, *p - '1', s, e, &cap);
            if (len == PM_CAP_POSITION) luaL_addvalue(b);   // the position get_capture pushed
            else luaL_addlstring(b, cap, (size_t)len);
        } else {
            luaL_error(L, "invalid use of '%c' in replacement string", '%');
        }
        l -= (size_t)(p + 1 - news);
        news = p + 1;
    }
    luaL_addlstring(b, news, l);
}

// Adds the replacement of the match s..e; returns whether it changed anything (a table
// or function giving false or nil keeps the original text).
static int add_value(pm_state *ms, luaL_Buffer *b, const char *s, const char *e, int repl_type) {
    lua_State *L = ms->L;
    if (repl_type == LUA_TFUNCTION) {
        lua_pushvalue(L, 3);
        int n = push_captures(ms, s, e);
        lua_call(L, n, 1);
    } else if (repl_type == LUA_TTABLE) {
        push_capture(ms, 0, s, e);             // the first capture (or the match) is the key
        lua_gettable(L, 3);
    } else {                                   // a string or a number
        add_string(ms, b, s, e);
        return 1;
    }
    if (!lua_toboolean(L, -1)) {
        lua_pop(L, 1);
        luaL_addlstring(b, s, (size_t)(e - s));
        return 0;
    }
    if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
    luaL_addvalue(b);
    return 1;
}

static int str_gsub(lua_State *L) {
    size_t srcl, lp;
    const char *src = luaL_checklstring(L, 1, &srcl);
    const char *p = luaL_checklstring(L, 2, &lp);
    int repl_type = lua_type(L, 3);
    lua_Integer max_n = luaL_optinteger(L, 4, (lua_Integer)srcl + 1);   // checked before arg 3, as stock
    luaL_argexpected(L, repl_type == LUA_TNUMBER || repl_type == LUA_TSTRING ||
                     repl_type == LUA_TFUNCTION || repl_type == LUA_TTABLE, 3, "string/function/table");
    const char *lastmatch = NULL;              // an empty match right after a match is skipped
    lua_Integer n = 0;
    int changed = 0;
    int anchor = (*p == '^');
    if (anchor) {
        p++;
        lp--;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    pm_state ms;
    pm_prepare(&ms, L, src, srcl, p, lp);
    while (n < max_n) {
        pm_reset(&ms);
        const char *e = pm_match(&ms, src, p);
        if (e != NULL && e != lastmatch) {
            n++;
            changed = add_value(&ms, &b, src, e, repl_type) | changed;
            src = lastmatch = e;
        } else if (ms.abandoned) {
            return pm_abandon(&ms);
        } else if (src < ms.src_end) {
            luaL_addchar(&b, *src++);          // no match here: keep the character
        } else {
            break;
        }
        if (anchor) break;
    }
    if (pm_settle(&ms)) return luakit_stop(L);
    if (!changed) {
        lua_pushvalue(L, 1);                   // nothing changed: the original string
    } else {
        luaL_addlstring(&b, src, (size_t)(ms.src_end - src));
        luaL_pushresult(&b);
    }
    lua_pushinteger(L, n);
    return 2;
}

void luakit_guard_patterns(lua_State *L, int idx) {
    static const luaL_Reg functions[] = {
        {"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch}, {"gsub", str_gsub},
    };
    idx = lua_absindex(L, idx);
    for (size_t k = 0; k < sizeof functions / sizeof functions[0]; k++) {
        lua_pushcfunction(L, functions[k].func);
        lua_setfield(L, idx, functions[k].name);
    }
}
