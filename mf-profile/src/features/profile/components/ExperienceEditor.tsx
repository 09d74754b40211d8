import { useState } from 'react';
import type { ExperienceEntry } from '../../../lib/experience';
import { ui } from '@need40/ui';
import { canAddExperience } from '../lib/draft';
import { ExperienceItem } from '../../../components/ExperienceItem';
import styles from './ProfileEditor.module.css';
import { TextField } from '@need40/ui';

const EMPTY: ExperienceEntry = { title: '', company: '', startDate: '', endDate: '', description: '' };

interface ExperienceEditorProps {
  entries: ExperienceEntry[];
  onChange(entries: ExperienceEntry[]): void;
}

/** Experience: the entries so far (each removable) and a small form to add one (title and company required). */
export function ExperienceEditor({ entries, onChange }: ExperienceEditorProps) {
  const [entry, setEntry] = useState<ExperienceEntry>(EMPTY);
  const [hint, setHint] = useState(false);
  const set = (field: keyof ExperienceEntry) => (value: string) => setEntry((e) => ({ ...e, [field]: value }));

  function add() {
    if (!canAddExperience(entry)) {
      setHint(true);
      return;
    }
    const trimmed = Object.fromEntries(Object.entries(entry).map(([k, v]) => [k, v.trim()])) as unknown as ExperienceEntry;
    onChange([...entries, trimmed]);
    setEntry(EMPTY);
    setHint(false);
  }

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Experience</legend>
      {entries.length > 0 && (
        <ul className={ui.stack}>
          {entries.map((e, i) => (
            <li key={`${i}-${e.title}-${e.company}`} className={styles.entry}>
              <ExperienceItem entry={e} />
              <button
                type="button"
                className={ui.small}
                aria-label={`Remove ${e.title} at ${e.company}`}
                onClick={() => onChange(entries.filter((_, j) => j !== i))}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className={styles.grid}>
        <TextField label="Job title" value={entry.title} onChange={set('title')} />
        <TextField label="Company" value={entry.company} onChange={set('company')} />
        <TextField label="Start date" value={entry.startDate} onChange={set('startDate')} placeholder="e.g. Jan 2022" />
        <TextField label="End date" value={entry.endDate} onChange={set('endDate')} placeholder="e.g. Present" />
      </div>
      <TextField label="Description" value={entry.description} onChange={set('description')} multiline />
      {hint && <p className={ui.fieldError}>Enter a job title and a company to add an experience entry.</p>}
      <button type="button" className={ui.secondary} onClick={add}>
        Add Experience
      </button>
    </fieldset>
  );
}
