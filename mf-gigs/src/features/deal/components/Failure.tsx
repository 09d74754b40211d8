import { SlowNotice, ui, type Pending } from '@need40/ui';

/** A step's failure, announced (nothing when there is none), and its slow notice while it runs. */
export function Failure({ text, pending }: { text: string | null; pending: Pending }) {
  return (
    <>
      <SlowNotice pending={pending} />
      {text && (
        <p role="alert" className={ui.alert}>
          {text}
        </p>
      )}
    </>
  );
}
