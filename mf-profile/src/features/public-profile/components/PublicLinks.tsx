import { SafeLink, ui } from '@need40/ui';
import { ViewSection } from '../../../components/ViewSection';
import type { PublicProfile } from '../types';

/** The links the member chose to publish (portfolio, LinkedIn, GitHub); nothing when there are none. */
export function PublicLinks({ profile }: { profile: PublicProfile }) {
  const { portfolio, linkedin, github } = profile;
  if (!portfolio.length && !linkedin && !github) return null;
  return (
    <ViewSection title="Links" level={2}>
      <ul className={ui.stack}>
        {portfolio.map((link) => (
          <li key={link}>
            <SafeLink href={link} />
          </li>
        ))}
        {linkedin && (
          <li>
            <SafeLink href={linkedin}>LinkedIn profile</SafeLink>
          </li>
        )}
        {github && (
          <li>
            <SafeLink href={github}>GitHub profile</SafeLink>
          </li>
        )}
      </ul>
    </ViewSection>
  );
}
