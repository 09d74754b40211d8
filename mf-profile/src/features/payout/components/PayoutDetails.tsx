import { useEffect, useId, useState, type FormEvent } from 'react';
import { failureText, ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import { getPaypalAddress, PAYOUT_LOAD_FAILED, PAYOUT_SAVE_FAILED, PAYPAL_MAX, paypalProblem, savePaypalAddress } from '../api/payoutDetails';

type State = { status: 'loading' } | { status: 'load-error'; message: string } | { status: 'ready'; stored: string };

/**
 * Where Need40 pays the member's earnings: their PayPal address, private (only they and Need40's
 * operators read it). Shown on the member's own profile only.
 */
export function PayoutDetails({ userId }: { userId: string }) {
  const id = useId();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<State>({ status: 'loading' });
  const [draft, setDraft] = useState('');
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    getPaypalAddress(userId).then(
      (stored) => {
        if (!live) return;
        setState({ status: 'ready', stored });
        setDraft(stored);
      },
      (error: unknown) => live && setState({ status: 'load-error', message: failureText(error, PAYOUT_LOAD_FAILED) }),
    );
    return () => {
      live = false;
    };
  }, [userId, attempt]);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    if (saving) return;
    const why = paypalProblem(draft);
    setProblem(why);
    setSaved(false);
    if (why) return;
    setSaving(true);
    try {
      const stored = await savePaypalAddress(userId, draft);
      setState({ status: 'ready', stored });
      setDraft(stored);
      setSaved(true);
    } catch (error) {
      setProblem(failureText(error, PAYOUT_SAVE_FAILED));
    } finally {
      setSaving(false);
    }
  };

  const stored = state.status === 'ready' ? state.stored : '';
  return (
    <ViewSection title="Payout details">
      {state.status === 'loading' && <p role="status">Loading your payout details...</p>}
      {state.status === 'load-error' && (
        <div role="alert" className={ui.alert}>
          <p>{state.message}</p>
          <button type="button" className={ui.secondary} onClick={() => { setState({ status: 'loading' }); setAttempt((n) => n + 1); }}>
            Retry
          </button>
        </div>
      )}
      {state.status === 'ready' && (
        <form onSubmit={(e) => void save(e)} noValidate aria-label="Payout details">
          <label htmlFor={id}>PayPal address for your payouts</label>
          <input
            id={id}
            type="email"
            className={ui.input}
            value={draft}
            maxLength={PAYPAL_MAX}
            autoComplete="email"
            aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ''}`}
            aria-invalid={problem ? true : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <p id={`${id}-hint`} className={ui.hint}>
            When a poster approves your work, Need40 pays what you earned to this PayPal account. Only you and Need40 see it.
          </p>
          {problem && (
            <p id={`${id}-problem`} role="alert" className={ui.fieldError}>
              {problem}
            </p>
          )}
          <button type="submit" className={ui.primary} aria-disabled={saving || undefined}>
            {saving ? 'Saving...' : 'Save PayPal address'}
          </button>
          <p role="status">{saved ? (stored ? `Saved: Need40 pays you at ${stored}.` : 'Saved: you have no PayPal address for payouts.') : ''}</p>
        </form>
      )}
    </ViewSection>
  );
}
