// The time limit's alarm. One VM instruction can hide a long scan in C (utf8.len or
// tonumber on a 30 MB string, `==` on two long strings), so a clock read in the hook
// could come seconds late. A timer on the thread's CPU clock signals the thread that
// runs the script when its time is used up, and the handler re-arms the hook to fire on
// the very next instruction: lua_sethook is the one Lua call made to be called from a
// signal handler (lua.c stops scripts on Ctrl-C this way). The hook then reads a flag,
// not the clock. Where no timer can be made, the hook reads the clock instead.
#include "CLuaSandbox.h"
#include <lua.h>
#include <pthread.h>
#include <signal.h>
#include <string.h>
#include <time.h>
#if defined(__linux__)
#include <sys/syscall.h>
#include <unistd.h>
#endif

void luakit_fire_next(lua_State *L);

// The budget of the run this thread is executing (read by the signal handler).
static _Thread_local luakit_budget *volatile armed_budget = NULL;

#if defined(__linux__)
static _Thread_local int timer_made = 0;
static _Thread_local timer_t thread_timer;
static int handler_installed = 0;

static int deadline_signal(void) { return SIGRTMIN + 3; }

static void on_deadline(int signo) {
    (void)signo;
    luakit_budget *b = armed_budget;
    if (b != NULL && b->run_depth > 0) {
        b->time_up = 1;
        if (b->running != NULL) luakit_fire_next(b->running);
    }
}

static int make_timer(void) {
    if (timer_made) return 1;
    if (!__atomic_load_n(&handler_installed, __ATOMIC_ACQUIRE)) {
        struct sigaction action;
        memset(&action, 0, sizeof action);
        action.sa_handler = on_deadline;
        action.sa_flags = SA_RESTART;
        sigemptyset(&action.sa_mask);
        if (sigaction(deadline_signal(), &action, NULL) != 0) return 0;
        __atomic_store_n(&handler_installed, 1, __ATOMIC_RELEASE);
    }
    struct sigevent event;
    memset(&event, 0, sizeof event);
    event.sigev_notify = SIGEV_THREAD_ID;
    event.sigev_signo = deadline_signal();
    event._sigev_un._tid = (pid_t)syscall(SYS_gettid);
    if (timer_create(CLOCK_THREAD_CPUTIME_ID, &event, &thread_timer) != 0) return 0;
    timer_made = 1;
    return 1;
}

// Worker threads (libdispatch's among them) block most signals: let ours through on
// the thread that runs the script.
static void unblock_signal(void) {
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, deadline_signal());
    pthread_sigmask(SIG_UNBLOCK, &set, NULL);
}

static void set_timer(double seconds) {
    struct itimerspec spec;
    memset(&spec, 0, sizeof spec);
    if (seconds > 0) {
        spec.it_value.tv_sec = (time_t)seconds;
        spec.it_value.tv_nsec = (long)((seconds - (double)spec.it_value.tv_sec) * 1e9);
        if (spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0) spec.it_value.tv_nsec = 1;
    }
    timer_settime(thread_timer, 0, &spec, NULL);
}
#endif

void *luakit_arm_deadline(luakit_budget *b) {
    luakit_budget *previous = armed_budget;
    armed_budget = b;
    b->timer_armed = 0;
#if defined(__linux__)
    if (b->time_limit > 0 && make_timer()) {
        unblock_signal();
        set_timer(b->time_limit);
        b->timer_armed = 1;
    }
#endif
    return previous;
}

void luakit_disarm_deadline(void *previous) {
    armed_budget = previous;
#if defined(__linux__)
    if (timer_made) set_timer(0);
#endif
}
