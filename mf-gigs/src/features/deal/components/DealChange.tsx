import { useState, type FormEvent } from 'react';
import { formatCents, TextField, ui } from '@need40/ui';
import { acceptChange, declineChange, HOURS_MAX, proposeChange, RATE_MAX } from '../api/steps';
import { useStep } from '../hooks/useStep';
import type { Deal, Side } from '../types';
import { Failure } from './Failure';
import styles from './Deal.module.css';

const amountOf = (deal: Deal, rateCents: number, hours: number | null) => (deal.hourly ? Math.round(rateCents * (hours ?? 0)) : rateCents);

/**
 * Changing the money of an accepted deal takes both parties: one proposes a new rate (or hours),
 * the other accepts it — or either drops it. Only before money moves.
 */
export function DealChange({ deal, side, onDone }: { deal: Deal; side: Side; onDone: () => void }) {
  const step = useStep(onDone);
  const [shown, setShown] = useState(false);
  const [rate, setRate] = useState('');
  const [hours, setHours] = useState('');
  const [error, setError] = useState<string | null>(null);
  const other = side === 'poster' ? deal.workerName : deal.posterName;

  if (deal.change) {
    const mine = deal.change.by === side;
    const terms = `${deal.hourly ? `${deal.change.hours} hours at ${formatCents(deal.change.rateCents)}/hr, ` : ''}${formatCents(amountOf(deal, deal.change.rateCents, deal.change.hours))} in all`;
    return (
      <div className={styles.step}>
        <p className={styles.waiting}>{mine ? `You proposed new terms: ${terms}. Waiting for ${other} to accept.` : `${other} proposes new terms: ${terms}.`}</p>
        <div className={styles.actions}>
          {!mine && (
            <button type="button" className={ui.primary} aria-disabled={step.busy} onClick={() => void step.run(() => acceptChange(deal.id), 'The change could not be accepted. Try again.')}>
              Accept the new terms
            </button>
          )}
          <button type="button" className={ui.secondary} aria-disabled={step.busy} onClick={() => void step.run(() => declineChange(deal.id), 'The proposal could not be dropped. Try again.')}>
            {mine ? 'Withdraw your proposal' : 'Decline'}
          </button>
        </div>
        <Failure text={step.failure} pending={step.pending} />
      </div>
    );
  }
  if (!shown) {
    return (
      <button type="button" className={ui.secondary} onClick={() => setShown(true)}>
        Propose a change to the deal
      </button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const r = rate.trim() ? Number(rate) : null;
    const h = hours.trim() ? Number(hours) : null;
    const problem =
      r === null && h === null ? 'Propose a new rate or new hours'
      : r !== null && (!Number.isFinite(r) || r < 0.01 || r > RATE_MAX || Math.round(r * 100) !== r * 100) ? `The rate must be from 0.01 to ${RATE_MAX}, with at most two decimals`
      : h !== null && (!Number.isFinite(h) || h <= 0 || h > HOURS_MAX) ? `The hours must be greater than 0 and at most ${HOURS_MAX}`
      : null;
    setError(problem);
    if (!problem) void step.run(() => proposeChange(deal.id, r, h), 'Your proposal could not be sent. Try again.');
  };
  return (
    <form className={styles.form} noValidate onSubmit={submit} aria-label="Propose a change to the deal">
      <TextField label={deal.hourly ? 'New hourly rate ($)' : 'New price ($)'} type="text" inputMode="decimal" value={rate} onChange={setRate} error={error ?? undefined} />
      {deal.hourly && <TextField label="New hours" type="text" inputMode="decimal" value={hours} onChange={setHours} />}
      <p className={styles.muted}>{other} must accept the new terms before they count.</p>
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} aria-disabled={step.busy}>
          {step.busy ? 'Sending...' : 'Send the proposal'}
        </button>
        <button type="button" className={ui.secondary} onClick={() => setShown(false)}>
          Cancel
        </button>
      </div>
      <Failure text={step.failure} pending={step.pending} />
    </form>
  );
}
