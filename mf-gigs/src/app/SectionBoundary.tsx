import type { ReactNode } from 'react';
import { ErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { ui } from '@need40/ui';
import styles from './SectionBoundary.module.css';

interface Props {
  /** The section's anchor, kept by the fallback so the page's buttons still scroll to it. */
  id: string;
  title: string;
  children: ReactNode;
}

/**
 * Lets one part of the remote fail alone: when the grid or the post form throws while rendering,
 * its section shows what happened and a Retry (which renders it afresh) while the other part keeps
 * working. The remote's slot in the shell only sees crashes outside these sections.
 */
export function SectionBoundary({ id, title, children }: Props) {
  const headingId = `${id}-failed-title`;
  const fallback = ({ resetErrorBoundary }: FallbackProps) => (
    <section id={id} aria-labelledby={headingId} className={styles.section}>
      <h2 id={headingId} className={styles.heading}>
        {title}
      </h2>
      <div role="alert" className={styles.failed}>
        <p className={styles.title}>{title} stopped working.</p>
        <p>Try again. If it keeps failing, reload the page.</p>
      </div>
      <button type="button" className={ui.secondary} onClick={resetErrorBoundary}>
        Retry
      </button>
    </section>
  );
  return (
    <ErrorBoundary fallbackRender={fallback} onError={(error) => console.error(`[mf-gigs] ${title} crashed`, error)}>
      {children}
    </ErrorBoundary>
  );
}
