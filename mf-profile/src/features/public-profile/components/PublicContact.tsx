import { SafeLink } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import styles from '../../../components/ProfileView.module.css';
import type { PublicProfile } from '../types';

/**
 * Email and phone, only when the database granted them (the viewer shares an accepted application
 * with this member, or it is their own profile). Otherwise nothing at all — not even a hint.
 */
export function PublicContact({ contact }: { contact: PublicProfile['contact'] }) {
  if (!contact) return null;
  return (
    <ViewSection title="Contact details" level={2}>
      <dl className={styles.pairs}>
        {contact.email && (
          <>
            <dt>Email</dt>
            <dd>
              <SafeLink href={`mailto:${contact.email}`}>{contact.email}</SafeLink>
            </dd>
          </>
        )}
        {contact.phone && (
          <>
            <dt>Phone</dt>
            <dd>{contact.phone}</dd>
          </>
        )}
      </dl>
    </ViewSection>
  );
}
