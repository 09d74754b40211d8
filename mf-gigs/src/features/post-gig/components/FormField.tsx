import type { ReactNode } from 'react';
import ui from '../../../lib/ui.module.css';

/** What a control needs to be labelled and to announce its hint and error. */
export interface ControlProps {
  id: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required': true;
}

interface Props {
  id: string;
  label: string;
  hint?: string;
  error?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/** A labelled form control with an optional hint and an error tied to it by aria-describedby. */
export function FormField({ id, label, hint, error, children }: Props) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={ui.field}>
      <label className={ui.label} htmlFor={id}>
        {label}
      </label>
      {children({ id, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy, 'aria-required': true })}
      {hint && (
        <p id={hintId} className={ui.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={ui.fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
