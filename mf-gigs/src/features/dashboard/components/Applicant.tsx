import { formatMoney, memberName, ui } from '@need40/ui';
import { STATUS_LABELS } from '../../../lib/applications';
import { Avatar } from '../../../lib/Avatar';
import { formatDay } from '../../../lib/dates';
import { useNewestStatus } from '../../../lib/dealSlot';
import { ThreadSlot } from '../../../lib/messagesSlot';
import { profileHref } from '../../../lib/navigation';
import type { ApplicantRow } from '../api/dashboard';
import { ItemHead } from './ItemHead';
import styles from './Dashboard.module.css';
import { ApplicantDeal } from './payment/ApplicantDeal';
import { ChooseApplicant } from './ChooseApplicant';

interface Props {
  row: ApplicantRow;
  canChoose: boolean;
  busy: boolean;
  onChoose: (kind: 'accept' | 'decline', note?: string) => void;
  /** Bring this applicant into view with Accept focused (the dashboard opened at it). */
  focus?: boolean;
  /** Open this applicant's thread on arrival (a message's link); Accept is then not focused. */
  openThread?: boolean;
}

/**
 * One applicant: photo, name (to their public profile), message, proposed rate, start, status,
 * Accept / Decline (each asked once more). An application Need40 withdrew (the applicant's account
 * was suspended) carries the database's notice to the poster, shown as it is.
 */
export function Applicant({ row, canChoose, busy, onChoose, focus = false, openThread = false }: Props) {
  const name = memberName(row.worker);
  const start = formatDay(row.available_from);
  const [status, onStatus] = useNewestStatus(row.status);
  return (
    <li className={styles.item} aria-label={`Application from ${name}`}>
      <div className={styles.person}>
        <Avatar className={styles.avatar} url={row.worker?.avatar_url} name={name} px={40} />
        <ItemHead title={name} href={row.worker && profileHref(row.worker.id)} badge={STATUS_LABELS[status] ?? status} applicationStatus={status} />
      </div>
      {row.worker?.title && <p className={styles.meta}>{row.worker.title}</p>}
      <p className={ui.prose}>{row.message}</p>
      <p className={styles.meta}>
        Applied {formatDay(row.created_at)}
        {row.proposed_rate !== null && ` · proposes ${formatMoney(Number(row.proposed_rate))}/hr`}
        {start && ` · can start ${start}`}
      </p>
      <ApplicantDeal row={row} status={status} onStatus={onStatus} />
      <ThreadSlot applicationId={row.id} otherName={name} otherAvatarUrl={row.worker?.avatar_url} about={`with ${name}`} status={status} open={openThread} />
      {canChoose && status === 'applied' && <ChooseApplicant name={name} busy={busy} focus={focus && !openThread} onAccept={() => onChoose('accept')} onDecline={(note) => onChoose('decline', note)} />}
      {row.decline_note && <p className={ui.prose}>Your note: {row.decline_note}</p>}
      {status === 'withdrawn' && row.decline_notice && <p className={ui.muted}>{row.decline_notice}</p>}
    </li>
  );
}
