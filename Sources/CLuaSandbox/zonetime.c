// os.date and os.time in a time zone the host names (a park's), instead of the process's
// TZ: the same script and clock give the same text on every machine. The host answers
// "what is the offset, DST flag and abbreviation at this instant" (luakit_zone_fn); the
// rest is the C library's UTC calendar (gmtime_r, timegm) and strftime, which reads the
// offset and abbreviation from tm_gmtoff and tm_zone for %z and %Z. Arguments, defaults
// and error messages are stock 5.4.4's (loslib.c), so only the zone differs.
#define _GNU_SOURCE
#include "CLuaSandbox.h"
#include <lua.h>
#include <lauxlib.h>
#include <limits.h>
#include <string.h>
#include <time.h>

static char zone_key;

/// The zone of a state; lookup is NULL until the host sets one (then stock's functions run).
typedef struct zone_slot {
    luakit_zone_fn lookup;
    void *zone;
} zone_slot;

/// Pushes the state's zone slot, creating it on first use (at install time, protected).
static zone_slot *push_slot(lua_State *L) {
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &zone_key) == LUA_TUSERDATA)
        return (zone_slot *)lua_touserdata(L, -1);
    lua_pop(L, 1);
    zone_slot *slot = (zone_slot *)lua_newuserdatauv(L, sizeof(zone_slot), 0);
    slot->lookup = NULL;
    slot->zone = NULL;
    lua_pushvalue(L, -1);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &zone_key);
    return slot;
}

void luakit_set_zone(lua_State *L, luakit_zone_fn lookup, void *zone) {
    // The slot exists once the host functions are installed; reading it allocates nothing.
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &zone_key) == LUA_TUSERDATA) {
        zone_slot *slot = (zone_slot *)lua_touserdata(L, -1);
        slot->lookup = lookup;
        slot->zone = zone;
    }
    lua_pop(L, 1);
}

/// The broken-down local time of `t` in the slot's zone; NULL when it cannot be represented.
static struct tm *local_time(const zone_slot *slot, time_t t, struct tm *out, luakit_zone_info *info) {
    memset(info, 0, sizeof *info);
    if (!slot->lookup(slot->zone, (long long)t, info)) return NULL;
    time_t shifted;
    if (__builtin_add_overflow(t, (time_t)info->offset, &shifted)) return NULL;
    if (gmtime_r(&shifted, out) == NULL) return NULL;
    out->tm_isdst = info->isdst;
    out->tm_gmtoff = info->offset;
    out->tm_zone = info->abbreviation;
    return out;
}

// MARK: - Fields of a date table, as loslib's

static void setfield(lua_State *L, const char *key, int value, int delta) {
    lua_pushinteger(L, (lua_Integer)value + delta);
    lua_setfield(L, -2, key);
}

static void setallfields(lua_State *L, const struct tm *stm) {
    setfield(L, "year", stm->tm_year, 1900);
    setfield(L, "month", stm->tm_mon, 1);
    setfield(L, "day", stm->tm_mday, 0);
    setfield(L, "hour", stm->tm_hour, 0);
    setfield(L, "min", stm->tm_min, 0);
    setfield(L, "sec", stm->tm_sec, 0);
    setfield(L, "yday", stm->tm_yday, 1);
    setfield(L, "wday", stm->tm_wday, 1);
    if (stm->tm_isdst >= 0) {
        lua_pushboolean(L, stm->tm_isdst);
        lua_setfield(L, -2, "isdst");
    }
}

/// Field `key` of the table on top, minus `delta`; `fallback` when absent (< 0: required).
static int getfield(lua_State *L, const char *key, int fallback, int delta) {
    int isnum;
    int type = lua_getfield(L, -1, key);
    lua_Integer value = lua_tointegerx(L, -1, &isnum);
    if (!isnum) {
        if (type != LUA_TNIL) return luaL_error(L, "field '%s' is not an integer", key);
        if (fallback < 0) return luaL_error(L, "field '%s' missing in date table", key);
        value = fallback;
    } else {
        if (!(value >= 0 ? value - delta <= INT_MAX : INT_MIN + delta <= value))
            return luaL_error(L, "field '%s' is out-of-bound", key);
        value -= delta;
    }
    lua_pop(L, 1);
    return (int)value;
}

static int getboolfield(lua_State *L, const char *key) {
    int value = (lua_getfield(L, -1, key) == LUA_TNIL) ? -1 : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return value;
}

// MARK: - os.time

/// The instant whose local time in the zone is the wall-clock time `wall` (local fields read
/// as UTC). An hour repeated by a change back to standard time takes the `isdst` hint
/// (-1: standard time, the later instant, as glibc's mktime); an hour skipped by a change to DST counts as the offset
/// before it, so 02:30 on a spring-forward day is 03:30 DST, as mktime does.
static int wall_to_utc(const zone_slot *slot, time_t wall, int isdst, time_t *out) {
    luakit_zone_info before, after, check;
    if (!slot->lookup(slot->zone, (long long)wall - 43200, &before)) return 0;
    if (!slot->lookup(slot->zone, (long long)wall + 43200, &after)) return 0;
    long offsets[2] = { before.offset, after.offset };
    int found = 0;
    time_t chosen = 0;
    for (int i = 0; i < 2; i++) {
        if (i == 1 && offsets[1] == offsets[0]) break;
        time_t t = wall - (time_t)offsets[i];
        if (!slot->lookup(slot->zone, (long long)t, &check) || check.offset != offsets[i]) continue;
        int wanted = isdst >= 0 ? isdst != 0 : 0;     // no hint: standard time, as glibc
        if (!found || (check.isdst != 0) == wanted) chosen = t;
        found = 1;
    }
    *out = found ? chosen : wall - (time_t)offsets[0];
    return 1;
}

/// Upvalues: 1 the stock function, 2 the fixed time or nil.
int luakit_zone_time(lua_State *L) {
    zone_slot *slot = push_slot(L);
    lua_pop(L, 1);
    if (slot->lookup == NULL || lua_isnoneornil(L, 1)) {
        if (lua_isnoneornil(L, 1) && !lua_isnil(L, lua_upvalueindex(2))) {
            lua_pushvalue(L, lua_upvalueindex(2));
            return 1;
        }
        return lua_tocfunction(L, lua_upvalueindex(1))(L);
    }
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    struct tm fields;
    memset(&fields, 0, sizeof fields);
    fields.tm_year = getfield(L, "year", -1, 1900);
    fields.tm_mon = getfield(L, "month", -1, 1);
    fields.tm_mday = getfield(L, "day", -1, 0);
    fields.tm_hour = getfield(L, "hour", 12, 0);
    fields.tm_min = getfield(L, "min", 0, 0);
    fields.tm_sec = getfield(L, "sec", 0, 0);
    int isdst = getboolfield(L, "isdst");
    time_t wall = timegm(&fields);               // normalises the fields, as UTC
    time_t t = (time_t)-1;
    struct tm normal;
    luakit_zone_info info;
    if (wall == (time_t)-1 || !wall_to_utc(slot, wall, isdst, &t) || local_time(slot, t, &normal, &info) == NULL)
        t = (time_t)-1;
    else
        setallfields(L, &normal);                // update fields with normalised values
    if (t != (time_t)(lua_Integer)t || t == (time_t)-1)
        return luaL_error(L, "time result cannot be represented in this installation");
    lua_pushinteger(L, (lua_Integer)t);
    return 1;
}

// MARK: - os.date

// The conversions C99 strftime knows, as loslib's L_STRFTIMEC99: one-character ones, then
// "||", two-character ones (E and O modifiers).
static const char *const conversions =
    "aAbBcCdDeFgGhHIjmMnprRStTuUVwWxXyYzZ%"
    "||" "EcECExEXEyEY" "OdOeOHOIOmOMOSOuOUOVOwOWOy";

static const char *checkoption(lua_State *L, const char *conv, ptrdiff_t convlen, char *buff) {
    const char *option = conversions;
    int oplen = 1;
    for (; *option != '\0' && oplen <= convlen; option += oplen) {
        if (*option == '|')
            oplen++;
        else if (memcmp(conv, option, (size_t)oplen) == 0) {
            memcpy(buff, conv, (size_t)oplen);
            buff[oplen] = '\0';
            return conv + oplen;
        }
    }
    luaL_argerror(L, 1, lua_pushfstring(L, "invalid conversion specifier '%%%s'", conv));
    return conv;
}

/// Upvalues: 1 the stock function, 2 the fixed time or nil.
int luakit_zone_date(lua_State *L) {
    zone_slot *slot = push_slot(L);
    lua_pop(L, 1);
    if (lua_isnoneornil(L, 2) && !lua_isnil(L, lua_upvalueindex(2))) {
        lua_settop(L, 1);                        // no format: nil, which os.date reads as "%c"
        lua_pushvalue(L, lua_upvalueindex(2));
    }
    size_t length;
    const char *format = luaL_optlstring(L, 1, "%c", &length);
    if (slot->lookup == NULL || format[0] == '!')   // the host's zone, or UTC: stock's own
        return lua_tocfunction(L, lua_upvalueindex(1))(L);
    const char *end = format + length;
    time_t t;
    if (lua_isnoneornil(L, 2))
        t = time(NULL);
    else {
        lua_Integer given = luaL_checkinteger(L, 2);
        t = (time_t)given;
        luaL_argcheck(L, (lua_Integer)t == given, 2, "time out-of-bounds");
    }
    struct tm local;
    luakit_zone_info info;
    if (local_time(slot, t, &local, &info) == NULL)
        return luaL_error(L, "date result cannot be represented in this installation");
    if (strcmp(format, "*t") == 0) {
        lua_createtable(L, 0, 9);
        setallfields(L, &local);
        return 1;
    }
    char conversion[4] = { '%' };
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    while (format < end) {
        if (*format != '%') {
            luaL_addchar(&b, *format++);
            continue;
        }
        char *out = luaL_prepbuffsize(&b, 250);
        format = checkoption(L, format + 1, end - format - 1, conversion + 1);
        luaL_addsize(&b, strftime(out, 250, conversion, &local));
    }
    luaL_pushresult(&b);
    return 1;
}

void luakit_open_zone(lua_State *L) {
    push_slot(L);
    lua_pop(L, 1);
}
