import { useState, type ReactNode } from 'react';
import { HREF, MESSAGES } from '@need40/shared';
import { ui } from '@need40/ui';
import { type Profile } from '../types';
import { updateProfile } from '../api/updateProfile';
import { useProfile } from '../hooks/useProfile';
import { ProfileEditor } from './ProfileEditor';
import { ProfileView } from './ProfileView';

interface ProfilePageProps {
  userId: string;
  editable: boolean;
  /** More of the member's own page, shown under the profile in view mode (e.g. email settings). */
  extras?: ReactNode;
  /** The photo in the profile's header, given the loaded profile and a way to replace it after a change. */
  photo?: (profile: Profile, replace: (profile: Profile) => void) => ReactNode;
}

/**
 * Loading → "Loading profile..."; a load failure → the error message in place of the profile,
 * with Retry; loaded → view mode, or edit mode after Edit Profile. Save Changes writes what changed
 * since the load and returns to view mode; a save failure keeps edit mode (the editor shows the error).
 */
export function ProfilePage({ userId, editable, extras, photo }: ProfilePageProps) {
  const { load, retry, replace } = useProfile(userId);
  const [editing, setEditing] = useState(false);

  if (load.status === 'loading') {
    return <p role="status">{MESSAGES.loadingProfile}</p>;
  }
  if (load.status === 'error') {
    return (
      <div role="alert" className={ui.alert}>
        <p>{load.message}</p>
        <button type="button" className={ui.secondary} onClick={retry}>
          Retry
        </button>
      </div>
    );
  }

  const loaded = load.profile;
  async function save(profile: Profile) {
    const saved = await updateProfile(userId, loaded, profile);
    replace(saved);
    setEditing(false);
  }

  if (editing && editable) {
    return <ProfileEditor profile={load.profile} onSave={save} onCancel={() => setEditing(false)} />;
  }
  return (
    <>
      <ProfileView
        profile={load.profile}
        photo={photo?.(load.profile, replace)}
        onEdit={editable ? () => setEditing(true) : undefined}
        publicHref={editable ? HREF.profile(userId) : undefined}
      />
      {extras}
    </>
  );
}
