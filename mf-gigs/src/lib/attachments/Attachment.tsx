import { useEffect, useState } from 'react';
import { ui } from '@need40/ui';
import { attachmentUrl, type PartyBucket } from './attachments';
import styles from './Attachment.module.css';

const size = (bytes: number) => (bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);

/** A stored file as a message or a delivery note names it (their attachment_* columns). */
export interface AttachedFile {
  attachment_path?: string | null;
  attachment_name?: string | null;
  attachment_type?: string | null;
  attachment_size?: number | string | null;
}

/**
 * A message's or a delivery's file: an image shows a preview; every file has a download button.
 * Both go through signed URLs made when needed (the buckets are private to the two parties).
 */
export function Attachment({ file, bucket }: { file: AttachedFile; bucket?: PartyBucket }) {
  const path = file.attachment_path;
  const name = file.attachment_name || 'file';
  const isImage = !!file.attachment_type?.startsWith('image/');
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!path || !isImage) return;
    let live = true;
    attachmentUrl(path, { preview: true }, bucket).then((url) => live && setPreview(url), () => undefined);
    return () => {
      live = false;
    };
  }, [path, isImage, bucket]);
  if (!path) return null;
  const download = async () => {
    setError(null);
    try {
      window.location.assign(await attachmentUrl(path, { download: name }, bucket));
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className={styles.attachment}>
      {preview && <img className={styles.preview} src={preview} alt={`Preview of ${name}`} loading="lazy" />}
      <button type="button" className={ui.linkButton} onClick={() => void download()}>
        Download {name}
        {file.attachment_size != null && ` (${size(Number(file.attachment_size))})`}
      </button>
      {error && <p className={ui.fieldError}>{error}</p>}
    </div>
  );
}
