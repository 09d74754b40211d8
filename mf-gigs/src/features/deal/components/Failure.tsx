import { ui } from '@need40/ui';

/** A step's failure, announced; nothing when there is none. */
export function Failure({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className={ui.alert}>
      {text}
    </p>
  ) : null;
}
