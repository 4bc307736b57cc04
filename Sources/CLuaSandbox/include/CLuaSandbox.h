// C side of LuaKit: what must not be written in Swift because it raises Lua errors
// (longjmp) or runs inside the Lua VM. Swift never calls lua_error; these functions do,
// after every Swift frame has returned (docs/architecture.md, rule 1).
#ifndef LUAKIT_CLUASHIM_H
#define LUAKIT_CLUASHIM_H

#include <stddef.h>

struct lua_State;

/// Why a run was stopped by its budget (0 while it may go on).
enum {
    LUAKIT_STOP_NONE = 0,
    LUAKIT_STOP_INSTRUCTIONS = 1,   // the instruction budget is spent
    LUAKIT_STOP_TIME = 2,           // the run used up its CPU time limit
};

/// Coroutines of a script count in smaller steps: a new thread starts a fresh hook count,
/// so each creation is charged this much up front (coroutines.c), which bounds what a
/// thread can run before its first hook (budget.c).
enum { LUAKIT_COROUTINE_HOOK_INTERVAL = 100 };

/// Lua 5.4's collector defaults (luaconf/lgc.h: LUAI_GCPAUSE, LUAI_GCMUL, LUAI_GCSTEPSIZE):
/// every run starts with them (budget.c), and idle collection (idle.c) paces by them.
enum { LUAKIT_GC_PAUSE = 200, LUAKIT_GC_STEPMUL = 100, LUAKIT_GC_STEPSIZE = 13 };

/// Budgets of one Lua state.
///
/// The memory cap applies while `enforcing` is set, i.e. while Lua code runs; Swift
/// callbacks run with it cleared, so an allocation made from Swift never fails (and so
/// never raises across a Swift frame); the trampoline checks the cap after Swift returns.
/// The instruction budget is one counter for a whole run (`run_depth > 0`), shared by
/// every coroutine of the script: the count hook, the allocator (bytes allocated), the
/// library functions that loop in C and native functions all charge it.
typedef struct luakit_budget {
    size_t memory_used;          // bytes held by the state, native objects included
    size_t memory_limit;         // the cap, in bytes
    size_t memory_peak;          // highest memory_used seen
    size_t native_bytes;         // bytes of native objects (luakit_object_resize)
    size_t gc_debt;              // native growth not yet told to the collector
    int enforcing;               // 1 while Lua code of a run executes
    int memory_exceeded;         // set when the allocator refused a block
    long long instruction_limit; // instructions one run may execute
    long long instructions_left; // what is left of it in this run
    int hook_interval;           // instructions between two count hooks on a flow's thread
    int stopped;                 // LUAKIT_STOP_*: once set, nothing of the script may go on
    int run_depth;               // > 0 while a run (LuaState.call) is in progress
    double time_limit;           // CPU seconds one run may take, 0 = none
    double deadline;             // thread CPU time at which the run is stopped (clock check)
    volatile int time_up;        // set by the deadline timer's signal (deadline.c)
    int timer_armed;             // 1 when that timer watches this run; else the hook reads the clock
    unsigned clock_checks;       // budget checks since the run began (the clock is read every 16th)
    struct lua_State *root;      // the run's own coroutine: "the main thread" as scripts see it
    struct lua_State *running;   // the thread executing now (its hook is re-armed on a stop)
    char stopped_at[160];        // "file:line: " where the run was stopped
    long long output_limit;      // bytes print and warn may write in one run
    long long output_left;       // what is left of it in this run
    int output_cut;              // 1 once this run's output went past the limit
    // Idle collection (idle.c): what the collector's debt grew by since the last one.
    size_t allocated;            // bytes ever allocated (Lua blocks and native growth)
    size_t native_grown;         // of which native growth, which Lua's own count misses
    size_t idle_allocated;       // `allocated` at the last idle call
    size_t between_bytes;        // about the most allocated between two idle calls (decays)
    size_t idle_lua_bytes;       // Lua's own bytes after the last idle collection (0: none yet)
    size_t idle_native_grown;    // `native_grown` then
} luakit_budget;

/// Called by a Swift closure's trampoline; returns the number of results pushed, or
/// LUAKIT_CALL_ERROR with the error message pushed on the stack.
typedef int (*luakit_dispatch_fn)(struct lua_State *L, void *box);
/// Releases a Swift box once Lua has collected the userdata that held it.
typedef void (*luakit_release_fn)(void *box);

enum { LUAKIT_CALL_ERROR = -1 };
/// Returned instead when the message already says where (a native that blames the Lua
/// code that chose the argument, not the library function that passed it on).
enum { LUAKIT_CALL_ERROR_PLACED = -2 };

/// Installs the two Swift entry points; called once, before any state exists.
void luakit_install(luakit_dispatch_fn dispatch, luakit_release_fn release);

/// A new state whose allocator counts into `budget`, with the count hook set.
struct lua_State *luakit_newstate(luakit_budget *budget);
/// The budget of a state created by luakit_newstate.
luakit_budget *luakit_budget_of(struct lua_State *L);

/// What luakit_begin_run replaced, for luakit_end_run to put back.
typedef struct luakit_run_frame {
    struct lua_State *root;
    struct lua_State *running;
    int enforcing;
    void *armed;                 // the budget whose deadline this thread's timer served
} luakit_run_frame;

/// Starts a run on coroutine `co`: a fresh instruction budget and deadline when no run is
/// in progress (a nested run, from a native function, shares its caller's budget), the
/// hook armed on `co`, the memory cap enforced.
luakit_run_frame luakit_begin_run(struct lua_State *L, struct lua_State *co);
/// Ends a run begun by luakit_begin_run.
void luakit_end_run(struct lua_State *L, luakit_run_frame saved);

/// Charges `cost` instructions to the running script for work no VM instruction counts
/// (a loop inside a C function, a native algorithm). Returns 1 when the run must stop:
/// the caller then does none of the work and returns `luakit_stop(L)` (C) or throws (Swift).
int luakit_charge(struct lua_State *L, long long cost);
/// Ends the running script once its budget is spent; use as `return luakit_stop(L);` from a
/// C function. Yields to the host when the thread can yield (pcall cannot catch a yield);
/// otherwise raises the budget error, and the hook, re-armed to fire on every instruction,
/// stops the first instruction that catches it.
int luakit_stop(struct lua_State *L);
/// Whether the run has been stopped (LUAKIT_STOP_*).
int luakit_stopped(struct lua_State *L);

/// Sets the bytes the native object in the userdata at `idx` holds (made by
/// luakit_pushobject): the state's memory counts them against the cap, and growth is
/// owed to the collector, so unreachable native objects are collected as their size
/// demands. The userdata's __gc gives them back. Never raises; the trampoline applies
/// the cap and the collector's debt after Swift returns.
void luakit_object_resize(struct lua_State *L, int idx, size_t bytes);

/// Pushes a C closure that calls `box` through the dispatch function. The box lives
/// in a userdata (upvalue 1) whose __gc releases it.
void luakit_pushclosure(struct lua_State *L, void *box);
/// Pushes a userdata holding `box` with the metatable registered under `tname`
/// (the metatable gets __gc = release if it has none), holding `bytes` of native memory.
void luakit_pushobject(struct lua_State *L, void *box, const char *tname, size_t bytes);
/// The box of the userdata at `idx` if its metatable is `tname`, else NULL. Never raises.
void *luakit_toobject(struct lua_State *L, int idx, const char *tname);

/// Replaces string.find, match, gmatch and gsub in the table at `idx` by the budgeted
/// matcher (patterns.c): every matcher step is charged to the instruction budget.
void luakit_guard_patterns(struct lua_State *L, int idx);

/// Opens the sandbox's own versions of library functions that loop or run code inside C
/// (coroutine, table.move/insert/remove/concat/unpack/sort, string.rep, load,
/// collectgarbage, setmetatable) into the global table, replacing the stock ones.
void luakit_open_budgeted_libs(struct lua_State *L);

/// Pushes a fresh environment for one chunk: a plain table holding every sandbox global,
/// with private shallow copies of the library tables (so one script cannot change
/// `string.format` for another), and `_G` naming itself.
void luakit_push_environment(struct lua_State *L);

/// Drops what luakit_push_environment keeps of the globals: the host calls it whenever it
/// sets a global or changes a library table, so later environments see the change.
void luakit_forget_environment(struct lua_State *L);

/// Pushes the `_ENV` of the nearest Lua function at call level `level` or above (1: the
/// caller of the running C function) and returns 1; returns 0, pushing nothing, if none
/// has one. Raises nothing.
int luakit_push_caller_env(struct lua_State *L, int level);

/// Installs os.time, os.date, print, warn and require over the host's functions: call it
/// protected (lua_pcall) with one argument, the table {log, warn, find_module, now}.
int luakit_open_host(struct lua_State *L);

/// What a time zone says about one instant: its offset from UTC, whether it is daylight
/// saving time, and its abbreviation ("PDT"), as the C library's struct tm carries them.
typedef struct luakit_zone_info {
    long offset;                 // seconds east of UTC
    int isdst;                   // 1 during daylight saving time
    char abbreviation[16];       // NUL-terminated
} luakit_zone_info;

/// Fills `info` for the instant `utc` (seconds since 1970) in `zone`; returns 0 when the
/// zone cannot say. Called from os.date and os.time; must not touch the Lua state.
typedef int (*luakit_zone_fn)(void *zone, long long utc, luakit_zone_info *info);

/// Makes os.date and os.time of this state use `zone` through `lookup` instead of the
/// process's TZ ("!" formats stay UTC); NULL `lookup` goes back to the process's zone.
/// `zone` must outlive the state or the next call. Never raises.
void luakit_set_zone(struct lua_State *L, luakit_zone_fn lookup, void *zone);

/// Replaces the table on the stack top by a read-only proxy of it (readonly.c): reads see
/// the table, writes raise the string at `message` (with the writer's `file:line: `).
/// Tables inside it are not wrapped: wrap them first. Never raises (allocations made from
/// Swift callbacks do not fail; see luakit_budget).
void luakit_readonly_wrap(struct lua_State *L, int message);
/// If the value at `idx` is a read-only proxy, pushes its target (the real table) and
/// returns 1; otherwise pushes nothing and returns 0. A lazy list's target is made here,
/// protected: every element, in a new plain table; -1 when making one failed (a budget),
/// with the error pushed instead. Never raises.
int luakit_readonly_push_target(struct lua_State *L, int idx);
/// Whether the value at `idx` is a read-only proxy. Never raises.
int luakit_is_readonly(struct lua_State *L, int idx);
/// Pushes a lazy list (lazylist.c): a read-only list of `count` elements, element i made by
/// calling the function at `make` with i on its first read, and kept while anything holds
/// it. Writes raise the string at `message`. Never raises (from Swift callbacks).
void luakit_lazy_list(struct lua_State *L, int make, long long count, int message);
/// Pushes a view of the lazy list at `source`: element j is source[positions[j]] (1-based
/// positions, copied). Returns 0, pushing nothing, when `source` is not a lazy list made by
/// luakit_lazy_list or a position is out of its range. Never raises (from Swift callbacks).
int luakit_lazy_view(struct lua_State *L, int source, const long long *positions, long long count, int message);
/// Whether the value at `idx` is the lazy list at `source` (sets *positions to NULL) or a
/// view of it (sets *positions to its positions, valid while the view is on the stack),
/// setting *count either way. Never raises.
int luakit_lazy_positions(struct lua_State *L, int idx, int source, const long long **positions, long long *count);
/// Pushes element `i` of the lazy list at `idx`, made protected, and returns 1; on an error
/// of making it, pushes the error instead and returns 0. Never raises.
int luakit_lazy_get(struct lua_State *L, int idx, long long i);
/// The position in the lazy list at `source` of the element at `idx`, 0 when it is not one
/// of its elements (or has not been made). Never raises.
long long luakit_lazy_position_of(struct lua_State *L, int source, int idx);
/// Raises the message of the read-only proxy at `idx`, after the `file:line: ` of the Lua
/// code that tried to change it (for C functions of the sandbox: `return luakit_refuse_change(L, 1);`).
int luakit_refuse_change(struct lua_State *L, int idx);

/// Reads field `key` of the plain table at absolute index `idx` (raw access) and returns
/// its Lua type, storing the value in `out` when it is a number; the stack is unchanged.
/// One call per field for LuaFieldReader. Never raises (from Swift callbacks: see luakit_budget).
int luakit_raw_number(struct lua_State *L, int idx, const char *key, double *out);

/// A full garbage collection (lua_gc is variadic, which Swift cannot call).
void luakit_collect(struct lua_State *L);

/// Between runs: a full collection when the next run would otherwise meet the collector
/// (its cycle due within twice what was allocated between two calls lately, or the memory
/// cap that near), so the collector's work is done while the host is idle instead of inside
/// a run. Changes no setting a script can read. Returns 1 when it collected; 0, doing nothing, when not
/// due or while a run is in progress.
int luakit_collect_if_due(struct lua_State *L);

/// Pushes the reserved "memory cap exceeded" message (allocated when the state was made).
void luakit_pushmemoryerror(struct lua_State *L);

#endif
