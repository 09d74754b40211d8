import { MESSAGES } from '@need40/shared';

export interface ProfileProps {
  userId: string;
  editable: boolean;
}

/** My Profile (mf-profile's exposed component). */
export default function Profile({ userId }: ProfileProps) {
  return <section aria-busy="true" data-user-id={userId}>{MESSAGES.loadingProfile}</section>;
}
