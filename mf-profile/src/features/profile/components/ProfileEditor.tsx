import { useEffect, useRef, useState, type FormEvent } from 'react';
import { failureText, ui } from '@need40/ui';
import { type Profile } from '../types';
import { SAVE_FAILED } from '../api/updateProfile';
import { LINK_ERROR, webAddress } from '../lib/contactRules';
import { draftFromProfile, profileFromDraft, validateDraft, type DraftErrors, type ProfileDraft } from '../lib/draft';
import { ExperienceEditor } from './ExperienceEditor';
import { ListEditor } from './ListEditor';
import styles from './ProfileEditor.module.css';
import { TextField } from '@need40/ui';

export const AVAILABLE_LABEL = 'Available for work';

/** A portfolio link is added only if it is an http(s) web address. */
function checkLink(typed: string) {
  const value = webAddress(typed);
  return value ? ({ ok: true, value } as const) : ({ ok: false, message: LINK_ERROR } as const);
}

interface ProfileEditorProps {
  profile: Profile;
  /** Write the whole profile; rejects with a message fit to show. */
  onSave(profile: Profile): Promise<void>;
  onCancel(): void;
}

/**
 * Edit mode. Save Changes writes the whole profile; on a failure the form stays, with everything
 * typed, and the error is shown above it. Cancel drops the changes.
 */
export function ProfileEditor({ profile, onSave, onCancel }: ProfileEditorProps) {
  const [draft, setDraft] = useState<ProfileDraft>(() => draftFromProfile(profile));
  const [errors, setErrors] = useState<DraftErrors>({});
  const [saveError, setSaveError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  const set = <K extends keyof ProfileDraft>(key: K) => (value: ProfileDraft[K]) => setDraft((d) => ({ ...d, [key]: value }));

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const problems = validateDraft(draft);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(profileFromDraft(profile, draft));
    } catch (error) {
      setSaveError(failureText(error, SAVE_FAILED));
      setSaving(false);
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={onSubmit} aria-labelledby="profile-edit-title">
      <h2 id="profile-edit-title" className={styles.title} ref={heading} tabIndex={-1}>
        Edit Profile
      </h2>
      {saveError && (
        <div role="alert" className={ui.alert}>
          <p>{saveError}</p>
          <p>Your changes are still here. Check them and press Save Changes again.</p>
        </div>
      )}
      <div className={styles.grid}>
        <TextField label="Full name" value={draft.fullName} onChange={set('fullName')} autoComplete="name" />
        <TextField label="Title" value={draft.title} onChange={set('title')} placeholder="e.g. Frontend developer" />
        <TextField label="Hourly rate" type="number" inputMode="decimal" value={draft.hourlyRate} onChange={set('hourlyRate')} error={errors.hourlyRate} />
        <TextField label="Hours per week" type="number" inputMode="numeric" value={draft.hoursPerWeek} onChange={set('hoursPerWeek')} error={errors.hoursPerWeek} />
      </div>
      <TextField label="About Me" value={draft.bio} onChange={set('bio')} multiline />
      <ListEditor legend="Skills" inputLabel="Add a skill" addLabel="Add Skill" items={draft.skills} onChange={set('skills')} placeholder="e.g. React" />
      <ExperienceEditor entries={draft.experience} onChange={set('experience')} />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Availability</legend>
        <div className={styles.checkRow}>
          <input id="profile-available" type="checkbox" checked={draft.availableForWork} onChange={(e) => set('availableForWork')(e.target.checked)} aria-describedby="profile-available-hint" />
          <label htmlFor="profile-available">{AVAILABLE_LABEL}</label>
        </div>
        <p id="profile-available-hint" className={ui.hint}>
          Posters find you in Find workers by your skills, hourly rate and rating, and can invite you to apply to their gigs.
        </p>
        <TextField label="Timezone" value={draft.timezone} onChange={set('timezone')} placeholder="e.g. Europe/Berlin" />
        <ListEditor legend="Preferred hours" inputLabel="Add preferred hours" addLabel="Add Hours" items={draft.preferredHours} onChange={set('preferredHours')} placeholder="e.g. Weekday mornings" />
      </fieldset>
      <ListEditor
        legend="Portfolio"
        inputLabel="Add a portfolio link"
        addLabel="Add Link"
        type="url"
        items={draft.portfolio}
        onChange={set('portfolio')}
        placeholder="https://"
        check={checkLink}
        error={errors.portfolio}
      />
      <fieldset className={styles.group}>
        <legend className={styles.legend}>Contact Information</legend>
        <div className={styles.grid}>
          <TextField label="Email" type="email" value={draft.email} onChange={set('email')} autoComplete="email" error={errors.email} />
          <TextField label="Phone" type="tel" value={draft.phone} onChange={set('phone')} autoComplete="tel" error={errors.phone} />
          <TextField label="LinkedIn" type="url" value={draft.linkedin} onChange={set('linkedin')} placeholder="https://www.linkedin.com/in/…" error={errors.linkedin} />
          <TextField label="GitHub" type="url" value={draft.github} onChange={set('github')} placeholder="https://github.com/…" error={errors.github} />
        </div>
      </fieldset>
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} aria-disabled={saving}>
          {saving ? 'Saving...' : 'Save Changes'}
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
