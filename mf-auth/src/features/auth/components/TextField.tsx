import { useId, type InputHTMLAttributes } from 'react';
import ui from '../../../lib/ui.module.css';

interface Props extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'onChange'> {
  label: string;
  /** A short help text, announced with the field. */
  hint?: string;
  value: string;
  onChange: (value: string) => void;
}

/** A labelled input of the auth forms. */
export function TextField({ label, hint, value, onChange, ...input }: Props) {
  const id = useId();
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      <input
        {...input}
        id={id}
        className={ui.input}
        value={value}
        aria-describedby={hintId}
        onChange={(e) => onChange(e.target.value)}
      />
      {hint && (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      )}
    </div>
  );
}
