import { useId } from 'react';
import ui from '../../../lib/ui.module.css';

interface TextFieldProps {
  label: string;
  value: string;
  onChange(value: string): void;
  type?: 'text' | 'email' | 'tel' | 'url' | 'number';
  multiline?: boolean;
  error?: string | undefined;
  placeholder?: string;
  autoComplete?: string;
  inputMode?: 'decimal' | 'numeric';
}

/** A labelled input (or textarea) with its error message tied to it for screen readers. */
export function TextField({ label, value, onChange, type = 'text', multiline, error, placeholder, autoComplete, inputMode }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const common = {
    id,
    className: ui.input,
    value,
    placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
  };
  return (
    <div>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      {multiline ? (
        <textarea {...common} rows={5} onChange={(e) => onChange(e.target.value)} />
      ) : (
        <input {...common} type={type} autoComplete={autoComplete} inputMode={inputMode} onChange={(e) => onChange(e.target.value)} />
      )}
      {error && (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
