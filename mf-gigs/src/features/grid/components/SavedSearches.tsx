import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { useSession } from '@need40/shared';
import { failureText, TextField, ui } from '@need40/ui';
import { deleteSavedSearch, listSavedSearches, SAVE_SEARCH_FAILED, saveSearch, type SavedSearch } from '../api/savedSearches';
import { hasFilters, type FilterDraft } from '../lib/filters';
import { describeFilters, draftFromFilters } from '../lib/savedFilters';
import type { GigFilters } from '../types';
import styles from './SavedSearches.module.css';

export const ALERT_NOTE = 'When new gigs match a saved search, we tell you in your notifications and by email, at most once a day.';

type List = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; searches: SavedSearch[] };

/**
 * A signed-in member's saved searches under the grid's filters: "Save this search" names the
 * current filters; each saved one applies its filters again or is deleted.
 */
export default function SavedSearches({ filters, onApply }: { filters: GigFilters; onApply: (draft: FilterDraft) => void }) {
  const userId = useSession((s) => s.user?.id ?? null);
  const [list, setList] = useState<List>({ status: 'loading' });
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const headingId = useId();

  const load = useCallback(() => {
    listSavedSearches().then(
      (searches) => setList({ status: 'ready', searches }),
      (e: unknown) => setList({ status: 'error', message: failureText(e, 'Your saved searches could not be loaded.') }),
    );
  }, []);
  useEffect(() => {
    if (userId) load();
  }, [userId, load]);

  if (!userId) return null;

  const save = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    if (!name.trim()) return setError('Give the search a name');
    setBusy(true);
    setError(null);
    try {
      await saveSearch(name.trim(), filters);
      setNaming(false);
      setNote(`Saved "${name.trim()}". ${ALERT_NOTE}`);
      load();
    } catch (e) {
      setError(failureText(e, SAVE_SEARCH_FAILED));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (search: SavedSearch) => {
    try {
      await deleteSavedSearch(search.id);
      setNote(`Deleted "${search.name}".`);
      load();
    } catch (e) {
      setNote(failureText(e, 'The search could not be deleted. Try again.'));
    }
  };

  return (
    <section className={styles.saved} aria-labelledby={headingId}>
      <h3 id={headingId} className={styles.heading}>
        Saved searches
      </h3>
      <p role="status" className={styles.note}>
        {note}
      </p>
      {naming ? (
        <form className={styles.form} noValidate onSubmit={(e) => void save(e)} aria-label="Save this search">
          <TextField label="Name of this search" value={name} onChange={setName} maxLength={80} error={error ?? undefined} fieldClassName={styles.name} />
          <button type="submit" className={ui.primary} aria-disabled={busy}>
            {busy ? 'Saving...' : 'Save search'}
          </button>
          <button type="button" className={ui.secondary} onClick={() => (setNaming(false), setError(null))}>
            Cancel
          </button>
        </form>
      ) : (
        <button
          type="button"
          className={ui.secondary}
          disabled={!hasFilters(filters)}
          onClick={() => (setNaming(true), setName(describeFilters(filters)), setNote(''))}
        >
          Save this search
        </button>
      )}
      {list.status === 'error' && (
        <p role="alert" className={ui.alert}>
          {list.message}{' '}
          <button type="button" className={ui.linkButton} onClick={load}>
            Retry
          </button>
        </p>
      )}
      {list.status === 'ready' && list.searches.length > 0 && (
        <ul className={styles.list}>
          {list.searches.map((s) => (
            <li key={s.id} className={styles.item}>
              <button type="button" className={ui.linkButton} onClick={() => onApply(draftFromFilters(s.filters))}>
                {s.name}
              </button>
              <button type="button" className={ui.linkButton} onClick={() => void remove(s)} aria-label={`Delete saved search ${s.name}`}>
                Delete
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
