/**
 * Code that runs outside a request — socket listeners, timers, the presence sweep, token expiry,
 * LISTEN/NOTIFY handlers — has nobody to answer an error to: a throw there is an uncaught
 * exception (or an unhandled rejection) and Node exits, taking auth, REST and realtime down with
 * one connection's fault. Every such entry point of /realtime/v1 is wrapped here: the error is
 * logged and the process keeps serving.
 *
 * @example ws.on('close', contained(onError, () => this.teardown()));
 */
export type OnError = (error: unknown) => void;

/** `fn` made unable to throw or reject: errors go to `onError` (which must not throw itself). */
export function contained<A extends unknown[]>(onError: OnError, fn: (...args: A) => unknown): (...args: A) => void {
  return (...args: A) => {
    try {
      const result = fn(...args);
      if (result instanceof Promise) result.catch(report(onError));
    } catch (error) {
      report(onError)(error);
    }
  };
}

/** setTimeout with a contained callback, unref'd (it never keeps the process alive). */
export function containedTimer(onError: OnError, ms: number, fn: () => unknown): NodeJS.Timeout {
  const timer = setTimeout(contained(onError, fn), ms);
  timer.unref();
  return timer;
}

/** The logger itself failing must not become the uncaught exception. */
const report = (onError: OnError) => (error: unknown) => {
  try {
    onError(error);
  } catch {
    // nothing left to tell
  }
};
