import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { emptyGigForm, LOCATIONS, MESSAGES, PAYMENT_TYPES, SECTIONS, scrollToSection, type GigForm } from '@need40/shared';
import ui from '../../../lib/ui.module.css';
import { LOCATION_LABELS, PAYMENT_TYPE_LABELS } from '../../../lib/labels';
import { usePostGig } from '../hooks/usePostGig';
import { FormField } from './FormField';
import styles from './PostGigForm.module.css';

export const POST_GIG_LABEL = 'Post Gig';
export const POSTING_LABEL = 'Posting...';
export const POSTED_NOTE = 'Your gig is posted and now leads Latest Gigs.';
export const TERMS_NOTE = 'By posting a gig, you agree to our Terms of Service and Privacy Policy.';

/**
 * Post Your Gig (SPEC §2–§5). Every field is required. Signed out, the button reads
 * "Login to Post Gig" and opens the login modal. What was typed stays until the gig is created.
 */
export function PostGigForm() {
  const id = useId();
  const [form, setForm] = useState<GigForm>(emptyGigForm);
  const { signedIn, status, errors, submit, edited } = usePostGig();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstError = useRef(false);
  const posting = status === 'posting';

  useEffect(() => {
    if (!focusFirstError.current) return;
    focusFirstError.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

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

  return (
    <section id={SECTIONS.postGig} aria-labelledby={`${id}-heading`} className={styles.section}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Post Your Gig
      </h2>
      <form ref={formRef} className={styles.form} noValidate onSubmit={onSubmit}>
        <FormField id={fid('title')} label="Title" error={errors.title}>
          {(p) => <input {...p} className={ui.input} value={form.title} onChange={(e) => set('title', e.target.value)} />}
        </FormField>
        <FormField id={fid('description')} label="Description" error={errors.description}>
          {(p) => (
            <textarea {...p} className={ui.input} rows={4} value={form.description} onChange={(e) => set('description', e.target.value)} />
          )}
        </FormField>
        <div className={styles.row}>
          <FormField id={fid('paymentType')} label="Payment type" error={errors.paymentType}>
            {(p) => (
              <select {...p} className={ui.input} value={form.paymentType} onChange={(e) => set('paymentType', e.target.value as GigForm['paymentType'])}>
                {PAYMENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {PAYMENT_TYPE_LABELS[t]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
          <FormField id={fid('rate')} label={form.paymentType === 'hourly' ? 'Rate ($ per hour)' : 'Rate ($ total)'} error={errors.rate}>
            {(p) => (
              <input {...p} type="number" inputMode="decimal" min={0} step="any" className={ui.input} value={form.rate} onChange={(e) => set('rate', e.target.value)} />
            )}
          </FormField>
          <FormField id={fid('hours')} label="Estimated hours" error={errors.hours}>
            {(p) => (
              <input {...p} type="number" inputMode="decimal" min={0} step="any" className={ui.input} value={form.hours} onChange={(e) => set('hours', e.target.value)} />
            )}
          </FormField>
          <FormField id={fid('location')} label="Location" error={errors.location}>
            {(p) => (
              <select {...p} className={ui.input} value={form.location} onChange={(e) => set('location', e.target.value as GigForm['location'])}>
                <option value="">Choose a location</option>
                {LOCATIONS.map((l) => (
                  <option key={l} value={l}>
                    {LOCATION_LABELS[l]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
        <FormField id={fid('skills')} label="Skills" hint="Comma-separated, e.g. React, TypeScript, Figma" error={errors.skills}>
          {(p) => <input {...p} className={ui.input} value={form.skills} onChange={(e) => set('skills', e.target.value)} />}
        </FormField>
        <button type="submit" className={ui.primary} aria-disabled={posting}>
          {!signedIn ? MESSAGES.loginToPostGig : posting ? POSTING_LABEL : POST_GIG_LABEL}
        </button>
      </form>
      <div role="status" className={styles.live}>
        {status === 'posted' && (
          <p className={ui.status}>
            {POSTED_NOTE}{' '}
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
