/**
 * What a tester sees while the QA override is on: which published versions this page runs instead
 * of the registry's, the override items that were refused and why, and a way to end it. Fixed at
 * the bottom of the window, so it moves nothing on the page. Renders nothing without an override.
 */
import { getReleaseState } from './release-state';
import { clearOverride } from './qa-override';
import styles from './QaBanner.module.css';

export function QaBanner() {
  const { override, refused } = getReleaseState();
  const active = Object.entries(override);
  if (!active.length && !refused.length) return null;
  return (
    <aside className={styles.banner} role="status" aria-label="QA override" data-testid="qa-override">
      <strong>QA override</strong>
      {active.length > 0 && (
        <span>
          {' '}
          This page runs {active.map(([remote, version]) => `${remote} ${version}`).join(', ')} instead of the released version{active.length > 1 ? 's' : ''}.
        </span>
      )}
      {refused.map(({ item, why }) => (
        <span key={item} className={styles.refused}>
          {' '}
          Ignored {item}: {why}.
        </span>
      ))}{' '}
      <button type="button" className={styles.end} onClick={clearOverride}>
        End override
      </button>
    </aside>
  );
}
