#include <stddef.h>
#include "CExecutorHook.h"

// The runtime's declarations (swift/Runtime/Concurrency.h): both take the job first, and the
// hook is given the runtime's own enqueue, which this one does not need.
typedef void (*swift_enqueue_original)(void *job) __attribute__((swiftcall));
typedef void (*swift_enqueue_hook)(void *job, swift_enqueue_original original) __attribute__((swiftcall));
extern swift_enqueue_hook swift_task_enqueueGlobal_hook;

static void (*route)(void *job);

__attribute__((swiftcall)) static void enqueue_on_route(void *job, swift_enqueue_original original) {
    (void)original;
    route(job);
}

int flowrun_route_global_jobs(void (*enqueue)(void *job)) {
    if (swift_task_enqueueGlobal_hook != NULL || enqueue == NULL) return 0;
    route = enqueue;
    swift_task_enqueueGlobal_hook = enqueue_on_route;
    return 1;
}
