import { useId, type ReactNode } from 'react';
import ui from './ui.module.css';

/** What a control needs to be labelled, styled and to announce its hint and error. */
export interface ControlProps {
  id: string;
  className: string;
  'aria-invalid': boolean;
  'aria-describedby'?: string;
  'aria-required'?: true;
}

export interface FieldProps {
  /** The control's id; a generated one when left out. */
  id?: string;
  label: ReactNode;
  /** A short help text, announced with the control. */
  hint?: string | undefined;
  /** The control's error; marks it aria-invalid and is announced with it. */
  error?: string | undefined;
  /** Adds aria-required (the forms validate themselves, so no native `required`). */
  required?: boolean;
  /** Extra class on the wrapper (e.g. a grid span). */
  className?: string | undefined;
  children: (control: ControlProps) => ReactNode;
}

/**
 * A labelled form control with an optional hint and an error tied to it by aria-describedby.
 * @example <Field label="Title" error={errors.title}>{(p) => <input {...p} value={v} onChange={…} />}</Field>
 */
export function Field({ id, label, hint, error, required, className, children }: FieldProps) {
  const generated = useId();
  const controlId = id ?? generated;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  const control: ControlProps = { id: controlId, className: ui.input ?? '', 'aria-invalid': Boolean(error) };
  if (describedBy) control['aria-describedby'] = describedBy;
  if (required) control['aria-required'] = true;
  return (
    <div className={[ui.field, className].filter(Boolean).join(' ')}>
      <label className={ui.label} htmlFor={controlId}>
        {label}
      </label>
      {children(control)}
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
