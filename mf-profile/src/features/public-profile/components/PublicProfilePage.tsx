import type { ReactNode } from 'react';
import { getSupabase, useSession } from '@need40/shared';
import { ReportButton, ui } from '@need40/ui';
import { usePublicProfile } from '../hooks/usePublicProfile';
import type { PublicProfile } from '../types';
import { PublicProfileView } from './PublicProfileView';
import styles from './PublicProfile.module.css';

export const NOT_FOUND_TEXT = 'This member could not be found.';
export const LOADING_TEXT = 'Loading profile...';

/** Loading → the profile (with `actions` and Report for another signed-in member); an unknown id → a clear "not found" with a way home; a failure → Retry. */
export function PublicProfilePage({ profileId, actions }: { profileId: string; actions?: (profile: PublicProfile, viewerId: string) => ReactNode }) {
  const { load, retry } = usePublicProfile(profileId);
  const viewer = useSession((s) => s.user?.id ?? null);

  if (load.status === 'loading') return <p role="status">{LOADING_TEXT}</p>;
  if (load.status === 'not-found') {
    return (
      <div className={styles.state}>
        <h1 className={styles.stateTitle}>{NOT_FOUND_TEXT}</h1>
        <p>The link may be mistyped, or the member has left Need40.</p>
        <a className={ui.link} href="#home">
          Back to Need40 home
        </a>
      </div>
    );
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
  return (
    <>
      <PublicProfileView profile={load.profile} />
      {viewer && viewer !== profileId && actions?.(load.profile, viewer)}
      {viewer && viewer !== profileId && <ReportButton client={getSupabase()} kind="profile" targetId={profileId} what="this member" />}
    </>
  );
}
