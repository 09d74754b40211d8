import { useId, useState, type FormEvent } from 'react';
import { GIG_PRICE, openAuthModal, PLATFORM_FEE, SECTIONS, scrollToSection, WORKER_EARNINGS } from '@need40/shared';
import { formatMoney, SlowNotice, ui } from '@need40/ui';
import { useCreatePaidGig } from '../hooks/useCreatePaidGig';
import { ConfirmPayment } from './ConfirmPayment';
import styles from './PaidGigForm.module.css';

/**
 * "Post a $600 gig": the gig-posting payment path for a signed-in person. The database records the
 * completed $600 payment and creates the fixed gig (worker $570, fee $30) in one step, so the form
 * first asks for confirmation (ConfirmPayment) and records nothing until the person says yes.
 * The form uses the spec's messages instead of the browser's own validation bubbles.
 */
export function PaidGigForm() {
  const id = useId();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const { state, review, confirm, cancel, pending } = useCreatePaidGig();
  const busy = state.status === 'busy';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!busy) review(title, description);
  }

  async function onConfirm() {
    if (await confirm(title, description)) {
      setTitle('');
      setDescription('');
    }
  }

  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.title}>Post a {formatMoney(GIG_PRICE)} gig</h3>
      <p className={styles.pitch}>
        A fixed {formatMoney(GIG_PRICE)} gig: <strong className={styles.money}>{formatMoney(WORKER_EARNINGS)}</strong> goes to
        the worker and <strong className={styles.fee}>{formatMoney(PLATFORM_FEE)}</strong> to the platform. Your payment is
        recorded and the gig goes live at once.
      </p>
      <form className={styles.form} noValidate onSubmit={onSubmit}>
        <label htmlFor={`${id}-gig-title`}>Gig title</label>
        <input id={`${id}-gig-title`} className={styles.input} value={title} aria-required="true" onChange={(e) => setTitle(e.target.value)} />
        <label htmlFor={`${id}-gig-description`}>Gig description</label>
        <textarea
          id={`${id}-gig-description`}
          className={styles.input}
          rows={4}
          value={description}
          aria-required="true"
          onChange={(e) => setDescription(e.target.value)}
        />
        <button type="submit" className={ui.primary} aria-disabled={busy}>
          {busy ? 'Posting your gig...' : `Pay ${formatMoney(GIG_PRICE)} and post gig`}
        </button>
      </form>
      <SlowNotice pending={pending} />
      {state.status === 'confirming' && <ConfirmPayment title={title} onConfirm={() => void onConfirm()} onCancel={cancel} />}
      {state.status === 'error' && (
        <div role="alert" className={ui.alert}>
          <p className={styles.message}>{state.message}</p>
          {state.needsLogin && (
            <button type="button" className={ui.secondary} onClick={() => openAuthModal('login')}>
              Log In
            </button>
          )}
        </div>
      )}
      {state.status === 'done' && (
        <div role="status" className={ui.status}>
          <p className={styles.message}>
            Your {formatMoney(GIG_PRICE)} gig &ldquo;{state.gig.title}&rdquo; is live: {formatMoney(WORKER_EARNINGS)} goes to the worker.
          </p>
          <button type="button" className={ui.secondary} onClick={() => scrollToSection(SECTIONS.gigs)}>
            See it in Latest Gigs
          </button>
        </div>
      )}
    </section>
  );
}
