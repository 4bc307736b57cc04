// The sandbox's coroutine library. It behaves as Lua 5.4's, with two differences a script
// cannot see:
// - One budget for the whole run. A hook that stops a script yields out of the coroutine
//   it fires in, which returns to the script's own `coroutine.resume`; so every resume
//   (and wrap call, and close) first refuses to run once the budget is spent, and after
//   the coroutine comes back passes the stop on to its caller. A new thread starts with
//   a fresh hook count, so creating one is charged what it could run before its first hook.
// - The flow's own coroutine (the run's root, where the host started the flow) plays the
//   main thread: `running` says it is main, `isyieldable` is false there and `yield`
//   from it is an error, as in a script run by the stock interpreter.
#include "CLuaSandbox.h"
#include <lua.h>
#include <lauxlib.h>


static lua_State *getco(lua_State *L) {
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    return co;
}

// Resumes `co` with `narg` arguments from L's stack. Returns the number of results moved
// to L, or -1 with the error message on L. Stops the script (returns -2) when the budget
// is spent before or during the resume.
static int auxresume(lua_State *L, lua_State *co, int narg) {
    luakit_budget *b = luakit_budget_of(L);
    if (b->stopped) return -2;
    if (!lua_checkstack(co, narg)) {
        lua_pushliteral(L, "too many arguments to resume");
        return -1;
    }
    lua_xmove(L, co, narg);
    lua_State *caller = b->running;
    b->running = co;
    int nres = 0;
    int status = lua_resume(co, L, narg, &nres);
    b->running = caller;
    if (b->stopped) {
        if (status == LUA_OK || status == LUA_YIELD) lua_pop(co, nres);
        return -2;
    }
    if (status == LUA_OK || status == LUA_YIELD) {
        if (!lua_checkstack(L, nres + 1)) {
            lua_pop(co, nres);
            lua_pushliteral(L, "too many results to resume");
            return -1;
        }
        lua_xmove(co, L, nres);
        return nres;
    }
    lua_xmove(co, L, 1);                  // the error object
    return -1;
}

static int co_resume(lua_State *L) {
    lua_State *co = getco(L);
    int r = auxresume(L, co, lua_gettop(L) - 1);
    if (r == -2) return luakit_stop(L);
    if (r < 0) {
        lua_pushboolean(L, 0);
        lua_insert(L, -2);
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_insert(L, -(r + 1));
    return r + 1;
}

static int co_auxwrap(lua_State *L) {
    lua_State *co = lua_tothread(L, lua_upvalueindex(1));
    int r = auxresume(L, co, lua_gettop(L));
    if (r == -2) return luakit_stop(L);
    if (r < 0) {
        int status = lua_status(co);
        if (status != LUA_OK && status != LUA_YIELD) {   // an error in the coroutine:
            status = lua_resetthread(co);                // close its to-be-closed variables
            lua_xmove(co, L, 1);
        }
        if (status != LUA_ERRMEM && lua_type(L, -1) == LUA_TSTRING) {
            luaL_where(L, 1);                            // add the caller's position
            lua_insert(L, -2);
            lua_concat(L, 2);
        }
        return lua_error(L);
    }
    return r;
}

static int co_create(lua_State *L) {
    luaL_checktype(L, 1, LUA_TFUNCTION);
    if (luakit_charge(L, LUAKIT_COROUTINE_HOOK_INTERVAL)) return luakit_stop(L);
    lua_State *NL = lua_newthread(L);
    // lua_newthread copied the creator's hook; give the thread the coroutine interval
    // that its creation was charged for.
    lua_sethook(NL, lua_gethook(L), lua_gethookmask(L), LUAKIT_COROUTINE_HOOK_INTERVAL);
    lua_pushvalue(L, 1);
    lua_xmove(L, NL, 1);
    return 1;
}

static int co_wrap(lua_State *L) {
    co_create(L);
    lua_pushcclosure(L, co_auxwrap, 1);
    return 1;
}

static int co_yield(lua_State *L) {
    if (L == luakit_budget_of(L)->root) return luaL_error(L, "attempt to yield from outside a coroutine");
    return lua_yield(L, lua_gettop(L));
}

enum { COS_RUN, COS_DEAD, COS_YIELD, COS_NORM };
static const char *const statname[] = {"running", "dead", "suspended", "normal"};

static int auxstatus(lua_State *L, lua_State *co) {
    if (L == co) return COS_RUN;
    switch (lua_status(co)) {
        case LUA_YIELD: return COS_YIELD;
        case LUA_OK: {
            lua_Debug ar;
            if (lua_getstack(co, 0, &ar)) return COS_NORM;   // it has frames: it resumed another
            if (lua_gettop(co) == 0) return COS_DEAD;
            return COS_YIELD;                                // not started yet
        }
        default: return COS_DEAD;                            // it stopped with an error
    }
}

static int co_status(lua_State *L) {
    lua_State *co = getco(L);
    lua_pushstring(L, statname[auxstatus(L, co)]);
    return 1;
}

static int co_running(lua_State *L) {
    lua_pushthread(L);
    lua_pushboolean(L, L == luakit_budget_of(L)->root);
    return 2;
}

static int co_isyieldable(lua_State *L) {
    lua_State *co = lua_isnone(L, 1) ? L : getco(L);
    lua_pushboolean(L, co != luakit_budget_of(L)->root && lua_isyieldable(co));
    return 1;
}

static int co_close(lua_State *L) {
    lua_State *co = getco(L);
    int status = auxstatus(L, co);
    if (status != COS_DEAD && status != COS_YIELD) {
        return luaL_error(L, "cannot close a %s coroutine", statname[status]);
    }
    luakit_budget *b = luakit_budget_of(L);
    if (b->stopped) return luakit_stop(L);
    // Closing runs the coroutine's pending __close handlers, which are script code.
    lua_State *caller = b->running;
    b->running = co;
    status = lua_resetthread(co);
    b->running = caller;
    if (b->stopped) return luakit_stop(L);
    if (status == LUA_OK) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushboolean(L, 0);
    lua_xmove(co, L, 1);
    return 2;
}

static const luaL_Reg coroutine_functions[] = {
    {"create", co_create}, {"resume", co_resume}, {"running", co_running},
    {"status", co_status}, {"wrap", co_wrap}, {"yield", co_yield},
    {"isyieldable", co_isyieldable}, {"close", co_close}, {NULL, NULL},
};

int luakit_open_coroutine(lua_State *L) {
    luaL_newlib(L, coroutine_functions);
    return 1;
}
