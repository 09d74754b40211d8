/**
 * One operator action on the record in view: a button opening a dialog that asks for what the SQL
 * function needs (always a reason, sometimes more), then calls it (src/data/rpc.ts) and refreshes
 * the screen. The database checks the role and writes the audit row; the dialog only collects.
 */
import { useState, type FormEvent } from 'react';
import { Button, useNotify, useRecordContext, useRefresh, type RaRecord } from 'react-admin';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import MuiButton from '@mui/material/Button';
import { callOperator, type OperatorFunction } from '../data/rpc';

export interface ActionField {
  name: string;
  label: string;
  required?: boolean;
  type?: 'text' | 'number';
  multiline?: boolean;
  helperText?: string;
}

export interface ActionButtonProps {
  label: string;
  fn: OperatorFunction;
  /** What the dialog asks; defaults to one required "Reason". */
  fields?: ActionField[];
  /** The function's arguments from the record and the dialog's values. */
  args: (record: RaRecord, values: Record<string, string>) => Record<string, unknown>;
  /** Shown under the title: what will happen. */
  description?: string;
  done?: string;
}

export const REASON: ActionField = { name: 'reason', label: 'Reason', required: true, multiline: true };

export function ActionButton({ label, fn, fields = [REASON], args, description, done = 'Done.' }: ActionButtonProps) {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!record) return null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const values = Object.fromEntries(new FormData(event.currentTarget).entries()) as Record<string, string>;
    setBusy(true);
    setError(null);
    try {
      await callOperator(fn, args(record, values));
      setOpen(false);
      notify(done, { type: 'success' });
      refresh();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };

  const titleId = `${fn}-${String(record.id)}-title`;
  return (
    <>
      <Button
        label={label}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      />
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby={titleId} onClick={(e) => e.stopPropagation()}>
        <form onSubmit={(e) => void submit(e)}>
          <DialogTitle id={titleId}>{label}</DialogTitle>
          <DialogContent>
            {description && <p>{description}</p>}
            {fields.map((f, i) => (
              <TextField
                key={f.name}
                name={f.name}
                label={f.label}
                required={f.required}
                type={f.type ?? 'text'}
                multiline={f.multiline}
                helperText={f.helperText}
                autoFocus={i === 0}
                fullWidth
                margin="dense"
                slotProps={f.type === 'number' ? { htmlInput: { step: 'any', min: 0 } } : undefined}
              />
            ))}
            {error && (
              <p role="alert" style={{ color: '#b00020' }}>
                {error}
              </p>
            )}
          </DialogContent>
          <DialogActions>
            <MuiButton onClick={() => setOpen(false)}>Cancel</MuiButton>
            <MuiButton type="submit" variant="contained" disabled={busy}>
              {label}
            </MuiButton>
          </DialogActions>
        </form>
      </Dialog>
    </>
  );
}
