import { useState } from 'react';
import { avatarSrc } from '@need40/shared';
import { ui } from '@need40/ui';
import { removePhoto, savePhoto } from '../api/photo';
import { PhotoEditor } from './PhotoEditor';
import styles from './Photo.module.css';

interface Props {
  userId: string;
  name: string;
  avatarUrl: string | null;
  /** Only on the member's own profile: change or remove the photo. */
  editable: boolean;
  /** The stored avatar_url after a change (null: removed). */
  onChanged: (avatarUrl: string | null) => void;
}

/** The profile photo (or the name's initial) and, on one's own profile, Add / Change / Remove photo. */
export function ProfilePhoto({ userId, name, avatarUrl, editable, onChanged }: Props) {
  const [editing, setEditing] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const src = avatarSrc(avatarUrl, 96);

  if (editing) {
    return (
      <PhotoEditor
        onCancel={() => setEditing(false)}
        onSave={async (jpeg) => {
          onChanged(await savePhoto(userId, jpeg, avatarUrl));
          setEditing(false);
        }}
      />
    );
  }
  const remove = async () => {
    setError(null);
    try {
      await removePhoto(userId, avatarUrl);
      onChanged(null);
    } catch (err) {
      setError((err as Error).message);
    }
  };
  return (
    <div className={styles.photo}>
      {src ? (
        <img className={styles.avatar} src={src} alt={`Photo of ${name}`} width={96} height={96} />
      ) : (
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
      )}
      {editable && (
        <div className={styles.actions}>
          <button type="button" className={ui.secondary} onClick={() => setEditing(true)}>
            {src ? 'Change photo' : 'Add a photo'}
          </button>
          {src && (
            <button type="button" className={ui.linkButton} onClick={() => void remove()}>
              Remove photo
            </button>
          )}
        </div>
      )}
      {error && (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      )}
    </div>
  );
}
