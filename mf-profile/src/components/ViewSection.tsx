import { useId, type ReactNode } from 'react';
import styles from './ProfileView.module.css';

interface ViewSectionProps {
  title: string;
  children: ReactNode;
  /** Heading level: 3 under My Profile's name, 2 on a public profile whose name is the h1, 4 inside a level-3 part. */
  level?: 2 | 3 | 4;
}

/** A titled part of a profile view. */
export function ViewSection({ title, children, level = 3 }: ViewSectionProps) {
  const id = useId();
  const Heading = (['h2', 'h3', 'h4'] as const)[level - 2]!;
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Heading id={id} className={styles.sectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
