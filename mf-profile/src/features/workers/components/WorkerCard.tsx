import { avatarSrc, HREF } from '@need40/shared';
import { formatRate, ui } from '@need40/ui';
import { formatCompleted, formatRating } from '../../../lib/format';
import type { Worker } from '../types';
import styles from './FindWorkers.module.css';

/** One available member: name (to their public profile), title, rate, rating, gigs completed, skills. */
export function WorkerCard({ worker }: { worker: Worker }) {
  const photo = avatarSrc(worker.avatarUrl, 48);
  return (
    <li className={styles.card}>
      <div className={styles.head}>
        {photo ? (
          <img className={styles.avatar} src={photo} alt="" width={48} height={48} loading="lazy" />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {worker.name.charAt(0).toUpperCase()}
          </span>
        )}
        <div>
          <h2 className={styles.name}>
            <a className={ui.link} href={HREF.profile(worker.id)}>
              {worker.name}
            </a>
          </h2>
          {worker.title && <p className={styles.title}>{worker.title}</p>}
        </div>
        {worker.hourlyRate !== null && <p className={styles.rate}>{formatRate(worker.hourlyRate, 'hourly')}</p>}
      </div>
      <p className={ui.muted}>
        {worker.rating ? `Rated ${formatRating(worker.rating.average, worker.rating.count)}` : 'No reviews yet'} · {formatCompleted(worker.completedGigs)}
        {worker.hoursPerWeek !== null && ` · ${worker.hoursPerWeek} hours a week`}
      </p>
      {worker.skills.length > 0 && (
        <ul className={ui.chips} aria-label={`Skills of ${worker.name}`}>
          {worker.skills.slice(0, 12).map((s) => (
            <li key={s} className={ui.chip}>
              {s}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
