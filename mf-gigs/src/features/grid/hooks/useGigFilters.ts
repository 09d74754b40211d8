import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { filterErrors } from '../lib/filterErrors';
import type { GigFilters } from '../types';
import { draftFromQuery, emptyDraft, hasFilters, hasTyped, toGigFilters, writeDraftToParams, type FilterDraft } from '../lib/filters';

/** Delay between the last keystroke in a text filter and the read it causes. */
export const FILTER_DEBOUNCE_MS = 300;

/**
 * The grid's filters: `draft` follows the inputs at once; `filters` (what the read uses) follows
 * after FILTER_DEBOUNCE_MS for typed text and at once for choices. Read from the page URL on load
 * and written back (as typed) with history.replaceState, so a filtered list can be shared and survives reload.
 * `errors` are the messages of invalid rate filters (shown once typing pauses, like the read);
 * `typed` is true while any input holds anything, so Clear filters can clear even an invalid value.
 */
export function useGigFilters(debounceMs = FILTER_DEBOUNCE_MS) {
  const [draft, setDraft] = useState<FilterDraft>(() => draftFromQuery(window.location.search));
  const [applied, setApplied] = useState<FilterDraft>(draft);
  const latest = useRef(draft);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  // The URL follows the inputs at once (not the debounced read), so a reload right after typing keeps it.
  useEffect(() => {
    const url = new URL(window.location.href);
    writeDraftToParams(url.searchParams, draft);
    if (url.href !== window.location.href) window.history.replaceState(window.history.state, '', url);
  }, [draft]);

  /** Change some filters; `debounce` for typed text, not for selects and buttons. */
  const update = useCallback(
    (patch: Partial<FilterDraft>, debounce: boolean) => {
      const next = { ...latest.current, ...patch };
      latest.current = next;
      setDraft(next);
      clearTimeout(timer.current);
      if (debounce) timer.current = setTimeout(() => setApplied(next), debounceMs);
      else setApplied(next);
    },
    [debounceMs],
  );

  const clear = useCallback(() => {
    const next = emptyDraft();
    latest.current = next;
    clearTimeout(timer.current);
    setDraft(next);
    setApplied(next);
  }, []);

  // Same filters, same object: a change that sends nothing new (an invalid value typed) reads nothing.
  const sent = JSON.stringify(toGigFilters(applied));
  const filters = useMemo(() => JSON.parse(sent) as GigFilters, [sent]);
  const errors = useMemo(() => filterErrors(applied), [applied]);
  return { draft, filters, errors, filtered: hasFilters(filters), typed: hasTyped(draft), update, clear };
}
