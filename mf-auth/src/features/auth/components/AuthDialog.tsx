import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { useModalFocus } from '../hooks/useModalFocus';
import styles from './AuthDialog.module.css';

interface Props {
  title: string;
  subtitle: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * The modal frame: a labelled dialog over a backdrop, with a Close button. Focus stays inside while
 * it is open and goes back to the opener afterwards; Escape and a click on the backdrop close it.
 */
export function AuthDialog({ title, subtitle, onClose, children }: Props) {
  const id = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  useModalFocus(dialogRef, onClose);

  useEffect(() => {
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, []);

  const onBackdrop = (event: MouseEvent<HTMLDivElement>) => {
    if (event.target === event.currentTarget) onClose();
  };

  return (
    <div className={styles.backdrop} onMouseDown={onBackdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-subtitle`}
        tabIndex={-1}
      >
        <button type="button" className={styles.close} aria-label="Close" onClick={onClose}>
          <span aria-hidden="true">×</span>
        </button>
        <h2 id={`${id}-title`} className={styles.title}>
          {title}
        </h2>
        <p id={`${id}-subtitle`} className={styles.subtitle}>
          {subtitle}
        </p>
        {children}
      </div>
    </div>
  );
}
