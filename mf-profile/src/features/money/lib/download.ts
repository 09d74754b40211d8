/** Save `side`'s whole statement as a CSV file (made here in the browser; nothing is uploaded). */
import { fetchWholeStatement } from '../api/money';
import type { Side } from '../types';
import { csvName, statementCsv } from './csv';

/** Returns what was saved, as a person reads it: "need40-earnings-2026-11-26.csv (3 lines)". */
export async function downloadStatement(side: Side): Promise<string> {
  const lines = await fetchWholeStatement(side);
  const name = csvName(side, new Date());
  const url = URL.createObjectURL(new Blob([statementCsv(lines, side)], { type: 'text/csv;charset=utf-8' }));
  try {
    const a = document.createElement('a');
    a.href = url;
    a.download = name;
    document.body.appendChild(a);
    a.click();
    a.remove();
  } finally {
    // After the click the browser holds its own reference to the file.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
  return `${name} (${lines.length} ${lines.length === 1 ? 'line' : 'lines'})`;
}
