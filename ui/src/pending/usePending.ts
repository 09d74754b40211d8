import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * How long a pending action may run before the person is told it is slow and offered Retry or
 * Cancel. The one rule for every action of every remote ("Sending...", "Recording your
 * payment...", posting a gig, applying, Accept and Decline): well inside the 8 seconds after which
 * people give up on a silent button.
 */
export const SLOW_AFTER_MS = 6_000;

/** What became of an action: its value, its error, or the person cancelled it. */
export type Outcome<T> = { status: 'done'; value: T } | { status: 'failed'; error: unknown } | { status: 'cancelled' };

/** One attempt of the action; `signal` aborts its request when the person retries or cancels. */
export type Attempt<T> = (signal: AbortSignal) => Promise<T>;

export interface Pending {
  /** An attempt is running (a second `run` while busy is ignored: a double click acts once). */
  busy: boolean;
  /** It has run for SLOW_AFTER_MS: show SlowNotice. */
  slow: boolean;
  /**
   * Runs `attempt` and resolves with the outcome of its LAST attempt: Retry aborts the running one
   * and starts it again, Cancel aborts it and resolves `cancelled`. The attempt must be safe to
   * repeat (an idempotency key, a state check in SQL): an aborted request may still have arrived.
   * Resolves `null` when an action was already running.
   */
  run<T>(attempt: Attempt<T>): Promise<Outcome<T> | null>;
  retry(): void;
  cancel(): void;
}

interface Running {
  controller: AbortController;
  start(): void;
  settle(outcome: Outcome<unknown>): void;
}

/**
 * One pending action of a component: busy, slow after SLOW_AFTER_MS, Retry and Cancel.
 *
 *   const pending = usePending();
 *   const outcome = await pending.run((signal) => applyToGig(input, signal));
 *   if (outcome?.status === 'done') …;  if (outcome?.status === 'failed') show(failureText(…));
 *   <SlowNotice pending={pending} />
 */
export function usePending(slowAfterMs: number = SLOW_AFTER_MS): Pending {
  const [state, setState] = useState({ busy: false, slow: false });
  const running = useRef<Running | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const stopClock = () => clearTimeout(timer.current);
  const startClock = useCallback(() => {
    stopClock();
    setState({ busy: true, slow: false });
    timer.current = setTimeout(() => setState({ busy: true, slow: true }), slowAfterMs);
  }, [slowAfterMs]);

  const run = useCallback(
    <T,>(attempt: Attempt<T>): Promise<Outcome<T> | null> => {
      if (running.current) return Promise.resolve(null);
      return new Promise<Outcome<T> | null>((resolve) => {
        const current: Running = {
          controller: new AbortController(),
          start() {
            const controller = new AbortController();
            current.controller = controller;
            startClock();
            // An answer to an attempt that was retried or cancelled is dropped.
            const settle = (outcome: Outcome<T>) => {
              if (controller === current.controller) current.settle(outcome);
            };
            attempt(controller.signal).then(
              (value) => settle({ status: 'done', value }),
              (error: unknown) => settle({ status: 'failed', error }),
            );
          },
          settle(outcome) {
            if (running.current !== current) return;
            running.current = null;
            stopClock();
            setState({ busy: false, slow: false });
            resolve(outcome as Outcome<T>);
          },
        };
        running.current = current;
        current.start();
      });
    },
    [startClock],
  );

  const retry = useCallback(() => {
    const current = running.current;
    if (!current) return;
    current.controller.abort();
    current.start();
  }, []);

  const cancel = useCallback(() => {
    const current = running.current;
    if (!current) return;
    current.controller.abort();
    current.settle({ status: 'cancelled' });
  }, []);

  // Leaving the page: stop waiting, and let no late answer set state on an unmounted component.
  useEffect(
    () => () => {
      stopClock();
      const current = running.current;
      running.current = null;
      current?.controller.abort();
    },
    [],
  );

  return { ...state, run, retry, cancel };
}
