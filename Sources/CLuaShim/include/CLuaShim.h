// C side of LuaKit: what must not be written in Swift because it raises Lua errors
// (longjmp) or runs inside the Lua VM. Swift never calls lua_error; these functions do,
// after every Swift frame has returned (DESIGN.md rule 1).
#ifndef LUAKIT_CLUASHIM_H
#define LUAKIT_CLUASHIM_H

#include <stddef.h>

struct lua_State;

/// Budgets of one Lua state. Counting and the cap apply only while `enforcing` is set,
/// i.e. while the host runs Lua code; Swift callbacks run with it cleared, so an
/// allocation made from Swift never fails (and so never raises across a Swift frame).
typedef struct luakit_budget {
    size_t memory_used;          // bytes currently allocated by the state
    size_t memory_limit;         // the cap, in bytes
    size_t memory_peak;          // highest memory_used seen
    int enforcing;               // 1 while the host runs Lua code
    int memory_exceeded;         // set when the allocator refused a block
    long long instruction_limit; // instructions one run may execute
    long long instructions_left; // what is left of it in this run
    int hook_interval;           // instructions between two count hooks
    int instructions_exhausted;  // set when the budget ran out
    double pattern_limit;        // estimated matcher steps one string.find/match/gmatch/gsub may take
    char exhausted_at[160];      // "file:line: " where the instruction budget ran out
} luakit_budget;

/// Called by a Swift closure's trampoline; returns the number of results pushed, or
/// LUAKIT_CALL_ERROR with the error message pushed on the stack.
typedef int (*luakit_dispatch_fn)(struct lua_State *L, void *box);
/// Releases a Swift box once Lua has collected the userdata that held it.
typedef void (*luakit_release_fn)(void *box);

enum { LUAKIT_CALL_ERROR = -1 };

/// Installs the two Swift entry points; called once, before any state exists.
void luakit_install(luakit_dispatch_fn dispatch, luakit_release_fn release);

/// A new state whose allocator counts into `budget`, with the count hook set.
struct lua_State *luakit_newstate(luakit_budget *budget);
/// The budget of a state created by luakit_newstate.
luakit_budget *luakit_budget_of(struct lua_State *L);
/// Resets the instruction budget and re-arms the count hook on `L` (the main thread;
/// coroutines created afterwards inherit the hook).
void luakit_arm(struct lua_State *L);

/// Pushes a C closure that calls `box` through the dispatch function. The box lives
/// in a userdata (upvalue 1) whose __gc releases it.
void luakit_pushclosure(struct lua_State *L, void *box);
/// Pushes a userdata holding `box` with the metatable registered under `tname`
/// (the metatable gets __gc = release if it has none).
void luakit_pushobject(struct lua_State *L, void *box, const char *tname);
/// The box of the userdata at `idx` if its metatable is `tname`, else NULL. Never raises.
void *luakit_toobject(struct lua_State *L, int idx, const char *tname);

/// Replaces string.find, match, gmatch and gsub in the table at `idx` by guarded versions
/// that refuse patterns whose estimated backtracking exceeds budget->pattern_limit.
void luakit_guard_patterns(struct lua_State *L, int idx);
/// Estimated worst-case matcher steps of `pattern` on a subject of `n` bytes (exposed for tests).
double luakit_pattern_cost(const char *pattern, size_t plen, size_t n);

/// A full garbage collection (lua_gc is variadic, which Swift cannot call).
void luakit_collect(struct lua_State *L);

/// Pushes the reserved "memory cap exceeded" message (allocated when the state was made).
void luakit_pushmemoryerror(struct lua_State *L);

#endif
