import { useState, type FormEvent } from 'react';
import { TextField, ui } from '@need40/ui';
import { HOURS_MAX, setAgreedHours } from './api';
import { Failure } from './Failure';
import type { Deal } from './types';
import { useStep } from './useStep';
import styles from './Deal.module.css';

export const HOURS_RANGE_ERROR = `The agreed hours must be greater than 0 and at most ${HOURS_MAX}`;

/** What is wrong with the typed hours, in words; null when the database would take them. */
export function hoursError(text: string): string | null {
  if (!text.trim()) return 'Enter the agreed hours';
  const hours = Number(text);
  if (!Number.isFinite(hours)) return 'Enter the agreed hours as a number, e.g. 12 or 7.5';
  return hours <= 0 || hours > HOURS_MAX ? HOURS_RANGE_ERROR : null;
}

/** The poster sets or changes the agreed hours of an hourly gig (until a payment is recorded). */
export function AgreedHours({ deal, onDone }: { deal: Deal; onDone: () => void }) {
  const [text, setText] = useState(deal.agreedHours === null ? '' : String(deal.agreedHours));
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const step = useStep(onDone);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = hoursError(text);
    setError(problem);
    setSaved(false);
    if (problem) return;
    setSaved(await step.run(() => setAgreedHours(deal.id, Number(text)), 'The hours could not be saved. Check your connection and try again.'));
  };

  return (
    <form className={styles.inline} noValidate onSubmit={(e) => void submit(e)} aria-label={`Agreed hours with ${deal.workerName}`}>
      <TextField label="Agreed hours" type="text" inputMode="decimal" value={text} onChange={setText} error={error ?? undefined} required fieldClassName={styles.hoursField} />
      <button type="submit" className={ui.secondary} aria-disabled={step.busy}>
        {step.busy ? 'Saving...' : 'Save hours'}
      </button>
      <div role="status">{saved && <p className={ui.status}>Hours saved. The amount above is updated.</p>}</div>
      <Failure text={step.failure} />
    </form>
  );
}
