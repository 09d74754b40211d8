import { formatMoney, memberName, ui } from '@need40/ui';
import { STATUS_LABELS } from '../../../lib/applications';
import { Avatar } from '../../../lib/Avatar';
import { formatDay } from '../../../lib/dates';
import { MessagesToggle } from '../../../lib/messages';
import { profileHref } from '../../../lib/navigation';
import type { ApplicantRow } from '../api/dashboard';
import { ItemHead } from './ItemHead';
import styles from './Dashboard.module.css';
import { ApplicantDeal } from './payment/ApplicantDeal';

interface Props {
  row: ApplicantRow;
  canChoose: boolean;
  busy: boolean;
  onChoose: (kind: 'accept' | 'decline') => void;
}

/** One applicant: photo, name (to their public profile), message, proposed rate, start, status, Accept / Decline. */
export function Applicant({ row, canChoose, busy, onChoose }: Props) {
  const name = memberName(row.worker);
  const start = formatDay(row.available_from);
  return (
    <li className={styles.item} aria-label={`Application from ${name}`}>
      <div className={styles.person}>
        <Avatar className={styles.avatar} url={row.worker?.avatar_url} name={name} px={40} />
        <ItemHead title={name} href={row.worker && profileHref(row.worker.id)} badge={STATUS_LABELS[row.status] ?? row.status} applicationStatus={row.status} />
      </div>
      {row.worker?.title && <p className={styles.meta}>{row.worker.title}</p>}
      <p className={ui.prose}>{row.message}</p>
      <p className={styles.meta}>
        Applied {formatDay(row.created_at)}
        {row.proposed_rate !== null && ` · proposes ${formatMoney(Number(row.proposed_rate))}/hr`}
        {start && ` · can start ${start}`}
      </p>
      <ApplicantDeal row={row} />
      <MessagesToggle applicationId={row.id} otherName={name} otherAvatarUrl={row.worker?.avatar_url} about={`with ${name}`} status={row.status} />
      {canChoose && row.status === 'applied' && (
        <div className={styles.row}>
          <button type="button" className={ui.primary} aria-disabled={busy} onClick={() => onChoose('accept')}>
            Accept<span className="visually-hidden"> {name}</span>
          </button>
          <button type="button" className={ui.secondary} aria-disabled={busy} onClick={() => onChoose('decline')}>
            Decline<span className="visually-hidden"> {name}</span>
          </button>
        </div>
      )}
    </li>
  );
}
