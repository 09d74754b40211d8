import { useEffect, useState } from 'react';
import { ui } from '@need40/ui';
import type { Message } from './api';
import { attachmentUrl } from './attachments';
import styles from './Messages.module.css';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/**
 * A message's file: an image shows a preview; every file has a download button. Both go through
 * signed URLs made when needed (the bucket is private to the two parties).
 */
export function Attachment({ message }: { message: Message }) {
  const path = message.attachment_path;
  const name = message.attachment_name || 'file';
  const isImage = !!message.attachment_type?.startsWith('image/');
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!path || !isImage) return;
    let live = true;
    attachmentUrl(path, { preview: true }).then((url) => live && setPreview(url), () => undefined);
    return () => {
      live = false;
    };
  }, [path, isImage]);
  if (!path) return null;
  const download = async () => {
    setError(null);
    try {
      window.location.assign(await attachmentUrl(path, { download: name }));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className={styles.attachment}>
      {preview && <img className={styles.preview} src={preview} alt={`Preview of ${name}`} loading="lazy" />}
      <button type="button" className={ui.linkButton} onClick={() => void download()}>
        Download {name}
        {message.attachment_size != null && ` (${size(Number(message.attachment_size))})`}
      </button>
      {error && <p className={ui.fieldError}>{error}</p>}
    </div>
  );
}
