import { useId, type ReactNode } from 'react';
import styles from './ProfileView.module.css';

/** A titled part of the profile view. */
export function ViewSection({ title, children }: { title: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h3 id={id} className={styles.sectionTitle}>
        {title}
      </h3>
      {children}
    </section>
  );
}
