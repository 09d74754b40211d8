import ui from './ui.module.css';

/** "Loading your gigs..." as a status message. */
export function Loading({ what }: { what: string }) {
  return (
    <p className={ui.busy} role="status">
      Loading {what}...
    </p>
  );
}

/** A read that failed: says so as an alert, with Try again. */
export function LoadFailed({ what, retry }: { what: string; retry: () => void }) {
  return (
    <div role="alert" className={ui.alert}>
      <p>Could not load {what}. Check your connection and try again.</p>
      <button type="button" className={ui.secondary} onClick={retry}>
        Try again
      </button>
    </div>
  );
}
