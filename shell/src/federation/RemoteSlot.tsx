/**
 * One remote on the page: `<RemoteSlot remote="gigs" expose="Gigs" label="Latest gigs" />`.
 * Loads the module through the federation runtime (timeout + one automatic retry, loader.ts),
 * renders it inside its own error boundary, and on any failure shows a message with a Retry
 * button that re-fetches the remote without reloading the page.
 * The wrapper carries `data-remote` and `data-remote-status` (loading | ready | error).
 */
import { startTransition, useCallback, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { KERNEL_PACKAGE } from '@need40/shared';
import { reportSlotFailure } from '../release/error-reporter';
import { KernelMismatchError } from './kernel';
import { loadRemoteModule } from './loader';
import type { RemoteName } from './remotes-config';
import { SlotErrorBoundary } from './SlotErrorBoundary';
import styles from './RemoteSlot.module.css';

type AnyProps = Record<string, unknown>;

const TEXT = {
  load: (label: string) => ({
    title: `${label} could not be loaded.`,
    hint: 'This part of Need40 is unreachable right now. The rest of the page still works. Try again in a moment.',
  }),
  crash: (label: string) => ({
    title: `${label} stopped working.`,
    hint: 'An error occurred in this part of Need40. The rest of the page still works. Try again, or reload the page later.',
  }),
};

/** A remote built for another kernel: say so plainly (Retry helps once it is redeployed). */
function kernelText(label: string, error: KernelMismatchError) {
  return {
    title: `${label} is not compatible with this page.`,
    hint: `It was built for ${KERNEL_PACKAGE} ${error.required}, but this page runs ${error.provided}, so it was not loaded. The rest of the page still works.`,
  };
}

type LoadState =
  | { status: 'loading' }
  | { status: 'ready'; Component: ComponentType<AnyProps> }
  | { status: 'error'; error: unknown };

interface Props {
  remote: RemoteName;
  expose: string;
  /** What the user calls this part of the page, e.g. "Latest gigs". */
  label: string;
  props?: AnyProps;
  /** Shown while loading; the auth modal passes null (it is invisible until opened). */
  loading?: ReactNode;
  className?: string;
  /** Hears the slot's status (loading | ready | error) each time it changes. */
  onStatus?: (status: 'loading' | 'ready' | 'error') => void;
}

export function RemoteSlot({ remote, expose, label, props, loading, className, onStatus }: Props) {
  const [state, setState] = useState<LoadState>({ status: 'loading' });
  const [generation, setGeneration] = useState(0);
  const [crashed, setCrashed] = useState(false);

  useEffect(() => {
    let cancelled = false;
    loadRemoteModule<{ default?: ComponentType<AnyProps> }>(remote, expose, { fresh: generation > 0 })
      .then((mod) => {
        if (cancelled) return;
        if (typeof mod.default !== 'function' && typeof mod.default !== 'object') {
          throw new Error(`${remote}/${expose} has no default export to render`);
        }
        // A transition: React renders the remote's tree in slices of a few milliseconds, yielding to
        // the browser between them, instead of one long task that blocks input (total blocking time).
        startTransition(() => setState({ status: 'ready', Component: mod.default as ComponentType<AnyProps> }));
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        reportSlotFailure(remote, 'slot-load', error);
        setState({ status: 'error', error });
      });
    return () => {
      cancelled = true;
    };
  }, [remote, expose, generation]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setCrashed(false);
    setGeneration((g) => g + 1);
  }, []);

  const message = (kind: 'load' | 'crash', error: unknown) => {
    const text = error instanceof KernelMismatchError ? kernelText(label, error) : TEXT[kind](label);
    return (
      <div className={styles.error} role="alert" data-remote-error={error instanceof KernelMismatchError ? 'kernel' : kind}>
        <p className={styles.errorTitle}>{text.title}</p>
        <p className={styles.errorHint}>{text.hint}</p>
        <button type="button" className={styles.retry} onClick={retry}>
          Retry
        </button>
        <details className={styles.details}>
          <summary>Technical details</summary>
          <pre>{error instanceof Error ? error.message : String(error)}</pre>
        </details>
      </div>
    );
  };

  const onCrash = useCallback(
    (error: Error) => {
      reportSlotFailure(remote, 'slot-crash', error);
      setCrashed(true);
    },
    [remote],
  );
  const status = crashed ? 'error' : state.status;
  useEffect(() => onStatus?.(status), [onStatus, status]);
  return (
    <div
      className={[styles.slot, className].filter(Boolean).join(' ')}
      data-remote={remote}
      data-remote-status={status}
      aria-busy={status === 'loading'}
    >
      {state.status === 'loading' &&
        (loading === undefined ? (
          <div className={styles.loading} role="status">
            <span className={styles.skeleton} aria-hidden="true" />
            <span className="visually-hidden">Loading {label}…</span>
          </div>
        ) : (
          loading
        ))}
      {state.status === 'error' && message('load', state.error)}
      {state.status === 'ready' && (
        <SlotErrorBoundary resetKey={generation} onError={onCrash} fallback={(error) => message('crash', error)}>
          <state.Component {...props} />
        </SlotErrorBoundary>
      )}
    </div>
  );
}
