import { useId, type ReactNode } from 'react';
import styles from './ProfileView.module.css';

interface ViewSectionProps {
  title: string;
  children: ReactNode;
  /** Heading level: 3 under My Profile's name, 2 on a public profile whose name is the h1. */
  level?: 2 | 3;
}

/** A titled part of a profile view. */
export function ViewSection({ title, children, level = 3 }: ViewSectionProps) {
  const id = useId();
  const Heading = level === 2 ? 'h2' : 'h3';
  return (
    <section className={styles.section} aria-labelledby={id}>
      <Heading id={id} className={styles.sectionTitle}>
        {title}
      </Heading>
      {children}
    </section>
  );
}
