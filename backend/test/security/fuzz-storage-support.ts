/** What fuzz-storage.test.ts needs beyond fuzz-support.ts: its callers' tokens and the victim's rows. */
import type { TestBackend } from '../harness';
import { forgedTokens } from './helpers';

export * from './fuzz-support';

/** The attacker's token, the anon key, no token (null) and every forged token. */
export async function forgedOrNot(be: TestBackend, attacker: string, victim: { id: string }): Promise<(string | null)[]> {
  const forged = await forgedTokens(be, attacker, victim);
  return [attacker, attacker, attacker, be.config.ANON_KEY, null, ...Object.values(forged.bearer)];
}

/** The victim's object rows, as text. */
export async function rowsDigestOf(be: TestBackend, victimId: string): Promise<string> {
  const { rows } = await be.db.transaction((tx) => tx.query<{ h: string }>(`select md5(coalesce(string_agg(row(o.*)::text, '|' order by o.id), '')) as h from storage.objects o where owner = $1`, [victimId]));
  return rows[0]!.h;
}
