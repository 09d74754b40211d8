import type { ExperienceEntry } from '../lib/experience';
import styles from './ProfileView.module.css';

/** One experience entry as read: title at company, the dates, the description. */
export function ExperienceItem({ entry }: { entry: ExperienceEntry }) {
  const dates = [entry.startDate, entry.endDate].filter(Boolean).join(' – ');
  return (
    <div>
      <p className={styles.entryTitle}>
        {entry.title} <span className={styles.muted}>at</span> {entry.company}
      </p>
      {dates && <p className={styles.muted}>{dates}</p>}
      {entry.description && <p className={styles.entryBody}>{entry.description}</p>}
    </div>
  );
}
