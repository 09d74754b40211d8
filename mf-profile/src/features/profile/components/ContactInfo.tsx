import type { Profile } from '../types';
import { SafeLink } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import styles from '../../../components/ProfileView.module.css';

const NOT_SET = 'Not added yet';

/** Contact Information: email, phone, LinkedIn and GitHub, links made safe. */
export function ContactInfo({ contact }: { contact: Profile['contactInfo'] }) {
  return (
    <ViewSection title="Contact Information">
      <dl className={styles.pairs}>
        <dt>Email</dt>
        <dd>{contact.email ? <SafeLink href={`mailto:${contact.email}`}>{contact.email}</SafeLink> : NOT_SET}</dd>
        <dt>Phone</dt>
        <dd>{contact.phone || NOT_SET}</dd>
        <dt>LinkedIn</dt>
        <dd>{contact.linkedin ? <SafeLink href={contact.linkedin}>LinkedIn profile</SafeLink> : NOT_SET}</dd>
        <dt>GitHub</dt>
        <dd>{contact.github ? <SafeLink href={contact.github}>GitHub profile</SafeLink> : NOT_SET}</dd>
      </dl>
    </ViewSection>
  );
}
