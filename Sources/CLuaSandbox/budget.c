// The budgeted allocator, the count hook and the one instruction budget of a run
// (docs/architecture.md, rule 3 and "Pitfalls other Lua hosts learned the hard way").
#include "CLuaSandbox.h"
#include <lua.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static const char memory_error_key = 'm';

// Work hidden in allocation (a long string built by `..`, string.rep, gsub, a parser's
// tables) is charged as one instruction per this many bytes allocated.
enum { BYTES_PER_INSTRUCTION = 32 };
// One VM instruction can hide work proportional to the memory it touches (`==` or `<` on
// long strings, `..`, vararg copies of a big stack). Above this much memory the hook
// fires proportionally more often, so the work between two checks stays bounded.
enum { HOOK_MEMORY_SCALE = 4 << 20, MIN_HOOK_INTERVAL = 16 };

// CPU time of this thread: a loaded machine does not make a script fail.
static double now_seconds(void) {
    struct timespec ts;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

luakit_budget *luakit_budget_of(lua_State *L) {
    // The pointer lives in the state's extra space, which every new thread copies from
    // the main thread: one load on the hot path of every native call.
    return *(luakit_budget **)lua_getextraspace(L);
}

static void count_hook(lua_State *L, lua_Debug *ar);

// The hook interval for thread L now.
static int interval_for(const luakit_budget *b, lua_State *L) {
    int base = (L == b->root) ? b->hook_interval : LUAKIT_COROUTINE_HOOK_INTERVAL;
    if (b->memory_used > HOOK_MEMORY_SCALE) {
        double scaled = (double)base * HOOK_MEMORY_SCALE / (double)b->memory_used;
        int k = scaled < MIN_HOOK_INTERVAL ? MIN_HOOK_INTERVAL : (int)scaled;
        if (k < base) return k;
    }
    return base;
}

void *luakit_arm_deadline(luakit_budget *b);
void luakit_disarm_deadline(void *previous);

// Makes the next instruction of `L` run the hook (so a stop takes effect at once).
// Safe in a signal handler (deadline.c).
static void fire_next(lua_State *L) {
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
}

void luakit_fire_next(lua_State *L) {
    fire_next(L);
}

// Records "file:line: " of the Lua function `level` levels up, once per run.
static void record_place(lua_State *L, luakit_budget *b, lua_Debug *ar, int level) {
    if (b->stopped_at[0] != '\0') return;
    lua_Debug local;
    if (ar == NULL) {
        ar = &local;
        int found = 0;
        for (int i = level; lua_getstack(L, i, ar); i++) {
            if (lua_getinfo(L, "Sl", ar) && ar->currentline > 0) { found = 1; break; }
        }
        if (!found) return;
    } else if (!lua_getinfo(L, "Sl", ar) || ar->currentline <= 0) {
        return;
    }
    snprintf(b->stopped_at, sizeof b->stopped_at, "%s:%d: ", ar->short_src, ar->currentline);
}

static void set_stopped(lua_State *L, luakit_budget *b, int why, lua_Debug *ar, int level) {
    if (b->stopped) return;
    b->stopped = why;
    // Record the place now: after a hook yields, Lua rewinds the saved pc by one
    // instruction, so a post-mortem line could name the line before the loop.
    record_place(L, b, ar, level);
}

// Whether the run must stop now; sets `stopped` the first time.
static int check_limits(lua_State *L, luakit_budget *b, lua_Debug *ar, int level) {
    if (b->stopped) return 1;
    if (b->instructions_left <= 0) {
        set_stopped(L, b, LUAKIT_STOP_INSTRUCTIONS, ar, level);
        return 1;
    }
    // With the timer, read the clock only every 16th check, in case its signal is lost.
    if (b->time_limit > 0 && (b->time_up || ((!b->timer_armed || (++b->clock_checks & 15) == 0) && now_seconds() > b->deadline))) {
        set_stopped(L, b, LUAKIT_STOP_TIME, ar, level);
        return 1;
    }
    return 0;
}

static int raise_stop(lua_State *L, luakit_budget *b) {
    if (b->stopped == LUAKIT_STOP_TIME) {
        return luaL_error(L, "time limit of %f s exceeded", (LUA_NUMBER)b->time_limit);
    }
    return luaL_error(L, "instruction budget of %I instructions exceeded", (LUA_INTEGER)b->instruction_limit);
}

// Budgets a script can swallow: an error from the hook is caught by pcall, so once the
// budget is spent the hook yields (pcall cannot catch a yield) and the host discards the
// coroutine. It re-arms itself to fire on every instruction, so the first instruction
// that runs in a yieldable place ends the run.
static void count_hook(lua_State *L, lua_Debug *ar) {
    luakit_budget *b = luakit_budget_of(L);
    if (b->run_depth == 0) return;
    if (!b->stopped) {
        b->instructions_left -= lua_gethookcount(L);
        if (!check_limits(L, b, ar, 0)) {
            int want = interval_for(b, L);
            if (want != lua_gethookcount(L)) lua_sethook(L, count_hook, LUA_MASKCOUNT, want);
            return;
        }
    }
    fire_next(L);
    if (lua_isyieldable(L)) {
        lua_yield(L, 0);            // in a hook lua_yield returns; the VM yields after us
        return;
    }
    raise_stop(L, b);
}

static void *budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    luakit_budget *b = ud;
    size_t old = ptr ? osize : 0;   // with ptr NULL, osize is a type tag, not a size
    if (nsize == 0) {
        free(ptr);
        b->memory_used -= old;
        return NULL;
    }
    if (nsize > old && b->enforcing) {
        if (b->memory_used - old + nsize > b->memory_limit) {
            b->memory_exceeded = 1;
            return NULL;            // Lua raises LUA_ERRMEM from inside the VM
        }
        // Allocation stands for the copying that fills it: charge it, and once the
        // budget is spent make the running thread's next instruction stop.
        b->instructions_left -= (long long)((nsize - old) / BYTES_PER_INSTRUCTION);
        if (b->instructions_left <= 0 && !b->stopped && b->running != NULL) fire_next(b->running);
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    b->memory_used = b->memory_used - old + nsize;
    if (nsize > old) b->allocated += nsize - old;
    if (b->memory_used > b->memory_peak) b->memory_peak = b->memory_used;
    if (nsize > old && b->memory_used > HOOK_MEMORY_SCALE && b->running != NULL && !b->stopped) {
        // Memory grew: shorten the running thread's hook interval now, not at its next
        // hook, which a few instructions on the new long string could put off for seconds.
        int want = interval_for(b, b->running);
        if (want * 2 <= lua_gethookcount(b->running)) lua_sethook(b->running, count_hook, LUA_MASKCOUNT, want);
    }
    return p;
}

lua_State *luakit_newstate(luakit_budget *budget) {
    lua_State *L = lua_newstate(budget_alloc, budget);
    if (L == NULL) return NULL;
    *(luakit_budget **)lua_getextraspace(L) = budget;
    // Errors need memory too: reserve the cap's message now, while nothing is capped.
    lua_pushstring(L, "memory cap exceeded");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &memory_error_key);
    return L;
}

luakit_run_frame luakit_begin_run(lua_State *L, lua_State *co) {
    luakit_budget *b = luakit_budget_of(L);
    luakit_run_frame saved = { b->root, b->running, b->enforcing, NULL };
    if (b->run_depth++ == 0) {
        b->instructions_left = b->instruction_limit;
        b->stopped = LUAKIT_STOP_NONE;
        b->stopped_at[0] = '\0';
        b->memory_exceeded = 0;
        b->output_left = b->output_limit;
        b->output_cut = 0;
        b->time_up = 0;
        b->deadline = b->time_limit > 0 ? now_seconds() + b->time_limit : 0;
        saved.armed = luakit_arm_deadline(b);     // sets timer_armed when it can
    }
    b->root = co;
    b->running = co;
    b->enforcing = 1;
    lua_sethook(co, count_hook, LUA_MASKCOUNT, interval_for(b, co));
    return saved;
}

void luakit_end_run(lua_State *L, luakit_run_frame saved) {
    luakit_budget *b = luakit_budget_of(L);
    if (b->run_depth > 0 && --b->run_depth == 0) {
        luakit_disarm_deadline(saved.armed);
        // What a script set with collectgarbage (stop, pause, step multiplier, generational
        // mode) ends with its run: the next run starts with Lua's defaults.
        if (!lua_gc(L, LUA_GCISRUNNING)) lua_gc(L, LUA_GCRESTART);
        lua_gc(L, LUA_GCINC, LUAKIT_GC_PAUSE, LUAKIT_GC_STEPMUL, LUAKIT_GC_STEPSIZE);
    }
    b->root = saved.root;
    b->running = saved.running;
    b->enforcing = saved.enforcing;
}

int luakit_charge(lua_State *L, long long cost) {
    luakit_budget *b = luakit_budget_of(L);
    if (b->run_depth == 0) return 0;
    if (b->stopped) return 1;
    if (cost > 0) b->instructions_left -= cost > b->instruction_limit ? b->instruction_limit + 1 : cost;
    return check_limits(L, b, NULL, 1);
}

int luakit_stop(lua_State *L) {
    luakit_budget *b = luakit_budget_of(L);
    if (!b->stopped) set_stopped(L, b, LUAKIT_STOP_INSTRUCTIONS, NULL, 1);
    fire_next(L);
    if (lua_isyieldable(L)) return lua_yield(L, 0);
    return raise_stop(L, b);
}

int luakit_stopped(lua_State *L) {
    return luakit_budget_of(L)->stopped;
}

void luakit_pushmemoryerror(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &memory_error_key);
}

void luakit_collect(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
}
