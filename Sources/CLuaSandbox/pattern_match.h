// The budgeted Lua pattern matcher (pattern_match.c), shared with the library functions
// that use it (patterns.c). Private to CLuaSandbox.
#ifndef LUAKIT_PATTERN_MATCH_H
#define LUAKIT_PATTERN_MATCH_H

#include <stddef.h>
#include <lua.h>

enum {
    PM_MAXCAPTURES = 32,     // LUA_MAXCAPTURES of stock Lua 5.4
    PM_MAXCCALLS = 200,      // how deep the matcher may recurse, as stock ("pattern too complex")
};

// Capture lengths that are not lengths.
enum { PM_CAP_UNFINISHED = -1, PM_CAP_POSITION = -2 };

// Why a match was abandoned: the matcher never raises; it unwinds returning NULL and
// leaves the reason here, and the library function raises or stops once back on top.
enum { PM_GOING = 0, PM_STOPPED, PM_ERROR };

typedef struct pm_state {
    const char *src_init;    // the subject
    const char *src_end;     // its end (Lua strings have a '\0' there, which %f and %b read)
    const char *p_end;       // the pattern's end (also a '\0')
    lua_State *L;            // the thread calling: charged, and where errors are raised
    int matchdepth;          // recursion left before "pattern too complex"
    int level;               // captures open or closed so far
    int abandoned;           // PM_GOING, PM_STOPPED (the budget is spent) or PM_ERROR
    int error;               // with PM_ERROR: which message (pattern_match.c)
    int error_arg;           // and its number, for "invalid capture index %N"
    long long steps;         // matcher steps done but not yet charged
    struct {
        const char *init;
        ptrdiff_t len;       // a length, PM_CAP_UNFINISHED or PM_CAP_POSITION
    } capture[PM_MAXCAPTURES];
} pm_state;

/// Sets up `ms` to match pattern `p` (without its anchor) against subject `s`.
void pm_prepare(pm_state *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp);
/// Clears captures and the recursion count before each attempt at one subject position.
void pm_reset(pm_state *ms);
/// Matches `p` at `s`: the end of the match, or NULL when it fails or is abandoned
/// (`ms->abandoned` says which).
const char *pm_match(pm_state *ms, const char *s, const char *p);
/// Charges every step not yet charged; returns 1 when the run must stop.
int pm_settle(pm_state *ms);
/// For a match abandoned: raises its error, or ends the run (`return pm_abandon(ms);`).
int pm_abandon(pm_state *ms);
/// Counts `bytes` scanned at plain find's rate (a pattern searched for special characters).
void pm_count_scan(pm_state *ms, size_t bytes);
/// Charges the `bytes` a plain find walked; returns 1 when the run must stop.
int pm_charge_plain(lua_State *L, size_t bytes);

#endif
