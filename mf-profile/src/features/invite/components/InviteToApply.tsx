import { useEffect, useId, useState, type FormEvent } from 'react';
import { HREF } from '@need40/shared';
import { failureText, SelectField, ui } from '@need40/ui';
import { fetchOwnOpenGigs, INVITE_FAILED, inviteToApply, type OwnGig } from '../api/invite';
import styles from './InviteToApply.module.css';

type Gigs = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; gigs: OwnGig[] };

interface Props {
  /** The signed-in poster. */
  viewerId: string;
  workerId: string;
  workerName: string;
}

/**
 * "Invite to apply" on another member's profile: the poster picks one of their open gigs and sends
 * the invitation; the worker is notified and their gig page says they were invited. No open gig →
 * a link to post one.
 */
export function InviteToApply({ viewerId, workerId, workerName }: Props) {
  const [open, setOpen] = useState(false);
  const [gigs, setGigs] = useState<Gigs>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [gigId, setGigId] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const headingId = useId();

  useEffect(() => {
    if (!open) return undefined;
    let live = true;
    fetchOwnOpenGigs(viewerId).then(
      (rows) => {
        if (!live) return;
        setGigs({ status: 'ready', gigs: rows });
        setGigId((id) => id || rows[0]?.id || '');
      },
      (e: unknown) => live && setGigs({ status: 'error', message: failureText(e, 'Could not load your open gigs.') }),
    );
    return () => {
      live = false;
    };
  }, [open, viewerId, attempt]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending || !gigId) return;
    setSending(true);
    setError(null);
    try {
      await inviteToApply(gigId, workerId);
      const title = gigs.status === 'ready' ? gigs.gigs.find((g) => g.id === gigId)?.title : undefined;
      setSent(`Invitation sent: ${workerName} will see it on the page of "${title ?? 'your gig'}".`);
      setOpen(false);
    } catch (e) {
      setError(failureText(e, INVITE_FAILED));
    } finally {
      setSending(false);
    }
  };

  return (
    <section className={styles.invite} aria-labelledby={headingId}>
      <h2 id={headingId} className="visually-hidden">
        Invite {workerName}
      </h2>
      <p role="status" className={sent ? ui.status : undefined}>
        {sent}
      </p>
      {!open ? (
        <button type="button" className={ui.primary} onClick={() => (setOpen(true), setSent(null), setGigs({ status: 'loading' }))}>
          Invite to apply
        </button>
      ) : (
        <>
          {gigs.status === 'loading' && <p className={ui.busy}>Loading your open gigs...</p>}
          {gigs.status === 'error' && (
            <div role="alert" className={ui.alert}>
              <p>{gigs.message}</p>
              <button type="button" className={ui.secondary} onClick={() => (setGigs({ status: 'loading' }), setAttempt((n) => n + 1))}>
                Retry
              </button>
            </div>
          )}
          {gigs.status === 'ready' && gigs.gigs.length === 0 && (
            <p>
              You have no open gigs to invite {workerName} to.{' '}
              <a className={ui.link} href={HREF.postGig}>
                Post a gig
              </a>
            </p>
          )}
          {gigs.status === 'ready' && gigs.gigs.length > 0 && (
            <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={`Invite ${workerName} to apply`}>
              <SelectField label="Your open gig" value={gigId} options={gigs.gigs.map((g) => ({ value: g.id, label: g.title }))} onChange={setGigId} />
              {error && (
                <p role="alert" className={ui.fieldError}>
                  {error}
                </p>
              )}
              <div className={styles.actions}>
                <button type="submit" className={ui.primary} aria-disabled={sending}>
                  {sending ? 'Sending...' : 'Send invitation'}
                </button>
                <button type="button" className={ui.secondary} onClick={() => (setOpen(false), setError(null))}>
                  Cancel
                </button>
              </div>
            </form>
          )}
        </>
      )}
    </section>
  );
}
