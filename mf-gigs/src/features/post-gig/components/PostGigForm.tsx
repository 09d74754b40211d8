import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, SECTIONS, openAuthModal, scrollToSection } from '@need40/shared';
import { SelectField, SlowNotice, TextField, ui } from '@need40/ui';
import { gigHref } from '../../../lib/navigation';
import { LOCATION_OPTIONS, PAYMENT_TYPE_OPTIONS } from '../../../lib/labels';
import { usePostGig } from '../hooks/usePostGig';
import { emptyGigForm } from '../lib/gigForm';
import type { GigForm } from '../types';
import styles from './PostGigForm.module.css';

export const POST_GIG_LABEL = 'Post Gig';
export const POSTING_LABEL = 'Posting...';
export const POSTED_NOTE = 'Your gig is posted and now leads Latest Gigs.';
export const SEE_POSTED = 'Open your gig';
export const TERMS_NOTE = 'By posting a gig, you agree to our Terms of Service and Privacy Policy.';

/**
 * Post Your Gig (docs/product.md). Every field is required. Signed out, the button reads
 * "Login to Post Gig" and opens the login modal. What was typed stays until the gig is created.
 */
export function PostGigForm() {
  const id = useId();
  const [form, setForm] = useState<GigForm>(emptyGigForm);
  const { signedIn, status, errors, failure, postedId, pending, submit, edited } = usePostGig();
  const formRef = useRef<HTMLFormElement>(null);
  const postedRef = useRef<HTMLParagraphElement>(null);
  const focusFirstError = useRef(false);
  const posting = status === 'posting';

  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  // The confirmation takes focus, so it is in view and read out, with the new gig's page one Tab away.
  useEffect(() => {
    if (status === 'posted') postedRef.current?.focus();
  }, [status]);

  const set = <K extends keyof GigForm>(field: K, value: GigForm[K]) => {
    setForm((prev) => ({ ...prev, [field]: value }));
    edited(field);
  };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (posting) return;
    focusFirstError.current = true;
    if (await submit(form)) setForm(emptyGigForm());
  }

  const fid = (name: keyof GigForm) => `${id}-${name}`;
  const numeric = { type: 'number', inputMode: 'decimal', min: 0, step: 'any' } as const;

  return (
    <section id={SECTIONS.postGig} aria-labelledby={`${id}-heading`} className={styles.section}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Post Your Gig
      </h2>
      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
        <TextField id={fid('title')} label="Title" required error={errors.title} value={form.title} onChange={(v) => set('title', v)} />
        <TextField id={fid('description')} label="Description" required multiline rows={4} error={errors.description} value={form.description} onChange={(v) => set('description', v)} />
        <div className={styles.row}>
          <SelectField
            id={fid('paymentType')}
            label="Payment type"
            required
            error={errors.paymentType}
            options={PAYMENT_TYPE_OPTIONS}
            value={form.paymentType}
            onChange={(v) => set('paymentType', v as GigForm['paymentType'])}
          />
          <TextField
            id={fid('rate')}
            label={form.paymentType === 'hourly' ? 'Rate ($ per hour)' : 'Rate ($ total)'}
            required
            error={errors.rate}
            {...numeric}
            value={form.rate}
            onChange={(v) => set('rate', v)}
          />
          <TextField id={fid('hours')} label="Estimated hours" required error={errors.hours} {...numeric} value={form.hours} onChange={(v) => set('hours', v)} />
          <SelectField
            id={fid('location')}
            label="Location"
            required
            error={errors.location}
            emptyLabel="Choose a location"
            options={LOCATION_OPTIONS}
            value={form.location}
            onChange={(v) => set('location', v)}
          />
        </div>
        <TextField
          id={fid('skills')}
          label="Skills"
          required
          hint="Comma-separated, e.g. React, TypeScript, Figma"
          error={errors.skills}
          value={form.skills}
          onChange={(v) => set('skills', v)}
        />
        <button type="submit" className={ui.primary} aria-disabled={posting}>
          {!signedIn ? MESSAGES.loginToPostGig : posting ? POSTING_LABEL : POST_GIG_LABEL}
        </button>
        <SlowNotice pending={pending} />
        <div role="alert" className={styles.live}>
          {failure && (
            <p className={ui.alert}>
              {failure.message}
              {failure.kind === 'signedOut' && (
                <>
                  {' '}
                  <button type="button" className={ui.linkButton} onClick={() => openAuthModal('login')}>
                    Log in
                  </button>
                </>
              )}
            </p>
          )}
        </div>
      </form>
      <div role="status" className={styles.live}>
        {status === 'posted' && postedId && (
          <p ref={postedRef} tabIndex={-1} className={ui.status}>
            {POSTED_NOTE}{' '}
            <a className={ui.link} href={gigHref(postedId)}>
              {SEE_POSTED}
            </a>{' '}
            <button type="button" className={ui.linkButton} onClick={() => scrollToSection(SECTIONS.gigs)}>
              See Latest Gigs
            </button>
          </p>
        )}
      </div>
      <p className={styles.terms}>{TERMS_NOTE}</p>
    </section>
  );
}
