/**
 * Give the main thread back to the browser: resolves in a new task, so whatever runs after the
 * `await` starts a task of its own. The federation runtime loads shared modules and remotes as one
 * chain of promises; without a break, a whole chain runs as one long task (total blocking time).
 * `scheduler.yield()` where the browser has it (the continuation goes ahead of other queued
 * tasks), a MessageChannel message otherwise (setTimeout(0) is clamped to 4 ms once nested).
 */
interface SchedulerWithYield {
  yield?: () => Promise<void>;
}

export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: SchedulerWithYield }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel === 'function') {
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => {
        channel.port1.close();
        resolve();
      };
      channel.port2.postMessage(null);
    });
  }
  return new Promise((resolve) => setTimeout(resolve, 0));
}
