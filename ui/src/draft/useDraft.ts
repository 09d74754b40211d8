import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Text a person is writing, kept in the tab's sessionStorage under `key` so a reload (or a crash,
 * or a login in between) does not lose it. sessionStorage, not localStorage: a draft stays in the
 * tab it was written in and goes when the tab closes, so a shared computer keeps no one's
 * half-written message. The key names the member and the thing written about
 * (`draftKey('apply', memberId, gigId)`); with `key` null (signed out) the draft lives on in memory
 * only and is written again under the member's key once they are back.
 *
 *   const [draft, setDraft, clearDraft] = useDraft(draftKey('apply', userId, gigId), EMPTY);
 */
export function useDraft<T extends object>(key: string | null, empty: T): [T, (next: T) => void, () => void] {
  const [value, setValue] = useState<T>(() => read(key) ?? empty);
  const emptyRef = useRef(empty);
  const valueRef = useRef(value);
  const loadedKey = useRef(key);

  useEffect(() => {
    if (key === null) return;
    if (key === loadedKey.current) {
      // The same member is back (signed out and in again): keep what they wrote meanwhile.
      write(key, valueRef.current);
      return;
    }
    // Another member, or another thing written about: that key's draft, never the last one's text.
    loadedKey.current = key;
    const next = read<T>(key) ?? emptyRef.current;
    valueRef.current = next;
    setValue(next);
  }, [key]);

  const set = useCallback(
    (next: T) => {
      valueRef.current = next;
      setValue(next);
      if (key) write(key, next);
    },
    [key],
  );
  const clear = useCallback(() => {
    valueRef.current = emptyRef.current;
    setValue(emptyRef.current);
    if (key) remove(key);
  }, [key]);
  return [value, set, clear];
}

/** A draft is kept under `key` (e.g. to reopen its form after a reload). */
export function hasDraft(key: string | null): boolean {
  return read(key) !== null;
}

/** The draft kept under `key`, or null: to tell a half-written text from a form merely opened. */
export function readDraft<T extends object>(key: string | null): Partial<T> | null {
  return read<Partial<T>>(key);
}

/** The storage key of a draft: its kind, the member writing it and what it is about. */
export function draftKey(kind: string, memberId: string | null, about: string): string | null {
  return memberId ? `need40.draft.${kind}.${memberId}.${about}` : null;
}

// Storage can be full, disabled or forbidden (private modes, sandboxed frames): a draft is then
// only as durable as the page, which is how it was before drafts were kept.
function read<T>(key: string | null): T | null {
  if (!key) return null;
  try {
    const text = window.sessionStorage.getItem(key);
    return text ? (JSON.parse(text) as T) : null;
  } catch {
    return null;
  }
}

function write(key: string, value: unknown): void {
  try {
    window.sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // see read()
  }
}

function remove(key: string): void {
  try {
    window.sessionStorage.removeItem(key);
  } catch {
    // see read()
  }
}
