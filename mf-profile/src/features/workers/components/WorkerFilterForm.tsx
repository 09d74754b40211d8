import { useState, type FormEvent } from 'react';
import { SelectField, TextField, ui } from '@need40/ui';
import { EMPTY_DRAFT, filtersOf, type FilterDraft, type FilterErrors } from '../lib/filters';
import type { WorkerFilters } from '../types';
import styles from './FindWorkers.module.css';

const RATINGS = [
  { value: '4.5', label: '4.5 and up' },
  { value: '4', label: '4 and up' },
  { value: '3', label: '3 and up' },
] as const;

/** Skills, hourly rate range and minimum rating; Search applies them, Clear drops them. */
export function WorkerFilterForm({ onSearch }: { onSearch: (filters: WorkerFilters) => void }) {
  const [draft, setDraft] = useState<FilterDraft>(EMPTY_DRAFT);
  const [errors, setErrors] = useState<FilterErrors>({});
  const set = (key: keyof FilterDraft) => (value: string) => setDraft((d) => ({ ...d, [key]: value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = filtersOf(draft);
    if ('errors' in result) return setErrors(result.errors);
    setErrors({});
    onSearch(result.filters);
  };
  const clear = () => {
    setDraft(EMPTY_DRAFT);
    setErrors({});
    onSearch({ skills: [] });
  };

  return (
    <form className={styles.filters} noValidate onSubmit={submit} aria-label="Search workers">
      <TextField label="Skills" hint="Comma-separated, e.g. React, Figma" value={draft.skills} onChange={set('skills')} error={errors.skills} fieldClassName={styles.wide} />
      <TextField label="Min rate ($/hr)" type="text" inputMode="decimal" autoComplete="off" value={draft.minRate} onChange={set('minRate')} error={errors.minRate} />
      <TextField label="Max rate ($/hr)" type="text" inputMode="decimal" autoComplete="off" value={draft.maxRate} onChange={set('maxRate')} error={errors.maxRate} />
      <SelectField label="Rating" value={draft.minRating as (typeof RATINGS)[number]['value'] | ''} options={RATINGS} emptyLabel="Any" onChange={set('minRating')} />
      <div className={styles.actions}>
        <button type="submit" className={ui.primary}>
          Search
        </button>
        <button type="button" className={ui.secondary} onClick={clear}>
          Clear
        </button>
      </div>
    </form>
  );
}
