import { useId } from 'react';
import { SelectField, TextField, ui } from '@need40/ui';
import { LOCATION_OPTIONS, PAYMENT_TYPE_OPTIONS } from '../../../lib/labels';
import type { FilterErrors } from '../lib/filterErrors';
import type { FilterDraft } from '../lib/filters';
import styles from './GigFilterBar.module.css';

interface Props {
  draft: FilterDraft;
  /** Messages of invalid rate filters (not sent). */
  errors: FilterErrors;
  /** Anything typed or chosen: enables Clear filters. */
  typed: boolean;
  onChange: (patch: Partial<FilterDraft>, debounce: boolean) => void;
  onClear: () => void;
}

/** Search and filters of the grid (the read filters of docs/product.md). The list updates as you type. */
export function GigFilterBar({ draft, errors, typed, onChange, onClear }: Props) {
  const id = useId();
  const text = (key: 'search' | 'minRate' | 'maxRate' | 'skills') => ({
    id: `${id}-${key}`,
    value: draft[key],
    onChange: (value: string) => onChange({ [key]: value }, true),
  });

  return (
    <form role="search" aria-label="Filter gigs" className={styles.bar} onSubmit={(e) => e.preventDefault()}>
      <TextField label="Search titles" type="search" fieldClassName={styles.wide} {...text('search')} />
      <SelectField
        id={`${id}-type`}
        label="Payment type"
        emptyLabel="Any"
        options={PAYMENT_TYPE_OPTIONS}
        value={draft.paymentType}
        onChange={(paymentType) => onChange({ paymentType }, false)}
      />
      <SelectField
        id={`${id}-location`}
        label="Location"
        emptyLabel="Any"
        options={LOCATION_OPTIONS}
        value={draft.location}
        onChange={(location) => onChange({ location }, false)}
      />
      {/* Text inputs, not type=number: a number input hides what it cannot parse, so no message could explain it. */}
      <TextField label="Min rate ($)" type="text" inputMode="decimal" autoComplete="off" error={errors.minRate} {...text('minRate')} />
      <TextField label="Max rate ($)" type="text" inputMode="decimal" autoComplete="off" error={errors.maxRate} {...text('maxRate')} />
      <TextField label="Skills" type="text" hint="Comma-separated; shows gigs that need all of them." fieldClassName={styles.wide} {...text('skills')} />
      <div className={styles.clear}>
        <button type="button" className={ui.secondary} onClick={onClear} disabled={!typed}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
