import { ui } from '@need40/ui';

/** A security form's error (role="alert") and its outcome (role="status", always present so it is announced). */
export function Messages({ error, status }: { error: string | null; status?: string | null }) {
  return (
    <>
      {error && (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      )}
      <p role="status" className={status ? ui.status : undefined}>
        {status}
      </p>
    </>
  );
}
