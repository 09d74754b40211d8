import { useState } from 'react';
import { HREF, moneyStepName } from '@need40/shared';
import { formatCents, ui } from '@need40/ui';
import { formatDay } from '../../../lib/format';
import { useStatement } from '../hooks/useStatement';
import { downloadStatement } from '../lib/download';
import { figureOf } from '../lib/lines';
import type { MoneyLine, Side } from '../types';
import styles from './Money.module.css';

const EMPTY: Record<Side, string> = {
  earnings: 'No earnings yet. When a poster approves your work, the money released to you shows here.',
  spending: 'No spending yet. What you pay for gigs on Need40 shows here.',
};

function Line({ line, side }: { line: MoneyLine; side: Side }) {
  const name = moneyStepName(line.kind, line.pending);
  return (
    <li>
      <span>{formatDay(line.createdAt)}</span>
      <span>
        {name}
        {line.gigTitle ? `: ${line.gigTitle}` : ''}
      </span>
      <span className={styles.amount}>{formatCents(figureOf(line, side))}</span>
      <a className={ui.link} href={HREF.receipt(String(line.id))}>
        Receipt<span className="visually-hidden"> no. {line.id}</span>
      </a>
    </li>
  );
}

/** A side's statement, newest first, page by page, with the whole of it as a CSV download. */
export function Statement({ side }: { side: Side }) {
  const { lines, busy, more, error, loadMore } = useStatement(side);
  const [exporting, setExporting] = useState(false);
  const [exported, setExported] = useState('');

  const exportCsv = async () => {
    if (exporting) return;
    setExporting(true);
    setExported('');
    try {
      setExported(`Downloaded ${await downloadStatement(side)}.`);
    } catch {
      setExported('The CSV file could not be made. Check your connection and try again.');
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {lines.length > 0 && (
        <ul className={styles.lines} aria-label={side === 'earnings' ? 'Earnings statement' : 'Spending statement'}>
          {lines.map((l) => (
            <Line key={l.id} line={l} side={side} />
          ))}
        </ul>
      )}
      {!busy && !error && !lines.length && <p className={ui.muted}>{EMPTY[side]}</p>}
      {busy && (
        <p role="status" className={ui.busy}>
          Loading your statement...
        </p>
      )}
      {error && (
        <p role="alert" className={ui.alert}>
          {error}
        </p>
      )}
      <div className={styles.actions}>
        {(more || error) && !busy && (
          <button type="button" className={ui.secondary} onClick={loadMore}>
            {error ? 'Try again' : 'Show older lines'}
          </button>
        )}
        {lines.length > 0 && (
          <button type="button" className={ui.secondary} onClick={() => void exportCsv()} aria-disabled={exporting || undefined}>
            {exporting ? 'Making the CSV file...' : `Download ${side} as CSV`}
          </button>
        )}
        <p role="status">{exported}</p>
      </div>
    </>
  );
}
