import { ui } from '@need40/ui';

/** The error area (role="alert") and the success note (role="status") of an auth form. */
export function FormMessages({ error, success }: { error: string | null; success?: string | null }) {
  return (
    <>
      {error && (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      )}
      <div role="status">{success && <p className={ui.status}>{success}</p>}</div>
    </>
  );
}
