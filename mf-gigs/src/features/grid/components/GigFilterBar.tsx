import { useId, type ChangeEvent } from 'react';
import { LOCATIONS, PAYMENT_TYPES, type GigLocation, type PaymentType } from '@need40/shared';
import ui from '../../../lib/ui.module.css';
import { LOCATION_LABELS, PAYMENT_TYPE_LABELS } from '../../../lib/labels';
import type { FilterDraft } from '../lib/filters';
import styles from './GigFilterBar.module.css';

interface Props {
  draft: FilterDraft;
  filtered: boolean;
  onChange: (patch: Partial<FilterDraft>, debounce: boolean) => void;
  onClear: () => void;
}

/** Search and filters of the grid (SPEC §7 read filters). The list updates as you type. */
export function GigFilterBar({ draft, filtered, onChange, onClear }: Props) {
  const id = useId();
  const text = (key: 'search' | 'minRate' | 'maxRate' | 'skills') => ({
    id: `${id}-${key}`,
    className: ui.input,
    value: draft[key],
    onChange: (e: ChangeEvent<HTMLInputElement>) => onChange({ [key]: e.target.value }, true),
  });

  return (
    <form role="search" aria-label="Filter gigs" className={styles.bar} onSubmit={(e) => e.preventDefault()}>
      <div className={`${ui.field} ${styles.wide}`}>
        <label className={ui.label} htmlFor={`${id}-search`}>
          Search titles
        </label>
        <input type="search" {...text('search')} />
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-type`}>
          Payment type
        </label>
        <select
          id={`${id}-type`}
          className={ui.input}
          value={draft.paymentType}
          onChange={(e) => onChange({ paymentType: e.target.value as PaymentType | '' }, false)}
        >
          <option value="">Any</option>
          {PAYMENT_TYPES.map((t) => (
            <option key={t} value={t}>
              {PAYMENT_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-location`}>
          Location
        </label>
        <select
          id={`${id}-location`}
          className={ui.input}
          value={draft.location}
          onChange={(e) => onChange({ location: e.target.value as GigLocation | '' }, false)}
        >
          <option value="">Any</option>
          {LOCATIONS.map((l) => (
            <option key={l} value={l}>
              {LOCATION_LABELS[l]}
            </option>
          ))}
        </select>
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-minRate`}>
          Min rate ($)
        </label>
        <input type="number" inputMode="decimal" min={0} {...text('minRate')} />
      </div>
      <div className={ui.field}>
        <label className={ui.label} htmlFor={`${id}-maxRate`}>
          Max rate ($)
        </label>
        <input type="number" inputMode="decimal" min={0} {...text('maxRate')} />
      </div>
      <div className={`${ui.field} ${styles.wide}`}>
        <label className={ui.label} htmlFor={`${id}-skills`}>
          Skills
        </label>
        <input type="text" aria-describedby={`${id}-skills-hint`} {...text('skills')} />
        <p id={`${id}-skills-hint`} className={ui.hint}>
          Comma-separated; shows gigs that need all of them.
        </p>
      </div>
      <div className={styles.clear}>
        <button type="button" className={ui.secondary} onClick={onClear} disabled={!filtered}>
          Clear filters
        </button>
      </div>
    </form>
  );
}
