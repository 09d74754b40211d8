import { Field, type FieldProps } from './Field';

export interface SelectOption<V extends string> {
  value: V;
  label: string;
}

export interface SelectFieldProps<V extends string> extends Pick<FieldProps, 'id' | 'hint' | 'error' | 'required'> {
  label: string;
  value: V | '';
  options: readonly SelectOption<V>[];
  /** A first option with the value "" (e.g. "Any", "Choose a location"). */
  emptyLabel?: string;
  onChange: (value: V | '') => void;
  fieldClassName?: string;
}

/**
 * A labelled select over a fixed list of options.
 * @example <SelectField label="Location" value={loc} options={[{ value: 'remote', label: 'Remote' }]} emptyLabel="Any" onChange={setLoc} />
 */
export function SelectField<V extends string>({ id, label, hint, error, required, value, options, emptyLabel, onChange, fieldClassName }: SelectFieldProps<V>) {
  return (
    <Field id={id} label={label} hint={hint} error={error} required={required} className={fieldClassName}>
      {(control) => (
        <select {...control} value={value} onChange={(e) => onChange(e.target.value as V | '')}>
          {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
