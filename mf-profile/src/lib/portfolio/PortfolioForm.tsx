import { useState, type FormEvent } from 'react';
import { TextField, ui } from '@need40/ui';
import { PORTFOLIO_FILE_MAX_BYTES, PORTFOLIO_FILE_TYPES, PORTFOLIO_TITLE_MAX } from './api';
import styles from './Portfolio.module.css';

export const FILE_RULE = 'Add an image (JPEG, PNG, WebP, GIF) or a PDF of at most 10 MB.';
export const LINK_RULE = 'Enter a web address starting with https:// or http://';
export const NEEDS_LINK_OR_FILE = 'Add a link, a file, or both.';

interface Props {
  onAdd: (item: { title: string; link: string | null; file: File | null }) => Promise<void>;
  onCancel: () => void;
}

/** A new portfolio item: a title, and a link, a file, or both; checked here and again by the database. */
export function PortfolioForm({ onAdd, onCancel }: Props) {
  const [title, setTitle] = useState('');
  const [link, setLink] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    const e: Record<string, string> = {};
    if (!title.trim()) e.title = 'Give the item a title';
    if (link.trim() && !/^https?:\/\/\S+$/i.test(link.trim())) e.link = LINK_RULE;
    if (file && (!PORTFOLIO_FILE_TYPES.includes(file.type) || file.size > PORTFOLIO_FILE_MAX_BYTES)) e.file = FILE_RULE;
    if (!link.trim() && !file && !e.link) e.link = NEEDS_LINK_OR_FILE;
    setErrors(e);
    if (Object.keys(e).length) return;
    setSaving(true);
    setFailure(null);
    try {
      await onAdd({ title: title.trim(), link: link.trim() || null, file });
    } catch (err) {
      setFailure((err as Error).message);
      setSaving(false);
    }
  };

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label="Add a portfolio item">
      <TextField label="Title" required value={title} maxLength={PORTFOLIO_TITLE_MAX} error={errors.title} onChange={setTitle} />
      <TextField label="Link" type="url" value={link} placeholder="https://" error={errors.link} onChange={setLink} />
      <label className={ui.label}>
        Image or PDF
        <input type="file" accept={PORTFOLIO_FILE_TYPES.join(',')} onChange={(e) => setFile(e.target.files?.[0] ?? null)} aria-invalid={errors.file ? true : undefined} />
      </label>
      {errors.file && <p className={ui.fieldError}>{errors.file}</p>}
      {failure && (
        <p role="alert" className={ui.alert}>
          {failure}
        </p>
      )}
      <div className={styles.actions}>
        <button type="submit" className={ui.primary} aria-disabled={saving}>
          {saving ? 'Adding...' : 'Add item'}
        </button>
        <button type="button" className={ui.secondary} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
