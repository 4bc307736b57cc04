// The Lua 5.4 pattern matcher (manual §6.4.1), written for the sandbox: it behaves as stock
// Lua 5.4.4's backtracking matcher (same results, same errors, same recursion limit), but
// it counts its work and charges it to the run's instruction budget, because no count hook
// fires inside C and a backtracking pattern can run for hours there (docs/architecture.md, "Long C
// calls don't reach the hook").
//
// The matcher never raises. An error in the pattern or a spent budget marks the state
// abandoned and every level returns NULL at once; the library function (patterns.c) then
// raises the error or stops the run from its own frame, with nothing held in between.
// Errors stay lazy as in stock Lua: a malformed part of the pattern is reported only
// when the matcher reaches it, so ("abc"):find("x%") is nil, not an error.
#include "pattern_match.h"
#include "CLuaSandbox.h"
#include <lauxlib.h>
#include <ctype.h>
#include <string.h>

// The rate. Flows run under the count hook, so every VM instruction goes through
// luaG_traceexec; measured on the 2-core development machine (Lua 5.4.4 and this file
// both -O2, same run), a hooked instruction takes 8 ns for the cheapest kind (a numeric
// for with an add) and 14-22 ns in ordinary code (table fields, calls, building arrays),
// while one matcher step (a literal character, a character of `.*`, a %b scan step)
// takes 6-10 ns, as in stock Lua's matcher, which this one keeps pace with. Two steps per
// instruction prices a step like half an ordinary instruction and about one cheap one, so
// a budget of N instructions bounds the time spent in patterns about as it bounds the
// time spent in Lua code. (Four, the first guess, gave patterns twice that time.) The
// machine was busy while measuring; both figures slow down alike, so the ratio holds. A
// debug build compiles this file -O0, which makes a step about 2.5 times slower.
enum { STEPS_PER_INSTRUCTION = 2 };
// Plain find (memmem) walks a subject at 0.45-0.65 ns per byte in the same measurement:
// 16 bytes per instruction prices it like the cheapest instruction, on the safe side.
enum { PLAIN_BYTES_PER_INSTRUCTION = 16 };
// Steps are charged in batches, so the matcher's inner loops pay one addition and one
// comparison per step, and luakit_charge runs once per 1024 steps.
enum { STEP_BATCH = 1024 };

// The errors, with stock Lua 5.4.4's wording.
enum {
    ERR_TOO_COMPLEX = 1,
    ERR_ENDS_WITH_ESCAPE,
    ERR_MISSING_BRACKET,
    ERR_BALANCE_ARGUMENTS,
    ERR_FRONTIER_BRACKET,
    ERR_CAPTURE_INDEX,
    ERR_PATTERN_CAPTURE,
    ERR_TOO_MANY_CAPTURES,
};

#define uchar(c) ((unsigned char)(c))

void pm_prepare(pm_state *ms, lua_State *L, const char *s, size_t ls, const char *p, size_t lp) {
    ms->L = L;
    ms->src_init = s;
    ms->src_end = s + ls;
    ms->p_end = p + lp;
    ms->steps = 0;
    pm_reset(ms);
}

void pm_reset(pm_state *ms) {
    ms->level = 0;
    ms->matchdepth = PM_MAXCCALLS;
    ms->abandoned = PM_GOING;
}

// Charges whole instructions for the steps counted so far, keeping the remainder.
static int charge_batch(pm_state *ms) {
    long long instructions = ms->steps / STEPS_PER_INSTRUCTION;
    ms->steps -= instructions * STEPS_PER_INSTRUCTION;
    if (luakit_charge(ms->L, instructions)) {
        ms->abandoned = PM_STOPPED;
        return 1;
    }
    return 0;
}

// Counts `k` steps; returns 1 when the budget is spent and the match must be abandoned.
static inline int tick(pm_state *ms, long long k) {
    ms->steps += k;
    return ms->steps >= STEP_BATCH && charge_batch(ms);
}

int pm_settle(pm_state *ms) {
    // Round up: a call that did any work pays at least one instruction. Always asks, so a
    // run already stopped cannot go on through cheap calls.
    long long instructions = (ms->steps + STEPS_PER_INSTRUCTION - 1) / STEPS_PER_INSTRUCTION;
    ms->steps = 0;
    return luakit_charge(ms->L, instructions);
}

void pm_count_scan(pm_state *ms, size_t bytes) {
    ms->steps += (long long)(bytes * STEPS_PER_INSTRUCTION / PLAIN_BYTES_PER_INSTRUCTION);
}

int pm_charge_plain(lua_State *L, size_t bytes) {
    return luakit_charge(L, (long long)((bytes + PLAIN_BYTES_PER_INSTRUCTION - 1) / PLAIN_BYTES_PER_INSTRUCTION));
}

// Marks the match abandoned by an error in the pattern; returns NULL for the caller to return.
static const char *give_up(pm_state *ms, int error, int arg) {
    ms->abandoned = PM_ERROR;
    ms->error = error;
    ms->error_arg = arg;
    return NULL;
}

int pm_abandon(pm_state *ms) {
    lua_State *L = ms->L;
    if (ms->abandoned == PM_STOPPED) return luakit_stop(L);
    switch (ms->error) {
    case ERR_TOO_COMPLEX: return luaL_error(L, "pattern too complex");
    case ERR_ENDS_WITH_ESCAPE: return luaL_error(L, "malformed pattern (ends with '%%')");
    case ERR_MISSING_BRACKET: return luaL_error(L, "malformed pattern (missing ']')");
    case ERR_BALANCE_ARGUMENTS: return luaL_error(L, "malformed pattern (missing arguments to '%%b')");
    case ERR_FRONTIER_BRACKET: return luaL_error(L, "missing '[' after '%%f' in pattern");
    case ERR_CAPTURE_INDEX: return luaL_error(L, "invalid capture index %%%d", ms->error_arg);
    case ERR_PATTERN_CAPTURE: return luaL_error(L, "invalid pattern capture");
    case ERR_TOO_MANY_CAPTURES: return luaL_error(L, "too many captures");
    default: return luaL_error(L, "pattern matching failed");
    }
}

// --- Single characters ------------------------------------------------------------------

// Whether c is in class %cl (a letter; an upper-case one is the complement).
static int match_class(int c, int cl) {
    int res;
    switch (tolower(cl)) {
    case 'a': res = isalpha(c); break;
    case 'c': res = iscntrl(c); break;
    case 'd': res = isdigit(c); break;
    case 'g': res = isgraph(c); break;
    case 'l': res = islower(c); break;
    case 'p': res = ispunct(c); break;
    case 's': res = isspace(c); break;
    case 'u': res = isupper(c); break;
    case 'w': res = isalnum(c); break;
    case 'x': res = isxdigit(c); break;
    case 'z': res = (c == 0); break;          // deprecated, still accepted by 5.4.4
    default: return cl == c;                  // %. %% %( ...: the character itself
    }
    return isupper(cl) ? !res : res;
}

// Whether c is in the set [...] from p (its '[') to ec (its ']').
static int match_set(int c, const char *p, const char *ec) {
    int inside = 1;
    if (*(p + 1) == '^') {
        inside = 0;
        p++;
    }
    while (++p < ec) {
        if (*p == '%') {
            p++;
            if (match_class(c, uchar(*p))) return inside;
        } else if (*(p + 1) == '-' && p + 2 < ec) {   // a range; a '-' first or last is literal
            p += 2;
            if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return inside;
        } else if (uchar(*p) == c) {
            return inside;
        }
    }
    return !inside;
}

// Just past the single-character class at p: "x", "%x", "." or "[set]". NULL (and the
// state abandoned) when the pattern is malformed there.
static const char *class_end(pm_state *ms, const char *p) {
    switch (*p++) {
    case '%':
        if (p == ms->p_end) return give_up(ms, ERR_ENDS_WITH_ESCAPE, 0);
        return p + 1;
    case '[':
        if (*p == '^') p++;
        do {                                   // the first ']' after '[' or '[^' is literal
            if (p == ms->p_end) return give_up(ms, ERR_MISSING_BRACKET, 0);
            if (*(p++) == '%' && p < ms->p_end) p++;   // skip escapes such as %]
        } while (*p != ']');
        return p + 1;
    default:
        return p;
    }
}

// Whether the subject character at s matches the class from p to ep.
static int single_match(const pm_state *ms, const char *s, const char *p, const char *ep) {
    if (s >= ms->src_end) return 0;
    int c = uchar(*s);
    switch (*p) {
    case '.': return 1;
    case '%': return match_class(c, uchar(*(p + 1)));
    case '[': return match_set(c, p, ep - 1);
    default: return uchar(*p) == c;
    }
}

// Testing a character against a class costs one step; a long set costs one more per 16
// bytes, since matching it (and finding its end) walks all of it.
static long long class_cost(const char *p, const char *ep) {
    return 1 + ((ep - p) >> 4);
}

// --- Items that recurse --------------------------------------------------------------------

static const char *do_match(pm_state *ms, const char *s, const char *p);

// %bxy: a run from x to the matching y, counting nesting.
static const char *match_balance(pm_state *ms, const char *s, const char *p) {
    if (p >= ms->p_end - 1) return give_up(ms, ERR_BALANCE_ARGUMENTS, 0);
    if (*s != *p) return NULL;                 // at the end *s is the subject's '\0'
    int open = *p, close = *(p + 1), depth = 1;
    while (++s < ms->src_end) {
        if (tick(ms, 1)) return NULL;
        if (*s == close) {
            if (--depth == 0) return s + 1;
        } else if (*s == open) {
            depth++;
        }
    }
    return NULL;                               // the subject ends unbalanced
}

// Item followed by '*' (or '+' after its first match): as many as possible, then fewer.
static const char *max_expand(pm_state *ms, const char *s, const char *p, const char *ep) {
    long long cost = class_cost(p, ep);
    ptrdiff_t i = 0;
    while (single_match(ms, s + i, p, ep)) {
        i++;
        if (tick(ms, cost)) return NULL;
    }
    for (; i >= 0; i--) {
        const char *res = do_match(ms, s + i, ep + 1);
        if (res != NULL || ms->abandoned) return res;
    }
    return NULL;
}

// Item followed by '-': as few as possible, then more.
static const char *min_expand(pm_state *ms, const char *s, const char *p, const char *ep) {
    long long cost = class_cost(p, ep);
    for (;;) {
        const char *res = do_match(ms, s, ep + 1);
        if (res != NULL || ms->abandoned) return res;
        if (!single_match(ms, s, p, ep)) return NULL;
        s++;
        if (tick(ms, cost)) return NULL;
    }
}

static const char *start_capture(pm_state *ms, const char *s, const char *p, ptrdiff_t what) {
    int level = ms->level;
    if (level >= PM_MAXCAPTURES) return give_up(ms, ERR_TOO_MANY_CAPTURES, 0);
    ms->capture[level].init = s;
    ms->capture[level].len = what;
    ms->level = level + 1;
    const char *res = do_match(ms, s, p);
    if (res == NULL) ms->level--;              // undo the capture
    return res;
}

static const char *end_capture(pm_state *ms, const char *s, const char *p) {
    int l = ms->level - 1;                     // the innermost capture still open
    while (l >= 0 && ms->capture[l].len != PM_CAP_UNFINISHED) l--;
    if (l < 0) return give_up(ms, ERR_PATTERN_CAPTURE, 0);
    ms->capture[l].len = s - ms->capture[l].init;
    const char *res = do_match(ms, s, p);
    if (res == NULL) ms->capture[l].len = PM_CAP_UNFINISHED;   // undo the close
    return res;
}

// %1-%9 (and %0, an error): the text of a closed capture again.
static const char *match_back_reference(pm_state *ms, const char *s, int digit) {
    int l = digit - '1';
    if (l < 0 || l >= ms->level || ms->capture[l].len == PM_CAP_UNFINISHED)
        return give_up(ms, ERR_CAPTURE_INDEX, l + 1);
    size_t len = (size_t)ms->capture[l].len;   // a position capture becomes huge: no match
    if ((size_t)(ms->src_end - s) < len) return NULL;
    // Charged as if every byte were compared. memcmp may stop sooner and is far faster
    // per byte than a matcher step, so this overprices: the safe side, and back-references
    // are short in the patterns authors write.
    if (tick(ms, (long long)len)) return NULL;
    return memcmp(ms->capture[l].init, s, len) == 0 ? s + len : NULL;
}

// --- The matcher ---------------------------------------------------------------------------

// Matches pattern p at subject position s: the end of the match or NULL. What stock Lua
// writes as tail calls are iterations of the loop, so only items that backtrack
// ('*', '+', '-', '?') and captures recurse, at most PM_MAXCCALLS deep.
static const char *do_match(pm_state *ms, const char *s, const char *p) {
    if (ms->matchdepth-- == 0) return give_up(ms, ERR_TOO_COMPLEX, 0);
    for (;;) {
        if (tick(ms, 1)) { s = NULL; break; }
        if (p == ms->p_end) break;             // the whole pattern matched
        switch (*p) {
        case '(':
            if (*(p + 1) == ')') s = start_capture(ms, s, p + 2, PM_CAP_POSITION);
            else s = start_capture(ms, s, p + 1, PM_CAP_UNFINISHED);
            goto out;
        case ')':
            s = end_capture(ms, s, p + 1);
            goto out;
        case '$':
            if (p + 1 != ms->p_end) goto single;   // '$' only anchors at the very end
            s = (s == ms->src_end) ? s : NULL;
            goto out;
        case '%':
            switch (*(p + 1)) {
            case 'b':
                s = match_balance(ms, s, p + 2);
                if (s == NULL) goto out;
                p += 4;
                continue;
            case 'f': {
                p += 2;
                if (*p != '[') { s = give_up(ms, ERR_FRONTIER_BRACKET, 0); goto out; }
                const char *ep = class_end(ms, p);
                if (ep == NULL) { s = NULL; goto out; }
                if (tick(ms, class_cost(p, ep))) { s = NULL; goto out; }
                int previous = (s == ms->src_init) ? '\0' : uchar(*(s - 1));
                // At the end of the subject the next character is its '\0'.
                if (match_set(previous, p, ep - 1) || !match_set(uchar(*s), p, ep - 1)) { s = NULL; goto out; }
                p = ep;
                continue;
            }
            case '0': case '1': case '2': case '3': case '4':
            case '5': case '6': case '7': case '8': case '9':
                s = match_back_reference(ms, s, uchar(*(p + 1)));
                if (s == NULL) goto out;
                p += 2;
                continue;
            default:
                goto single;
            }
        default:
        single: {                              // a single-character class and its suffix
            const char *ep = class_end(ms, p);
            if (ep == NULL) { s = NULL; goto out; }
            long long extra = class_cost(p, ep) - 1;   // a long set; the loop paid the 1
            if (extra > 0 && tick(ms, extra)) { s = NULL; goto out; }
            if (!single_match(ms, s, p, ep)) {
                if (*ep == '*' || *ep == '?' || *ep == '-') {   // zero of them will do
                    p = ep + 1;
                    continue;
                }
                s = NULL;                      // '+' or no suffix: fail
                goto out;
            }
            switch (*ep) {
            case '?': {
                const char *res = do_match(ms, s + 1, ep + 1);
                if (res != NULL || ms->abandoned) { s = res; goto out; }
                p = ep + 1;                    // without it, then
                continue;
            }
            case '+':
                s = max_expand(ms, s + 1, p, ep);
                goto out;
            case '*':
                s = max_expand(ms, s, p, ep);
                goto out;
            case '-':
                s = min_expand(ms, s, p, ep);
                goto out;
            default:                           // exactly one
                s++;
                p = ep;
                continue;
            }
        }
        }
    }
out:
    ms->matchdepth++;
    return s;
}

const char *pm_match(pm_state *ms, const char *s, const char *p) {
    const char *e = do_match(ms, s, p);
    return ms->abandoned ? NULL : e;
}
