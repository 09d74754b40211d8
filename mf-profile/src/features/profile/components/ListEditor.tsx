import { useId, useState, type KeyboardEvent } from 'react';
import { ui } from '@need40/ui';
import styles from './ProfileEditor.module.css';

interface ListEditorProps {
  /** Visible label of the group ("Skills"). */
  legend: string;
  /** Label of the text box ("Add a skill"). */
  inputLabel: string;
  /** Text of the add button ("Add Skill"). */
  addLabel: string;
  items: string[];
  onChange(items: string[]): void;
  placeholder?: string;
  type?: 'text' | 'url';
  /** Refuses an item with a message at the box, or returns the item to store (e.g. a normalised link). */
  check?: (value: string) => { ok: true; value: string } | { ok: false; message: string };
  /** A problem with the list as a whole (shown under it, e.g. links that must be removed). */
  error?: string | undefined;
}

/**
 * A list of short strings with add and remove. An item is added only if it is non-empty after
 * trimming (for skills: docs/product.md, rules) and not already in the list. Enter in the box adds, not saves.
 */
export function ListEditor({ legend, inputLabel, addLabel, items, onChange, placeholder, type = 'text', check, error }: ListEditorProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);

  function add() {
    const typed = text.trim();
    if (!typed) return;
    const checked = check ? check(typed) : { ok: true as const, value: typed };
    if (!checked.ok) {
      setRefusal(checked.message);
      return;
    }
    if (!items.includes(checked.value)) onChange([...items, checked.value]);
    setText('');
    setRefusal(null);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      event.preventDefault();
      add();
    }
  }

  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>{legend}</legend>
      {items.length > 0 && (
        <ul className={ui.chips}>
          {items.map((item) => (
            <li key={item} className={ui.chip}>
              <span>{item}</span>
              <button type="button" className={ui.small} aria-label={`Remove ${item}`} onClick={() => onChange(items.filter((i) => i !== item))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <label className={ui.label} htmlFor={id}>
        {inputLabel}
      </label>
      <div className={styles.addRow}>
        <input
          id={id}
          type={type}
          className={ui.input}
          value={text}
          placeholder={placeholder}
          aria-invalid={Boolean(refusal)}
          aria-describedby={refusal ? `${id}-error` : undefined}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className={ui.secondary} onClick={add}>
          {addLabel}
        </button>
      </div>
      {refusal && (
        <p id={`${id}-error`} className={ui.fieldError}>
          {refusal}
        </p>
      )}
      {error && <p className={ui.fieldError}>{error}</p>}
    </fieldset>
  );
}
