import type { InputHTMLAttributes } from 'react';
import { Field, type FieldProps } from './Field';

type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value' | 'onChange' | 'className' | 'children'>;

export interface TextFieldProps extends InputAttributes, Pick<FieldProps, 'id' | 'hint' | 'error' | 'required'> {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** A textarea of `rows` lines instead of an input. */
  multiline?: boolean;
  rows?: number;
  /** Extra class on the field's wrapper. */
  fieldClassName?: string;
}

/**
 * A labelled text input (or textarea) that reports its value as a string. `required` is both the
 * native attribute and aria-required (the forms use noValidate and show their own messages).
 * @example <TextField label="Email" type="email" value={email} onChange={setEmail} autoComplete="email" />
 */
export function TextField({ id, label, hint, error, required, multiline, rows = 5, fieldClassName, value, onChange, ...input }: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} className={fieldClassName}>
      {(control) =>
        multiline ? (
          <textarea {...control} required={required} rows={rows} placeholder={input.placeholder} value={value} onChange={(e) => onChange(e.target.value)} />
        ) : (
          <input {...input} {...control} required={required} value={value} onChange={(e) => onChange(e.target.value)} />
        )
      }
    </Field>
  );
}
