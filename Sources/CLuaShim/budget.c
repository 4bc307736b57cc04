// The budgeted allocator and the instruction-count hook (DESIGN.md rule 3).
#include "CLuaShim.h"
#include <lua.h>
#include <lauxlib.h>
#include <stdio.h>
#include <stdlib.h>

static const char memory_error_key = 'm';

static void *budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize) {
    luakit_budget *b = ud;
    size_t old = ptr ? osize : 0;   // with ptr NULL, osize is a type tag, not a size
    if (nsize == 0) {
        free(ptr);
        b->memory_used -= old;
        return NULL;
    }
    if (nsize > old && b->enforcing && b->memory_used - old + nsize > b->memory_limit) {
        b->memory_exceeded = 1;
        return NULL;                // Lua raises LUA_ERRMEM from inside the VM
    }
    void *p = realloc(ptr, nsize);
    if (p == NULL) return NULL;
    b->memory_used = b->memory_used - old + nsize;
    if (b->memory_used > b->memory_peak) b->memory_peak = b->memory_used;
    return p;
}

// Budgets a script can swallow: an error from the hook is caught by pcall, so once the
// budget is spent the hook yields (pcall cannot catch a yield) and the host discards the
// coroutine. It re-arms itself to fire on every instruction, so the first instruction
// that runs in a yieldable place ends the run.
static void count_hook(lua_State *L, lua_Debug *ar) {
    luakit_budget *b = luakit_budget_of(L);
    if (!b->enforcing) return;
    b->instructions_left -= b->hook_interval;
    if (b->instructions_left > 0 && !b->instructions_exhausted) return;
    if (!b->instructions_exhausted) {
        // Record the place now: after a hook yields, Lua rewinds the saved pc by one
        // instruction, so a post-mortem line could name the line before the loop.
        b->exhausted_at[0] = '\0';
        if (ar != NULL && lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
            snprintf(b->exhausted_at, sizeof b->exhausted_at, "%s:%d: ", ar->short_src, ar->currentline);
    }
    b->instructions_exhausted = 1;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, 1);
    if (lua_isyieldable(L)) {
        lua_yield(L, 0);            // in a hook lua_yield returns; the VM yields after us
        return;
    }
    luaL_error(L, "instruction budget of %I instructions exceeded", (LUA_INTEGER)b->instruction_limit);
}

lua_State *luakit_newstate(luakit_budget *budget) {
    lua_State *L = lua_newstate(budget_alloc, budget);
    if (L == NULL) return NULL;
    *(luakit_budget **)lua_getextraspace(L) = budget;
    // Errors need memory too: reserve the cap's message now, while nothing is capped.
    lua_pushstring(L, "memory cap exceeded");
    lua_rawsetp(L, LUA_REGISTRYINDEX, &memory_error_key);
    luakit_arm(L);
    return L;
}

// The budget pointer lives in the state's extra space, which every new thread copies
// from the main thread: one load on the hot path of every native call.
luakit_budget *luakit_budget_of(lua_State *L) {
    return *(luakit_budget **)lua_getextraspace(L);
}

void luakit_arm(lua_State *L) {
    luakit_budget *b = luakit_budget_of(L);
    b->instructions_left = b->instruction_limit;
    b->instructions_exhausted = 0;
    b->exhausted_at[0] = '\0';
    b->memory_exceeded = 0;
    lua_sethook(L, count_hook, LUA_MASKCOUNT, b->hook_interval > 0 ? b->hook_interval : 1000);
}

void luakit_pushmemoryerror(lua_State *L) {
    lua_rawgetp(L, LUA_REGISTRYINDEX, &memory_error_key);
}

void luakit_collect(lua_State *L) {
    lua_gc(L, LUA_GCCOLLECT);
}
