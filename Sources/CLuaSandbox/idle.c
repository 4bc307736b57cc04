// Idle collection: the collector's work done between runs, while the host waits for the
// visitor, instead of in steps inside runs (docs/developer-guide.md, "Idle time"). It only
// chooses when to call lua_gc(LUA_GCCOLLECT): every setting collectgarbage reads stays
// Lua's default, and the memory cap holds as ever (the allocator refuses a block past it,
// Lua collects in an emergency and tries once more).
#include "CLuaSandbox.h"
#include <lua.h>

int luakit_collect_if_due(lua_State *L) {
    luakit_budget *b = luakit_budget_of(L);
    if (b->run_depth > 0) return 0;
    size_t live = b->idle_lua_bytes;
    // Room for what the host does until it is idle again: the most allocated between two
    // calls lately (arguments, runs, native objects), forgotten slowly.
    size_t since = b->allocated - b->idle_allocated;
    if (live > 0) b->between_bytes = since > b->between_bytes ? since : b->between_bytes - b->between_bytes / 16;
    b->idle_allocated = b->allocated;
    size_t reserve = 2 * b->between_bytes;
    size_t lua_bytes = b->memory_used - b->native_bytes;
    // After a full collection Lua starts its next cycle once its count, plus the native
    // growth the trampoline owes it, reaches pause% of what survived (lgc.c, setpause).
    size_t cycle_at = live / 100 * LUAKIT_GC_PAUSE;
    size_t owed = lua_bytes + (b->native_grown - b->idle_native_grown);
    int due = live == 0 || owed + reserve >= cycle_at
              // Near the cap the next run would pay for an emergency collection: pay now.
              || (b->memory_used + reserve > b->memory_limit && lua_bytes > live);
    if (!due) return 0;
    lua_gc(L, LUA_GCCOLLECT);
    b->idle_lua_bytes = b->memory_used - b->native_bytes;
    b->idle_native_grown = b->native_grown;
    return 1;
}
