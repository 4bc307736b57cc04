#ifndef C_EXECUTOR_HOOK_H
#define C_EXECUTOR_HOOK_H

/// Routes every job of Swift concurrency's global executor to `enqueue` (a job pointer, an
/// `UnownedJob`'s), through the runtime's `swift_task_enqueueGlobal_hook`: SwiftNIO's own
/// takeover finds that hook by its dynamic symbol, which a statically linked standard library
/// does not export, so this names it at link time instead.
/// Returns 1 when installed, 0 when a hook was already installed (nothing changes).
int flowrun_route_global_jobs(void (*enqueue)(void *job));

#endif
